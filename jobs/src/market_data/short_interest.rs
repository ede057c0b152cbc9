//! Short interest (question 12): FINRA's shares-short file. The snapshot reader takes the
//! newest `short-interest/finra-YYYY-MM-DD.csv` (ISO dates sort by name). `short_pct_of_float`
//! is in percent (0.9465 = 0.95%) and blank when no float was known: that is 'unknown', never 0.

use std::collections::HashMap;

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

use super::ParseError;

/// One ticker's short position at a settlement date.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ShortInterest {
    pub symbol: String,
    pub settlement_date: Option<NaiveDate>,
    pub shares_short: Option<f64>,
    /// Shares short as a percent of the float; `None` when the float is unknown.
    pub short_pct_of_float: Option<f64>,
    pub float_shares: Option<f64>,
}

/// Finds `symbol` in a FINRA short-interest CSV (columns by header name). `Ok(None)` when the
/// ticker is not listed.
pub fn find_in_finra_csv(bytes: &[u8], symbol: &str) -> Result<Option<ShortInterest>, ParseError> {
    Ok(finra_csv_by_symbol(bytes)?.remove(&symbol.to_ascii_uppercase()))
}

/// Every row of a FINRA short-interest CSV, by upper-case ticker (the first row of a ticker
/// wins). Parsed once and kept by the snapshot, since every analysis looks in the same file.
pub fn finra_csv_by_symbol(bytes: &[u8]) -> Result<HashMap<String, ShortInterest>, ParseError> {
    let (mut reader, headers) = super::csv_with_headers(bytes, "short-interest")?;
    let col = |name: &str| headers.iter().position(|h| h.eq_ignore_ascii_case(name));
    let ticker = col("ticker")
        .or_else(|| col("symbol"))
        .ok_or_else(|| ParseError("short-interest CSV has no ticker column".into()))?;
    let (settlement, short, pct, float) = (
        col("settlement_date"),
        col("shares_short"),
        col("short_pct_of_float"),
        col("float_shares"),
    );
    let mut by_symbol = HashMap::new();
    for record in reader.records() {
        let record = record.map_err(|err| ParseError(format!("short-interest CSV row: {err}")))?;
        let Some(symbol) = record.get(ticker).filter(|t| !t.is_empty()) else {
            continue;
        };
        let number = |i: Option<usize>| {
            i.and_then(|i| record.get(i))
                .and_then(|v| v.parse::<f64>().ok())
                .filter(|v| v.is_finite() && *v >= 0.0)
        };
        let float_shares = number(float).filter(|f| *f > 0.0);
        let symbol = symbol.to_ascii_uppercase();
        by_symbol.entry(symbol.clone()).or_insert(ShortInterest {
            symbol,
            settlement_date: settlement
                .and_then(|i| record.get(i))
                .and_then(super::iso_date),
            shares_short: number(short),
            // A percentage without a known float cannot be right: treat it as unknown.
            short_pct_of_float: number(pct).filter(|_| float.is_none() || float_shares.is_some()),
            float_shares,
        });
    }
    Ok(by_symbol)
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: &[u8] = b"ticker,settlement_date,shares_short,shares_short_max_since_2021,shares_short_pct_of_max,shares_flag,short_pct_of_float,float_shares,float_fetched_at
AAPL,2026-05-15,138782718,157008120,0.88,NORMAL,0.9465,14662534368,2026-06-09T23:20:45
MSFT,2026-05-15,77302679,83407242,0.92,NORMAL,,,
";

    #[test]
    fn percent_is_kept_and_blank_float_is_unknown() {
        let aapl = find_in_finra_csv(SAMPLE, "aapl").unwrap().unwrap();
        assert_eq!(aapl.short_pct_of_float, Some(0.9465));
        assert_eq!(aapl.settlement_date, NaiveDate::from_ymd_opt(2026, 5, 15));
        let msft = find_in_finra_csv(SAMPLE, "MSFT").unwrap().unwrap();
        assert_eq!(msft.short_pct_of_float, None);
        assert_eq!(msft.shares_short, Some(77302679.0));
        assert_eq!(find_in_finra_csv(SAMPLE, "ZZZZ").unwrap(), None);
    }
}
