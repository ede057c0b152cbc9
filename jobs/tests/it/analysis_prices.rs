//! Which closes price a company, on the real snapshot: the OHLCV files' closes as traded
//! (adjusted for splits only) price market values and ratios where they exist, the daily
//! file's dividend-adjusted closes grow the $1000, the page and the provenance say which is
//! which, and an insider share the adjustment alone could produce is never shown.

use chrono::NaiveDate;
use jobs::{
    analysis::{AnalysisRecord, price_basis::ACTUAL_PRICE_SOURCE},
    market_data::parse_price_csv,
};

use crate::analysis_common as common;

/// The day the OHLCV files end: the as-of day of these analyses.
fn ohlcv_end() -> NaiveDate {
    "2023-06-29".parse().unwrap()
}

/// A past day's record as the quarter's history job makes it: nothing dated after the day.
async fn record_on(symbol: &str, cik: u64, as_of: NaiveDate) -> AnalysisRecord {
    let inputs = jobs::trends::as_of::as_of_inputs(common::load(symbol, cik).await, as_of);
    jobs::analysis::analyze(&inputs, as_of).expect("record")
}

fn close_in(file: &str, day: NaiveDate) -> f64 {
    let bytes = std::fs::read(common::market_data().join(file)).expect("price file");
    parse_price_csv(&bytes)
        .expect("csv")
        .into_iter()
        .find(|p| p.date == day)
        .unwrap_or_else(|| panic!("{file} has {day}"))
        .close
}

fn market(record: &AnalysisRecord, label: &str) -> (f64, String) {
    let m = record
        .market_value_sources
        .market
        .iter()
        .find(|m| m.label == label)
        .unwrap_or_else(|| panic!("{label} in {:?}", record.market_value_sources.market));
    (m.value, m.source.clone())
}

#[tokio::test]
async fn jpmorgan_is_valued_at_the_close_it_traded_at_and_the_1000_keeps_its_dividends() {
    let as_of = ohlcv_end();
    let r = record_on("JPM", 19617, as_of).await;
    let day = ohlcv_end();
    let traded = close_in("prices/ohlcv-2018-2023/JPM.csv", day);
    let adjusted = close_in("prices/daily/JPM.csv", day);
    assert!((traded - 143.43).abs() < 0.01 && (adjusted - 133.35).abs() < 0.01);
    // Today's price and the market value of today's point: the traded close.
    let range = r.price_range.as_ref().expect("range");
    assert_eq!(range.today, traded);
    let (price, source) = market(&r, "Price 2023-06-29");
    assert_eq!((price, source.as_str()), (traded, ACTUAL_PRICE_SOURCE));
    let (grown, grown_source) = market(&r, "Price 2023-06-29 with dividends reinvested");
    assert_eq!(grown, adjusted);
    assert!(grown_source.contains("dividends"), "{grown_source}");
    let today = r.market_value.last().expect("points");
    let shares = today.market_value.expect("value") / traded;
    assert!(shares > 2.5e9 && shares < 3.5e9, "{shares}");
    // What $1000 became: the adjusted closes at both ends (dividends reinvested), not the
    // traded close over an adjusted one.
    let start = r.market_value.first().expect("start");
    let first = close_in("prices/ohlcv-2018-2023/JPM.csv", start.date);
    assert!(
        (today.investment_k - traded / first).abs() > 0.01,
        "the $1000 is not the price change alone"
    );
    // Q7's market value today is the traded close times the count.
    let q7 = &r.questions[6].sources;
    let cap = q7.value_of("Market value today").expect("Q7 market value");
    assert!((cap / traded - shares).abs() < 1.0, "{cap}");
    assert!(
        r.price_note.contains("actually traded at"),
        "{}",
        r.price_note
    );
}

#[tokio::test]
async fn nvidias_traded_closes_are_restated_across_the_split_the_file_predates() {
    // The OHLCV file is on NVIDIA's basis before its 2024 10-for-1 (408.22 on 2023-06-29);
    // the daily file is on today's. The market value stays about $1T, not $10T.
    let r = record_on("NVDA", 1045810, ohlcv_end()).await;
    let traded = close_in("prices/ohlcv-2018-2023/NVDA.csv", ohlcv_end());
    let (price, source) = market(&r, "Price 2023-06-29");
    assert!((price - traded / 10.0).abs() < 1e-6, "{price}");
    assert_eq!(source, ACTUAL_PRICE_SOURCE);
    let value = r
        .market_value
        .last()
        .and_then(|p| p.market_value)
        .expect("value");
    assert!(value > 0.8e12 && value < 1.3e12, "{value}");
    assert!(r.data_faults.is_empty(), "{:?}", r.data_faults);
}

#[tokio::test]
async fn with_only_adjusted_closes_the_page_and_the_provenance_say_so() {
    let r = common::record("AAPL", 320193, common::snapshot_day()).await;
    assert!(
        r.price_note.contains("adjusted for splits and dividends"),
        "{}",
        r.price_note
    );
    let (_, source) = market(&r, "Price 2026-08-18");
    assert!(source.contains("dividends"), "{source}");
}

#[tokio::test]
async fn an_insider_share_the_dividend_adjustment_could_make_is_never_shown() {
    // PepsiCo's 10-K cover float is larger than the market value from adjusted closes on its
    // date: no "insiders own about 0.0%", the reason instead.
    let pep = common::record("PEP", 77476, common::snapshot_day()).await;
    let q11 = &pep.questions[10];
    assert_eq!(q11.score, None, "{}", q11.comment);
    assert!(
        q11.comment.contains("bigger than the market value")
            && q11.comment.contains("adjusted for dividends"),
        "{}",
        q11.comment
    );
    for (ticker, cik) in [("AAPL", 320193), ("WM", 823768), ("PEP", 77476)] {
        let r = common::record(ticker, cik, common::snapshot_day()).await;
        let q11 = &r.questions[10].comment;
        assert!(!q11.contains("about 0.0%"), "{ticker}: {q11}");
    }
}
