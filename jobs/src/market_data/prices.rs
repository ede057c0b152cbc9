//! Daily closing prices. Files are CSV read by header name, so one parser serves the snapshot
//! (`Date,Close`), Stooq (`Date,Open,High,Low,Close,Volume`) and the OHLCV copies
//! (`date,open,high,low,close,volume`). An `Adj Close` column wins over `Close` when present:
//! the $1000 statement should include dividends.

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

use super::ParseError;

/// One trading day's close.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct PricePoint {
    pub date: NaiveDate,
    pub close: f64,
}

/// Parses a daily price CSV into points sorted by date (one per date, the last row wins).
///
/// Rows with a blank, `null` or non-positive close, or an unreadable date, are skipped: real
/// files have holes. A file without `Date` and `Close` columns is a `Parse` error.
pub fn parse_price_csv(bytes: &[u8]) -> Result<Vec<PricePoint>, ParseError> {
    let (mut reader, headers) = super::csv_with_headers(bytes, "price")?;
    let find = |name: &str| headers.iter().position(|h| h.eq_ignore_ascii_case(name));
    let date_col = find("date")
        .ok_or_else(|| ParseError(format!("price CSV has no Date column: {headers:?}")))?;
    let close_col = find("adj close")
        .or_else(|| find("adj_close"))
        .or_else(|| find("close"))
        .ok_or_else(|| ParseError(format!("price CSV has no Close column: {headers:?}")))?;
    let mut points = Vec::new();
    for record in reader.records() {
        let record = record.map_err(|err| ParseError(format!("price CSV row: {err}")))?;
        let (Some(date), Some(close)) = (record.get(date_col), record.get(close_col)) else {
            continue;
        };
        let Some(date) = super::iso_date(date) else {
            continue;
        };
        match close.parse::<f64>() {
            Ok(close) if close.is_finite() && close > 0.0 => {
                points.push(PricePoint { date, close })
            }
            _ => continue,
        }
    }
    points.sort_by_key(|p| p.date);
    // Keep the last row for a repeated date (a corrected copy appended to the file).
    points.reverse();
    points.dedup_by_key(|p| p.date);
    points.reverse();
    Ok(points)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_snapshot_and_stooq_layouts() {
        let snapshot = parse_price_csv(b"Date,Close\n2024-01-03,10.5\n2024-01-02,10\n").unwrap();
        assert_eq!(snapshot.len(), 2);
        assert_eq!(
            snapshot[0].date,
            NaiveDate::from_ymd_opt(2024, 1, 2).unwrap()
        );
        let stooq =
            parse_price_csv(b"Date,Open,High,Low,Close,Volume\n2024-01-02,1,2,0.5,1.5,100\n")
                .unwrap();
        assert_eq!(stooq[0].close, 1.5);
        let lower =
            parse_price_csv(b"date,open,high,low,close,volume\n2024-01-02,1,2,0.5,1.25,100\n")
                .unwrap();
        assert_eq!(lower[0].close, 1.25);
    }

    #[test]
    fn skips_holes_and_rejects_other_files() {
        let points =
            parse_price_csv(b"Date,Close\n2024-01-02,\n2024-01-03,null\nbad,1\n2024-01-04,2\n")
                .unwrap();
        assert_eq!(points.len(), 1);
        assert!(matches!(
            parse_price_csv(b"<html></html>\n"),
            Err(ParseError(_))
        ));
    }
}
