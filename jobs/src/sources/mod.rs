//! Raw data sources. Each is a small trait with a live HTTP implementation and a snapshot
//! implementation that reads the same raw files from `MARKET_DATA_DIR` (the layout SEC's
//! nightly bulk archives unpack to), so the product runs offline and tests run on real data.

pub mod tickers;

pub mod bundle;
pub mod company_facts;
pub mod error;
pub mod finra;
pub mod http;
pub mod live;
pub mod ownership;
pub mod prices;
pub mod rate_limit;
pub mod short_interest;
pub mod snapshot;
pub mod submissions;
pub mod treasury;

pub use bundle::MarketSources;
pub use error::{SourceError, SourceFuture};
pub use snapshot::Snapshot;
