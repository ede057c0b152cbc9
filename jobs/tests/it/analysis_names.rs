//! Names from SEC's ticker list in readable form, the legal name kept for the provenance:
//! Deere is not its Canadian funding subsidiary, Bank of America is not "BofA Finance LLC",
//! and SEC's capitals do not shout.

use jobs::{
    analysis::{analyze, names::readable},
    sources::tickers::read_snapshot,
};

use crate::analysis_common as common;

/// SEC's name for `ticker` in the snapshot's ticker list.
fn listed(ticker: &str) -> String {
    read_snapshot(&common::market_data())
        .expect("ticker list")
        .into_iter()
        .find(|e| e.ticker == ticker)
        .unwrap_or_else(|| panic!("{ticker} listed"))
        .name
}

#[tokio::test]
async fn deere_is_named_from_the_ticker_list_not_its_facts_file() {
    let mut inputs = common::load("DE", 315189).await;
    assert_eq!(
        inputs.company_facts.entity_name,
        "DEERE FUNDING CANADA Corp"
    );
    inputs.listed_name = Some(listed("DE"));
    let r = analyze(&inputs, common::snapshot_day()).expect("record");
    assert_eq!(r.company_name, "Deere & Co");
    assert_eq!(r.legal_name, "DEERE & CO");
    // The plain-text result says the same.
    assert!(jobs::analysis::text_format::to_text(&r).contains("Company: Deere & Co\n"));
}

#[tokio::test]
async fn sec_capitals_read_plainly_and_the_filers_spelling_wins() {
    // Bank of America has no facts file in the snapshot; its list name is SEC's.
    assert_eq!(listed("BAC"), "BANK OF AMERICA CORP /DE/");
    assert_eq!(
        readable(&listed("BAC"), Some("BAC"), None),
        "Bank of America Corp"
    );
    assert_eq!(
        readable(&listed("PGR"), Some("PGR"), None),
        "Progressive Corp"
    );
    // Microsoft: SEC's "MICROSOFT CORP" (submissions and list) reads "Microsoft Corp".
    let mut msft = common::load("MSFT", 789019).await;
    msft.listed_name = Some(listed("MSFT"));
    let r = analyze(&msft, common::snapshot_day()).expect("record");
    assert_eq!(
        (r.company_name.as_str(), r.legal_name.as_str()),
        ("Microsoft Corp", "MICROSOFT CORP")
    );
    // JPMorgan spells itself "JPMorgan Chase & Co" in its facts file.
    let mut jpm = common::load("JPM", 19617).await;
    jpm.listed_name = Some(listed("JPM"));
    let r = analyze(&jpm, common::snapshot_day()).expect("record");
    assert_eq!(r.company_name, "JPMorgan Chase & Co");
    assert_eq!(r.legal_name, "JPMORGAN CHASE & CO");
}
