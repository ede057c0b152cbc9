//! The 10-year Treasury yield (FRED series DGS10), used by questions 7 and 8. FRED's CSV has a
//! date column (`observation_date` or `DATE`) and the series column; holidays are blank or `.`.

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

use super::ParseError;

/// One day's yield, in percent (4.25 = 4.25%).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct RatePoint {
    pub date: NaiveDate,
    pub percent: f64,
}

/// Parses a FRED graph CSV (first column the date, second the value), sorted by date.
/// Blank and `.` values (market holidays) are skipped.
pub fn parse_fred_csv(bytes: &[u8]) -> Result<Vec<RatePoint>, ParseError> {
    let (mut reader, headers) = super::csv_with_headers(bytes, "FRED")?;
    let first = headers.get(0).unwrap_or_default().to_ascii_lowercase();
    if headers.len() < 2 || !(first == "date" || first == "observation_date") {
        return Err(ParseError(format!("not a FRED series CSV: {headers:?}")));
    }
    let mut points = Vec::new();
    for record in reader.records() {
        let record = record.map_err(|err| ParseError(format!("FRED CSV row: {err}")))?;
        let (Some(date), Some(value)) = (record.get(0), record.get(1)) else {
            continue;
        };
        let (Some(date), Ok(percent)) = (super::iso_date(date), value.parse::<f64>()) else {
            continue;
        };
        if percent.is_finite() {
            points.push(RatePoint { date, percent });
        }
    }
    points.sort_by_key(|p| p.date);
    Ok(points)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn skips_holidays_in_both_spellings() {
        let points =
            parse_fred_csv(b"observation_date,DGS10\n2026-07-03,\n2026-07-02,4.3\n2026-07-06,.\n")
                .unwrap();
        assert_eq!(
            points,
            vec![RatePoint {
                date: NaiveDate::from_ymd_opt(2026, 7, 2).unwrap(),
                percent: 4.3
            }]
        );
        assert_eq!(
            parse_fred_csv(b"DATE,DGS10\n2020-01-02,1.88\n")
                .unwrap()
                .len(),
            1
        );
    }

    #[test]
    fn an_html_page_is_a_parse_error() {
        assert!(matches!(
            parse_fred_csv(b"<!doctype html>\n<p>x</p>"),
            Err(ParseError(_))
        ));
    }
}
