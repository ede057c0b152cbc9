//! The raw market data both sides share: what `sources` fetch (live or from the snapshot) and
//! what `analysis` reads. Types and the parsers of their file formats only: no I/O here, so
//! neither side needs the other.

pub mod company_facts;
pub mod ownership;
pub mod prices;
pub mod short_interest;
pub mod submissions;
pub mod tickers;
pub mod treasury;

pub use company_facts::{CompanyFacts, Concept, RawFact};
pub use ownership::{Ownership, find_in_holders_csv};
pub use prices::{PricePoint, parse_price_csv};
pub use short_interest::{ShortInterest, find_in_finra_csv};
pub use submissions::{Filing, Submissions};
pub use tickers::TickerEntry;
pub use treasury::{RatePoint, parse_fred_csv};

/// A file that is not in the format its parser expects (bad JSON or CSV, an HTML error page).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct ParseError(pub String);

/// Everything one analysis reads. Only the company facts are required; every other input may
/// be missing, and the questions that need it then say 'not enough data'.
#[derive(Debug, Clone, Default)]
pub struct AnalysisInputs {
    /// The ticker as the user asked for it (e.g. `AAPL`).
    pub symbol: String,
    pub company_facts: CompanyFacts,
    pub submissions: Option<Submissions>,
    /// Daily closes, oldest first.
    pub prices: Option<Vec<PricePoint>>,
    /// The 10-year Treasury yield, oldest first.
    pub treasury: Option<Vec<RatePoint>>,
    pub short_interest: Option<ShortInterest>,
    pub ownership: Option<Ownership>,
}
