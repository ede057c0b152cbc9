//! The bulk editor's notes parser on arbitrary text: never panics, and what it parses is
//! consistent (only known labels, no empty field, the date on one line).
#![no_main]

use askbubba_fuzz::tenk::bulk::{BulkParse, parse_bulk};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    match parse_bulk(&text) {
        BulkParse::Empty => assert!(text.trim().is_empty()),
        BulkParse::Parsed { fields, warning } => {
            assert!(fields.len() <= 15);
            assert!(fields.values().all(|v| !v.is_empty()));
            if let Some(date) = fields.get("10K Date") {
                assert!(!date.contains('\n'));
            }
            assert_eq!(warning.is_none(), fields.len() == 15);
        }
    }
});
