//! The 10-K Item splitter and HTML-to-text on real 10-Ks from the snapshot: Amazon, Walmart
//! (a table of contents that repeats every heading), Wells Fargo (Items incorporated by
//! reference to the annual report exhibit) and Apple (SEC archives, inline XBRL).

use jobs::{
    documents::html::html_to_text,
    sources::snapshot::gunzip,
    tenk::{
        fiscal_year_end,
        items::{ITEM_IDS, TenKItems, split_items},
    },
    testing::market_data_dir,
};

/// The text of a gzipped 10-K under the snapshot.
pub fn ten_k_text(relative: &str) -> String {
    let bytes = std::fs::read(market_data_dir().join(relative)).expect(relative);
    let html = gunzip(&bytes).expect("gzip");
    html_to_text(&String::from_utf8_lossy(&html))
}

pub const AAPL: &str = "sec/archives/320193/000032019324000123/aapl-20240928.htm.gz";
const AMZN: &str = "documents/10-K/amzn-10-k-2025-02-07.html.gz";
const WMT: &str = "documents/10-K/wmt-10-k-2025-03-14.html.gz";
const WFC: &str = "documents/10-K/wfc-10-k-2025-02-25.html.gz";

fn ids(items: &TenKItems) -> Vec<&str> {
    items.items.iter().map(|i| i.id).collect()
}

fn body(items: &TenKItems, id: &str) -> String {
    items
        .get(id)
        .unwrap_or_else(|| panic!("Item {id}"))
        .text
        .clone()
}

#[test]
fn tenk_amazon_every_item_from_the_body_not_the_contents() {
    let text = ten_k_text(AMZN);
    assert!(!text.contains("dei:"), "the hidden XBRL header is dropped");
    let items = split_items(&text).unwrap();
    assert_eq!(ids(&items), ITEM_IDS, "all 23 Items, in order");
    let business = body(&items, "1");
    assert!(
        business.contains("We seek to be Earth’s most customer-centric company."),
        "{}",
        business.chars().take(300).collect::<String>()
    );
    assert!(
        body(&items, "1A")
            .contains("Please carefully consider the following discussion of significant factors")
    );
    let mdna = body(&items, "7");
    assert!(
        mdna.len() > 40_000,
        "MD&A is long, not a contents line: {}",
        mdna.len()
    );
    let last = mdna.lines().last().unwrap_or_default();
    assert!(
        last.contains("no additional business acquisitions, restructurings, or legal settlements"),
        "it runs to Item 7A: {last:?}"
    );
    assert!(
        body(&items, "3").contains("Note 7"),
        "Item 3 points to the legal note"
    );
    assert_eq!(items.get("1A").unwrap().incorporated_by_reference, None);
}

#[test]
fn tenk_walmart_skips_its_table_of_contents() {
    let items = split_items(&ten_k_text(WMT)).unwrap();
    assert_eq!(ids(&items), ITEM_IDS);
    assert_eq!(items.get("1").unwrap().heading, "ITEM 1. BUSINESS");
    assert!(body(&items, "1").contains("Walmart Inc. (\"Walmart,\" the \"Company\" or \"we\") is a people-led, technology-powered omni-channel retailer"));
    assert!(body(&items, "3").contains(
        "The Company is involved in legal proceedings arising in the normal course of its business"
    ));
}

#[test]
fn tenk_wells_fargo_says_where_incorporated_items_really_are() {
    let items = split_items(&ten_k_text(WFC)).unwrap();
    assert_eq!(ids(&items), ITEM_IDS);
    let risk = items.get("1A").unwrap();
    assert_eq!(
        risk.incorporated_by_reference.as_deref(),
        Some(
            "Information in response to this Item 1A can be found in this report under Item 1 and in the 2024 Annual Report to Shareholders under “Financial Review – Risk Factors.” That information is incorporated into this item by reference."
        )
    );
    for id in ["1C", "3", "7", "7A", "8", "9A"] {
        let item = items.get(id).unwrap();
        let at = item
            .incorporated_by_reference
            .as_deref()
            .unwrap_or_else(|| panic!("Item {id}"));
        assert!(
            at.contains("2024 Annual Report to Shareholders"),
            "Item {id}: {at}"
        );
    }
    // Item 1 is printed in the 10-K itself (its last line points elsewhere for more).
    let business = items.get("1").unwrap();
    assert_eq!(business.incorporated_by_reference, None);
    assert!(
        business
            .text
            .contains("we had assets of approximately $1.9 trillion")
    );
}

#[test]
fn tenk_apple_inline_xbrl_splits_and_dates() {
    let text = ten_k_text(AAPL);
    assert_eq!(
        fiscal_year_end(&text).map(|d| d.to_string()).as_deref(),
        Some("2024-09-28")
    );
    let items = split_items(&text).unwrap();
    assert_eq!(ids(&items), ITEM_IDS);
    assert!(body(&items, "1").starts_with(
        "Company Background\nThe Company designs, manufactures and markets smartphones"
    ));
    assert!(body(&items, "3").contains("Digital Markets Act Investigations"));
    assert!(body(&items, "7").contains("Total net sales"));
}

#[test]
fn tenk_non_10k_text_gets_a_reason() {
    let err = split_items("Dear shareholders,\nWhat a year it was.\nItem 1. Thanks").unwrap_err();
    assert!(
        err.to_string().contains("does not look like a 10-K"),
        "{err}"
    );
}

mod never_panics {
    use jobs::tenk::{
        bulk::{BulkParse, parse_bulk},
        extract::sentences,
        writer::offline_draft,
    };
    use proptest::prelude::*;

    use super::*;

    /// Lines that look like 10-K headings, prose, junk and editor headers, in any mix.
    fn tenk_like() -> impl Strategy<Value = String> {
        let line = prop_oneof![
            "(Item|ITEM|item) ?[0-9]{1,3} ?[A-Da-d]?[.:]? ?[A-Za-z ]{0,20}",
            "[A-Z][a-z]{2,8}( [a-z]{2,8}){6,14}\\. ",
            "## ?[A-Za-z0-9 ]{0,20}",
            "[0-9$%(),. ]{1,20}",
            "\\PC{0,40}",
        ];
        proptest::collection::vec(line, 0..40).prop_map(|lines| lines.join("\n"))
    }

    proptest! {
        #[test]
        fn tenk_splitting_and_drafting_any_text(text in tenk_like()) {
            if let Ok(items) = split_items(&text) {
                let order: Vec<usize> = items.items.iter()
                    .map(|i| ITEM_IDS.iter().position(|id| *id == i.id).unwrap())
                    .collect();
                prop_assert!(order.windows(2).all(|w| w[0] < w[1]));
                let draft = offline_draft("X", &items, None);
                let BulkParse::Parsed { fields, .. } = parse_bulk(&draft.to_bulk_text()) else {
                    panic!("a draft is never empty")
                };
                prop_assert_eq!(fields.len(), 14, "every section says something");
            }
            let _ = sentences(&text);
            let chunks = jobs::documents::chunk::chunks(&text);
            prop_assert!(chunks.iter().all(|c| !c.is_empty() && c.chars().count() <= 2_000));
            let _ = html_to_text(&text);
            let _ = fiscal_year_end(&text);
        }
    }
}
