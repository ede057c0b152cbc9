//! Loads real analysis inputs from the market-data snapshot through the snapshot sources.

use std::path::PathBuf;

use chrono::NaiveDate;
use jobs::{
    analysis::{AnalysisRecord, analyze},
    market_data::AnalysisInputs,
    sources::{MarketSources, Snapshot},
};

/// `MARKET_DATA_DIR`, or the shared snapshot next to the repository.
pub fn market_data() -> PathBuf {
    jobs::testing::market_data_dir()
}

/// The date the snapshot's prices end: the as-of date of most tests.
pub fn snapshot_day() -> NaiveDate {
    NaiveDate::from_ymd_opt(2026, 8, 18).expect("date")
}

/// All inputs for one company, as the job handler gathers them.
pub async fn load(symbol: &str, cik: u64) -> AnalysisInputs {
    let sources = MarketSources::snapshot(Snapshot::new(market_data()));
    sources
        .gather(symbol, cik)
        .await
        .unwrap_or_else(|err| panic!("{symbol}: {err}"))
}

/// Loads and analyses one company.
pub async fn record(symbol: &str, cik: u64, as_of: NaiveDate) -> AnalysisRecord {
    analyze(&load(symbol, cik).await, as_of).unwrap_or_else(|err| panic!("{symbol}: {err}"))
}

/// The snapshot companies with US GAAP company facts: (ticker, CIK).
pub const COMPANIES: &[(&str, u64)] = &[
    ("AAPL", 320193),
    ("NVDA", 1045810),
    ("GOOGL", 1652044),
    ("SNOW", 1640147),
    ("TSLA", 1318605),
    ("JPM", 19617),
    ("MSFT", 789019),
    ("AMZN", 1018724),
    ("META", 1326801),
    ("O", 726728),
    ("WMT", 104169),
];
