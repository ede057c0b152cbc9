//! Major holders (question 11): insider and institutional shares held. The snapshot file
//! `ownership/major-holders-YYYY.csv` (the newest) gives fractions (0.7593 = 75.93%); this reader returns
//! percents. When a ticker is absent, the analysis estimates the insider share from the 10-K
//! cover page instead (and says so).

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

use super::ParseError;

/// Who owns the shares, in percent of shares outstanding.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Ownership {
    pub symbol: String,
    pub insiders_pct: f64,
    pub institutions_pct: f64,
    pub institutions_count: Option<u32>,
    /// The 13F report date the institutional figures refer to.
    pub report_date: Option<NaiveDate>,
}

/// Finds `symbol` in a major-holders CSV (columns by header name); `Ok(None)` when absent.
pub fn find_in_holders_csv(bytes: &[u8], symbol: &str) -> Result<Option<Ownership>, ParseError> {
    let (mut reader, headers) = super::csv_with_headers(bytes, "holders")?;
    let col = |name: &str| headers.iter().position(|h| h.eq_ignore_ascii_case(name));
    let (Some(ticker), Some(insiders), Some(institutions)) = (
        col("ticker"),
        col("insidersPercentHeld"),
        col("institutionsPercentHeld"),
    ) else {
        return Err(ParseError(format!(
            "holders CSV lacks the expected columns: {headers:?}"
        )));
    };
    let (count, date) = (col("institutionsCount"), col("top_holders_13f_report_date"));
    for record in reader.records() {
        let record = record.map_err(|err| ParseError(format!("holders CSV row: {err}")))?;
        if !record
            .get(ticker)
            .is_some_and(|t| t.eq_ignore_ascii_case(symbol))
        {
            continue;
        }
        let fraction = |i: usize| {
            record
                .get(i)
                .and_then(|v| v.parse::<f64>().ok())
                .filter(|v| v.is_finite() && (0.0..=1.0).contains(v))
        };
        let (Some(ins), Some(inst)) = (fraction(insiders), fraction(institutions)) else {
            return Ok(None);
        };
        return Ok(Some(Ownership {
            symbol: symbol.to_ascii_uppercase(),
            insiders_pct: ins * 100.0,
            institutions_pct: inst * 100.0,
            institutions_count: count
                .and_then(|i| record.get(i))
                .and_then(|v| v.parse().ok()),
            report_date: date.and_then(|i| record.get(i)).and_then(super::iso_date),
        }));
    }
    Ok(None)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fractions_become_percents() {
        let csv = b"ticker,insidersPercentHeld,institutionsPercentHeld,institutionsFloatPercentHeld,institutionsCount,top_holders_13f_report_date\nMSFT,0.0009,0.7593,0.75999,8124,2026-06-30\n";
        let msft = find_in_holders_csv(csv, "msft").unwrap().unwrap();
        assert!((msft.insiders_pct - 0.09).abs() < 1e-9);
        assert!((msft.institutions_pct - 75.93).abs() < 1e-9);
        assert_eq!(msft.institutions_count, Some(8124));
        assert_eq!(find_in_holders_csv(csv, "AAPL").unwrap(), None);
    }
}
