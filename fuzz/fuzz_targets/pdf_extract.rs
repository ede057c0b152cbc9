//! Any bytes into the PDF extractor (in process, so a panic or a runaway allocation shows
//! up as a finding; the worker itself runs it in a limited child process).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let _ = askbubba_fuzz::documents::pdf::pdf_to_text(data);
});
