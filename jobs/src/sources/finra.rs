//! Live short interest (question 12) from FINRA's consolidated equity short-interest files.
//!
//! FINRA publishes the whole market twice a month on its CDN, no key needed:
//! `{finra_base_url}/equity/otcmarket/biweekly/shrt{YYYYMMDD}.csv`, one file per settlement
//! date (the 15th and the last business day of each month, roughly; published about a week
//! and a half later).
//!
//! # Supported file format
//!
//! Despite the `.csv` name the file is **pipe-delimited** text with a header row. Columns are
//! found by header name, case-insensitively, in any order; other columns are ignored:
//!
//! | meaning | accepted header names |
//! |---|---|
//! | ticker (required) | `symbolCode`, `Symbol` |
//! | shares short (required) | `currentShortPositionQuantity`, `Current Short Position`, `shares_short` |
//! | settlement date (optional) | `settlementDate`, `Settlement Date` |
//!
//! FINRA's current header is
//! `accountingYearMonthNumber|symbolCode|issueName|issuerServicesGroupExchangeCode|marketClassCode|currentShortPositionQuantity|previousShortPositionQuantity|stockSplitFlag|averageDailyVolumeQuantity|daysToCoverQuantity|revisionFlag|changePercent|changePreviousNumber|settlementDate`.
//! Dates may be `YYYY-MM-DD`, `YYYYMMDD` or `MM/DD/YYYY`; a missing or unreadable date falls
//! back to the date in the file name. Quantities may carry thousands separators. FINRA drops
//! punctuation from tickers (`BRK.B` is `BRKB`), so tickers are compared on their letters and
//! digits only. A file without the two required columns is a `Parse` error, never a panic.
//!
//! FINRA gives shares short but no float, so `short_pct_of_float` and `float_shares` are
//! always `None` here (question 12 then says 'not enough data' rather than guessing).
//!
//! # Finding the newest file
//!
//! Candidate settlement dates are tried newest first from today (month-end and the 15th,
//! moved back to the Friday when they fall on a weekend; market holidays are not modelled, a
//! holiday candidate simply 404s), at most [`MAX_TRIES`]. 404 means "not published (yet)":
//! try the previous candidate. 429/503 are `RateLimited` (with `Retry-After`), other failures
//! `Upstream`/`Parse`, as for the other live clients. The newest file's bytes are cached in the
//! client for [`CACHE_TTL`], so analyses do not refetch it.

use std::{
    sync::Arc,
    time::{Duration, Instant},
};

use chrono::{Datelike, Duration as Days, NaiveDate, Utc, Weekday};
use tokio::sync::Mutex;

use super::{
    ShortInterestSource,
    error::{SourceError, SourceFuture},
    http::{Expect, HttpFetcher, LiveConfig},
    snapshot::parse_blocking,
};
use crate::market_data::ShortInterest;

/// How many candidate settlement dates are tried before giving up (about three months).
pub const MAX_TRIES: usize = 6;

/// How long the newest file is reused before looking for a newer one.
pub const CACHE_TTL: Duration = Duration::from_secs(4 * 3600);

/// The newest file found: when it was fetched, its settlement date and its bytes.
type Cached = (Instant, NaiveDate, Arc<Vec<u8>>);

/// FINRA's CDN short-interest files.
pub struct FinraClient {
    http: HttpFetcher,
    base_url: String,
    cache: Mutex<Option<Cached>>,
}

impl FinraClient {
    /// A client for `config.finra_base_url`.
    pub fn new(config: &LiveConfig) -> Result<Self, SourceError> {
        Ok(FinraClient {
            http: HttpFetcher::new(config)?,
            base_url: config.finra_base_url.trim_end_matches('/').to_string(),
            cache: Mutex::new(None),
        })
    }

    /// The URL of the file for settlement date `date`.
    pub fn file_url(&self, date: NaiveDate) -> String {
        format!(
            "{}/equity/otcmarket/biweekly/shrt{}.csv",
            self.base_url,
            date.format("%Y%m%d")
        )
    }

    /// The newest published file (settlement date and bytes), from the cache when it is fresh.
    /// `NotFound` when none of the candidates is published.
    pub async fn newest_file(&self) -> Result<(NaiveDate, Arc<Vec<u8>>), SourceError> {
        // Held across the fetch so concurrent analyses wait for one download.
        let mut cache = self.cache.lock().await;
        if let Some((fetched, date, bytes)) = cache.as_ref()
            && fetched.elapsed() < CACHE_TTL
        {
            return Ok((*date, bytes.clone()));
        }
        for date in candidate_settlement_dates(Utc::now().date_naive(), MAX_TRIES) {
            match self.http.get(&self.file_url(date), Expect::Csv).await {
                Ok(body) => {
                    check_header(&body)?;
                    let bytes = Arc::new(body);
                    *cache = Some((Instant::now(), date, bytes.clone()));
                    return Ok((date, bytes));
                }
                Err(SourceError::NotFound) => continue,
                Err(err) => return Err(err),
            }
        }
        Err(SourceError::NotFound)
    }
}

impl ShortInterestSource for FinraClient {
    fn short_interest<'a>(&'a self, symbol: &'a str) -> SourceFuture<'a, Option<ShortInterest>> {
        Box::pin(async move {
            let (date, bytes) = self.newest_file().await?;
            let symbol = symbol.to_string();
            parse_blocking(move || find_in_finra_file(&bytes, &symbol, date)).await
        })
    }
}

/// Settlement-date candidates on or before `today`, newest first: each month's last day and
/// its 15th, each moved back to the Friday when it falls on a weekend.
pub fn candidate_settlement_dates(today: NaiveDate, count: usize) -> Vec<NaiveDate> {
    let mut out = Vec::with_capacity(count);
    let (mut year, mut month) = (today.year(), today.month());
    // Twelve months back is far more than `count` ever needs; it only bounds the loop.
    for _ in 0..12 {
        let first = NaiveDate::from_ymd_opt(year, month, 1);
        let month_end = first
            .and_then(|f| f.checked_add_months(chrono::Months::new(1)))
            .and_then(|next| next.pred_opt());
        let mid = NaiveDate::from_ymd_opt(year, month, 15);
        for date in [month_end, mid]
            .into_iter()
            .flatten()
            .map(weekday_on_or_before)
        {
            if date <= today && out.len() < count {
                out.push(date);
            }
        }
        if out.len() >= count {
            break;
        }
        (year, month) = if month == 1 {
            (year - 1, 12)
        } else {
            (year, month - 1)
        };
    }
    out
}

fn weekday_on_or_before(date: NaiveDate) -> NaiveDate {
    match date.weekday() {
        Weekday::Sat => date - Days::days(1),
        Weekday::Sun => date - Days::days(2),
        _ => date,
    }
}

/// The positions of the ticker, shares-short and settlement-date columns.
struct Columns {
    symbol: usize,
    shares_short: usize,
    settlement: Option<usize>,
}

fn reader(bytes: &[u8]) -> csv::Reader<&[u8]> {
    csv::ReaderBuilder::new()
        .delimiter(b'|')
        .flexible(true)
        .trim(csv::Trim::All)
        .from_reader(bytes)
}

fn columns(reader: &mut csv::Reader<&[u8]>) -> Result<Columns, SourceError> {
    let headers = reader
        .byte_headers()
        .map_err(|err| SourceError::Parse(format!("FINRA short-interest header: {err}")))?
        .clone();
    let col = |names: &[&str]| {
        headers.iter().position(|h| {
            let h = String::from_utf8_lossy(h);
            let h = h.trim().trim_start_matches('\u{feff}');
            names.iter().any(|n| h.eq_ignore_ascii_case(n))
        })
    };
    let symbol = col(&["symbolCode", "Symbol"]).ok_or_else(|| {
        SourceError::Parse("FINRA short-interest file has no symbolCode column".into())
    })?;
    let shares_short = col(&[
        "currentShortPositionQuantity",
        "Current Short Position",
        "shares_short",
    ])
    .ok_or_else(|| {
        SourceError::Parse(
            "FINRA short-interest file has no currentShortPositionQuantity column".into(),
        )
    })?;
    Ok(Columns {
        symbol,
        shares_short,
        settlement: col(&["settlementDate", "Settlement Date"]),
    })
}

/// Refuses a body that is not a short-interest file before it is cached.
fn check_header(bytes: &[u8]) -> Result<(), SourceError> {
    columns(&mut reader(bytes)).map(|_| ())
}

/// Letters and digits only, upper case: FINRA writes `BRK.B` as `BRKB`.
fn normalise(symbol: &str) -> String {
    symbol
        .chars()
        .filter(char::is_ascii_alphanumeric)
        .map(|c| c.to_ascii_uppercase())
        .collect()
}

fn parse_date(text: &str) -> Option<NaiveDate> {
    ["%Y-%m-%d", "%Y%m%d", "%m/%d/%Y"]
        .iter()
        .find_map(|f| NaiveDate::parse_from_str(text, f).ok())
}

/// Finds `symbol` in a FINRA pipe-delimited short-interest file whose name carries
/// settlement date `file_date`. `Ok(None)` when the ticker is not listed.
pub fn find_in_finra_file(
    bytes: &[u8],
    symbol: &str,
    file_date: NaiveDate,
) -> Result<Option<ShortInterest>, SourceError> {
    let wanted = normalise(symbol);
    if wanted.is_empty() {
        return Ok(None);
    }
    let mut reader = reader(bytes);
    let cols = columns(&mut reader)?;
    for record in reader.byte_records() {
        let record =
            record.map_err(|err| SourceError::Parse(format!("FINRA short-interest row: {err}")))?;
        let field = |i: usize| {
            record
                .get(i)
                .map(|v| String::from_utf8_lossy(v).trim().to_string())
        };
        if field(cols.symbol).is_none_or(|s| normalise(&s) != wanted) {
            continue;
        }
        let shares_short = field(cols.shares_short)
            .and_then(|v| v.replace(',', "").parse::<f64>().ok())
            .filter(|v| v.is_finite() && *v >= 0.0);
        let settlement_date = cols
            .settlement
            .and_then(field)
            .and_then(|d| parse_date(&d))
            .unwrap_or(file_date);
        return Ok(Some(ShortInterest {
            symbol: symbol.to_ascii_uppercase(),
            settlement_date: Some(settlement_date),
            shares_short,
            short_pct_of_float: None,
            float_shares: None,
        }));
    }
    Ok(None)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(text: &str) -> NaiveDate {
        text.parse().unwrap()
    }

    #[test]
    fn candidates_step_back_over_weekends() {
        // 2026-08-15 is a Saturday, 2026-05-31 and 2026-03-15 Sundays, 2026-02-28 a Saturday.
        assert_eq!(
            candidate_settlement_dates(d("2026-09-20"), 6),
            [
                "2026-09-15",
                "2026-08-31",
                "2026-08-14",
                "2026-07-31",
                "2026-07-15",
                "2026-06-30"
            ]
            .map(d)
        );
        assert_eq!(
            candidate_settlement_dates(d("2026-06-14"), 3),
            ["2026-05-29", "2026-05-15", "2026-04-30"].map(d)
        );
        assert_eq!(
            candidate_settlement_dates(d("2026-03-16"), 2),
            ["2026-03-13", "2026-02-27"].map(d)
        );
        // Across a year boundary; the 15th itself counts on the day.
        assert_eq!(
            candidate_settlement_dates(d("2026-01-15"), 3),
            ["2026-01-15", "2025-12-31", "2025-12-15"].map(d)
        );
    }

    const FILE: &[u8] = b"accountingYearMonthNumber|symbolCode|issueName|issuerServicesGroupExchangeCode|marketClassCode|currentShortPositionQuantity|previousShortPositionQuantity|stockSplitFlag|averageDailyVolumeQuantity|daysToCoverQuantity|revisionFlag|changePercent|changePreviousNumber|settlementDate
20260814|AAPL|Apple Inc. Common Stock|A|NNM|138782718|131000000||48000000|2.89||5.94|7782718|2026-08-14
20260814|BRKB|Berkshire Hathaway Inc. Class B|A|NYSE|9,876,543|9000000||4000000|2.47||9.74|876543|2026-08-14
20260814|ODD|Odd Corp|A|NYSE|n/a|1||1|1||0|0|not a date
";

    #[test]
    fn reads_finras_header_and_rows() {
        let date = d("2026-08-14");
        let aapl = find_in_finra_file(FILE, "aapl", date).unwrap().unwrap();
        assert_eq!(aapl.symbol, "AAPL");
        assert_eq!(aapl.shares_short, Some(138782718.0));
        assert_eq!(aapl.settlement_date, Some(date));
        assert_eq!(aapl.short_pct_of_float, None);
        let brk = find_in_finra_file(FILE, "BRK.B", date).unwrap().unwrap();
        assert_eq!(brk.shares_short, Some(9876543.0));
        let odd = find_in_finra_file(FILE, "ODD", d("2026-08-31"))
            .unwrap()
            .unwrap();
        assert_eq!(odd.shares_short, None);
        assert_eq!(odd.settlement_date, Some(d("2026-08-31")));
        assert_eq!(find_in_finra_file(FILE, "ZZZZ", date).unwrap(), None);
        assert_eq!(find_in_finra_file(FILE, "", date).unwrap(), None);
    }

    #[test]
    fn other_header_spellings_and_garbage() {
        let alt = b"Settlement Date|Symbol|Current Short Position\n08/14/2026|msft|77302679\n";
        let msft = find_in_finra_file(alt, "MSFT", d("2026-08-31"))
            .unwrap()
            .unwrap();
        assert_eq!(msft.shares_short, Some(77302679.0));
        assert_eq!(msft.settlement_date, Some(d("2026-08-14")));
        for garbage in [
            &b""[..],
            b"<html><body>Access denied</body></html>",
            b"\xff\xfe|\x00\x01\n|||",
            b"symbolCode|issueName\nAAPL|Apple\n",
        ] {
            assert!(matches!(
                find_in_finra_file(garbage, "AAPL", d("2026-08-14")),
                Err(SourceError::Parse(_))
            ));
        }
    }
}
