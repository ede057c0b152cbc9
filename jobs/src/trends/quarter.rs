//! Quarter keys (`2026-Q3`, the data model's `analysis_quarter`): parsing and the quarter's
//! last day, which a past quarter's analysis is computed as of.

use chrono::{Datelike, NaiveDate};

use crate::store::analyses::quarter_key;

/// A calendar quarter.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Quarter {
    pub year: i32,
    /// 1..=4.
    pub number: u32,
}

impl Quarter {
    /// Reads `2026-Q3` (case-insensitive `q`, surrounding spaces ignored); the message says
    /// what was expected.
    pub fn parse(text: &str) -> Result<Quarter, String> {
        let bad = || format!("'{}' is not a quarter like 2026-Q2", text.trim());
        let (year, number) = text.trim().split_once('-').ok_or_else(bad)?;
        let number = number
            .strip_prefix(['Q', 'q'])
            .and_then(|n| n.parse::<u32>().ok())
            .filter(|n| (1..=4).contains(n))
            .ok_or_else(bad)?;
        let year = year
            .parse::<i32>()
            .ok()
            .filter(|y| (1990..=9999).contains(y))
            .ok_or_else(bad)?;
        Ok(Quarter { year, number })
    }

    /// The quarter a date falls in.
    pub fn of(date: NaiveDate) -> Quarter {
        Quarter {
            year: date.year(),
            number: (date.month() - 1) / 3 + 1,
        }
    }

    /// The quarter's last day (31 March, 30 June, 30 September, 31 December).
    pub fn last_day(self) -> NaiveDate {
        let (month, day) = match self.number {
            1 => (3, 31),
            2 => (6, 30),
            3 => (9, 30),
            _ => (12, 31),
        };
        NaiveDate::from_ymd_opt(self.year, month, day).expect("a quarter's last day exists")
    }

    /// The quarter before this one.
    pub fn previous(self) -> Quarter {
        match self.number {
            1 => Quarter {
                year: self.year - 1,
                number: 4,
            },
            n => Quarter {
                year: self.year,
                number: n - 1,
            },
        }
    }

    /// The `count` quarters before this one, oldest first.
    pub fn previous_quarters(self, count: usize) -> Vec<Quarter> {
        let mut quarters: Vec<Quarter> =
            std::iter::successors(Some(self.previous()), |q| Some(q.previous()))
                .take(count)
                .collect();
        quarters.reverse();
        quarters
    }

    /// The stored key, `2026-Q3` (the same text as `store::analyses::quarter_key`).
    pub fn key(self) -> String {
        quarter_key(self.last_day())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quarters_read_and_end_where_the_calendar_says() {
        let q = Quarter::parse(" 2026-q2 ").unwrap();
        assert_eq!(
            q,
            Quarter {
                year: 2026,
                number: 2
            }
        );
        assert_eq!(q.last_day(), NaiveDate::from_ymd_opt(2026, 6, 30).unwrap());
        assert_eq!(q.key(), "2026-Q2");
        assert_eq!(
            Quarter::parse("2024-Q4").unwrap().last_day().to_string(),
            "2024-12-31"
        );
        assert_eq!(
            Quarter::of(NaiveDate::from_ymd_opt(2026, 8, 18).unwrap()).key(),
            "2026-Q3"
        );
        for bad in ["2026-Q5", "2026-Q0", "2026Q1", "Q1-2026", "", "abcd-Q1"] {
            assert!(Quarter::parse(bad).is_err(), "{bad}");
        }
        assert_eq!(
            Quarter::parse("2026-Q9").unwrap_err(),
            "'2026-Q9' is not a quarter like 2026-Q2"
        );
    }

    #[test]
    fn the_twelve_quarters_before_one_cross_year_ends_oldest_first() {
        let keys: Vec<String> = Quarter::parse("2026-Q4")
            .unwrap()
            .previous_quarters(12)
            .into_iter()
            .map(Quarter::key)
            .collect();
        assert_eq!(keys.len(), 12);
        assert_eq!(keys.first().map(String::as_str), Some("2023-Q4"));
        assert_eq!(keys.last().map(String::as_str), Some("2026-Q3"));
        assert!(keys.windows(2).all(|w| w[0] < w[1]), "{keys:?}");
    }
}
