//! Loads real analysis inputs from the market-data snapshot through the snapshot sources.

#![allow(dead_code)]

use std::path::PathBuf;

use chrono::NaiveDate;
use jobs::{
    analysis::{AnalysisInputs, AnalysisRecord, analyze},
    sources::{
        Snapshot, SourceError, company_facts::CompanyFactsSource, ownership::OwnershipSource,
        prices::PriceSource, short_interest::ShortInterestSource, submissions::SubmissionsSource,
        treasury::TreasurySource,
    },
};

/// `MARKET_DATA_DIR`, or the shared snapshot next to the repository.
pub fn market_data() -> PathBuf {
    std::env::var("MARKET_DATA_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|_| {
            PathBuf::from(concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/../../shared/market-data"
            ))
        })
}

/// The date the snapshot's prices end: the as-of date of most tests.
pub fn snapshot_day() -> NaiveDate {
    NaiveDate::from_ymd_opt(2026, 8, 18).expect("date")
}

fn optional<T>(result: Result<T, SourceError>) -> Option<T> {
    match result {
        Ok(value) => Some(value),
        Err(SourceError::NotFound) => None,
        Err(err) => panic!("snapshot read failed: {err}"),
    }
}

/// All inputs for one company, as the job handler would gather them.
pub async fn load(symbol: &str, cik: u64) -> AnalysisInputs {
    let snapshot = Snapshot::new(market_data());
    AnalysisInputs {
        symbol: symbol.to_string(),
        company_facts: snapshot.company_facts(cik).await.expect("company facts"),
        submissions: optional(snapshot.submissions(cik).await),
        prices: optional(snapshot.daily_closes(symbol).await),
        treasury: optional(snapshot.ten_year_yield().await),
        short_interest: snapshot
            .short_interest(symbol)
            .await
            .expect("short interest"),
        ownership: snapshot.ownership(symbol).await.expect("ownership"),
    }
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
