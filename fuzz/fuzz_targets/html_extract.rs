//! Any text into the HTML extractor, and any bytes through the type sniffer.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let _ = askbubba_fuzz::documents::sniff(data);
    let text = String::from_utf8_lossy(data);
    let out = askbubba_fuzz::documents::html::html_to_text(&text);
    // The chunker takes whatever the extractors give.
    let _ = askbubba_fuzz::documents::chunk::chunks(&out);
});
