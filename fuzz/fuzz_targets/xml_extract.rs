//! Any text into the XML extractor: it must answer text or a reason, never panic, and stay
//! within its entity-expansion bound.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    if let Ok(out) = askbubba_fuzz::documents::xml::xml_to_text(&text) {
        assert!(out.len() <= askbubba_fuzz::documents::MAX_TEXT_BYTES + 4096);
    }
});
