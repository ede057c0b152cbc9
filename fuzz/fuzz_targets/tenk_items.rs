//! The 10-K Item splitter (and the HTML-to-text it reads) on arbitrary input: never panics,
//! and the Items it finds are known ones, in order, each once.
#![no_main]

use askbubba_fuzz::{
    documents::html::html_to_text,
    tenk::items::{ITEM_IDS, split_items},
};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let raw = String::from_utf8_lossy(data);
    // Half the inputs as HTML, half as extracted text, by the first byte.
    let text = if data.first().is_some_and(|b| b % 2 == 0) {
        html_to_text(&raw)
    } else {
        raw.into_owned()
    };
    if let Ok(items) = split_items(&text) {
        let order: Vec<usize> = items
            .items
            .iter()
            .map(|i| ITEM_IDS.iter().position(|id| *id == i.id).expect("a known Item"))
            .collect();
        assert!(order.windows(2).all(|w| w[0] < w[1]), "Items in order, each once");
    }
});
