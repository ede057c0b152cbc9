//! Raw data sources. Each is a small trait below with a live HTTP implementation (`live`,
//! `finra`) and a snapshot implementation (`snapshot_sources`) that reads the same raw files from
//! `MARKET_DATA_DIR` (the layout SEC's nightly bulk archives unpack to), so the product runs
//! offline and tests run on real data. The types they return live in `crate::market_data`.

pub mod bulk;
pub mod bundle;
pub mod error;
pub mod finra;
pub mod http;
pub mod live;
pub mod rate_limit;
pub mod snapshot;
mod snapshot_sources;
pub mod tickers;

pub use bundle::MarketSources;
pub use error::{SourceError, SourceFuture};
pub use snapshot::Snapshot;

use crate::market_data::{
    CompanyFacts, Ownership, PricePoint, RatePoint, ShortInterest, Submissions,
};

/// Where company facts come from.
pub trait CompanyFactsSource: Send + Sync {
    /// All XBRL facts of the company with this CIK.
    fn company_facts(&self, cik: u64) -> SourceFuture<'_, CompanyFacts>;
}

/// Where daily prices come from.
pub trait PriceSource: Send + Sync {
    /// Daily closes for `symbol` (e.g. `AAPL`, `BRK-B`), oldest first.
    fn daily_closes<'a>(&'a self, symbol: &'a str) -> SourceFuture<'a, Vec<PricePoint>>;

    /// Daily closes adjusted for splits only, not for dividends (what the stock traded at),
    /// oldest first, where the source keeps them apart from the adjusted ones; `NotFound`
    /// otherwise (the default: Stooq's one series is taken as adjusted for both,
    /// and labelled so).
    fn traded_closes<'a>(&'a self, symbol: &'a str) -> SourceFuture<'a, Vec<PricePoint>> {
        let _ = symbol;
        Box::pin(async { Err(SourceError::NotFound) })
    }
}

/// Where the 10-year Treasury yield comes from.
pub trait TreasurySource: Send + Sync {
    /// The daily 10-year constant-maturity yield, oldest first.
    fn ten_year_yield(&self) -> SourceFuture<'_, Vec<RatePoint>>;
}

/// Where short interest comes from.
pub trait ShortInterestSource: Send + Sync {
    /// The latest short position for `symbol`; `Ok(None)` when the source does not list it.
    fn short_interest<'a>(&'a self, symbol: &'a str) -> SourceFuture<'a, Option<ShortInterest>>;
}

/// Where ownership figures come from.
pub trait OwnershipSource: Send + Sync {
    /// Insider and institutional holdings of `symbol`; `Ok(None)` when not covered.
    fn ownership<'a>(&'a self, symbol: &'a str) -> SourceFuture<'a, Option<Ownership>>;
}

/// Where company submissions come from.
pub trait SubmissionsSource: Send + Sync {
    /// The submissions of the company with this CIK.
    fn submissions(&self, cik: u64) -> SourceFuture<'_, Submissions>;
}
