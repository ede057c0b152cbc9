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
pub use short_interest::{ShortInterest, find_in_finra_csv, finra_csv_by_symbol};
pub use submissions::{Filing, Submissions};
pub use tickers::TickerEntry;
pub use treasury::{RatePoint, parse_fred_csv};

/// A `YYYY-MM-DD` date, as in every CSV this product reads. Ten plain digits-and-dashes take
/// a fast path (a price file has thousands of rows, the Treasury series sixteen thousand);
/// anything else goes through chrono's `%Y-%m-%d`, so what is accepted does not change.
pub fn iso_date(text: &str) -> Option<chrono::NaiveDate> {
    let b = text.as_bytes();
    let digits = |range: std::ops::Range<usize>| {
        b[range].iter().try_fold(0u32, |n, d| {
            d.is_ascii_digit().then(|| n * 10 + u32::from(d - b'0'))
        })
    };
    if b.len() == 10
        && b[4] == b'-'
        && b[7] == b'-'
        && let (Some(y), Some(m), Some(d)) = (digits(0..4), digits(5..7), digits(8..10))
    {
        return chrono::NaiveDate::from_ymd_opt(y as i32, m, d);
    }
    chrono::NaiveDate::parse_from_str(text, "%Y-%m-%d").ok()
}

/// A file that is not in the format its parser expects (bad JSON or CSV, an HTML error page).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct ParseError(pub String);

/// A CSV reader that forgives ragged rows and stray spaces (real files have both), with its
/// header row read; `what` names the file in the error.
fn csv_with_headers<'a>(
    bytes: &'a [u8],
    what: &str,
) -> Result<(csv::Reader<&'a [u8]>, csv::StringRecord), ParseError> {
    let mut reader = csv::ReaderBuilder::new()
        .flexible(true)
        .trim(csv::Trim::All)
        .from_reader(bytes);
    let headers = reader
        .headers()
        .map_err(|err| ParseError(format!("{what} CSV header: {err}")))?
        .clone();
    Ok((reader, headers))
}

/// Everything one analysis reads. Only the company facts are required; every other input may
/// be missing, and the questions that need it then say 'not enough data'.
#[derive(Debug, Clone, Default)]
pub struct AnalysisInputs {
    /// The ticker as the user asked for it (e.g. `AAPL`).
    pub symbol: String,
    pub company_facts: CompanyFacts,
    /// The company's name in SEC's ticker list (`None` when the caller has no list): the
    /// name shown, since the company-facts entity name can be a subsidiary's.
    pub listed_name: Option<String>,
    pub submissions: Option<Submissions>,
    /// Daily closes, oldest first, adjusted for splits and dividends (what $1000 became).
    pub prices: Option<Vec<PricePoint>>,
    /// Daily closes adjusted for splits only (what the stock traded at), where the price
    /// source keeps them apart: they price market values and multiples
    /// (`analysis::price_basis`). Often shorter than `prices`, and their split basis may be
    /// older.
    pub traded_prices: Option<Vec<PricePoint>>,
    /// The 10-year Treasury yield, oldest first.
    pub treasury: Option<Vec<RatePoint>>,
    pub short_interest: Option<ShortInterest>,
    pub ownership: Option<Ownership>,
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    proptest! {
        /// The fast path accepts and reads exactly what chrono's `%Y-%m-%d` does.
        #[test]
        fn iso_dates_read_as_chrono_reads_them(text in "[0-9]{4}-[0-9]{2}-[0-9]{2}|[0-9 +-]{8,11}") {
            prop_assert_eq!(
                super::iso_date(&text),
                chrono::NaiveDate::parse_from_str(&text, "%Y-%m-%d").ok()
            );
        }
    }
}
