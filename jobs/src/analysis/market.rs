//! Price-based figures: market value over 3 years, what $1000 invested 3 years ago is worth,
//! the 3-year price range, and valuation ratios (P/E, P/S, P/B, P/FCF) over their 3-year
//! ranges.
//!
//! Price files skip some trading days, so every lookup takes the last close on or before the
//! date it needs (a calendar alignment), and gives up when that close is too old.

use chrono::{Datelike, Months, NaiveDate};

use super::{facts::Figure, history::TtmPoint, sector::IndustryKind, shares::shares_at};
use crate::market_data::{PricePoint, RatePoint};

/// A close older than this is not "today's" price.
const MAX_STALE_DAYS: i64 = 31;

/// The as-of date three years back (the window of every 3-year figure).
pub fn three_years_before(as_of: NaiveDate) -> NaiveDate {
    as_of.checked_sub_months(Months::new(36)).unwrap_or(as_of)
}

/// The last close on or before `date`, if it is at most `max_stale` days old.
pub fn close_on(prices: &[PricePoint], date: NaiveDate, max_stale: i64) -> Option<PricePoint> {
    let index = prices.partition_point(|p| p.date <= date);
    let point = *prices.get(index.checked_sub(1)?)?;
    ((date - point.date).num_days() <= max_stale).then_some(point)
}

/// The 10-year yield in percent on `date` (last observation on or before it, within a week
/// and a half: holidays and long weekends leave gaps).
pub fn treasury_on(rates: &[RatePoint], date: NaiveDate) -> Option<RatePoint> {
    let index = rates.partition_point(|p| p.date <= date);
    let point = *rates.get(index.checked_sub(1)?)?;
    ((date - point.date).num_days() <= 10).then_some(point)
}

/// One point of the market value chart.
#[derive(Debug, Clone, PartialEq)]
pub struct ValuePoint {
    /// `YYYY-MM`.
    pub label: String,
    pub date: NaiveDate,
    pub close: f64,
    /// Price times shares outstanding, when the share count is known.
    pub market_value: Option<f64>,
    /// What $1000 invested at the start is worth, in thousands of dollars (1.5 = $1,500).
    pub investment_k: f64,
}

/// Market value (from `prices`, the closes that price the company: `price_basis`) and the
/// $1000 investment (from `total_return`, closes adjusted for dividends: what $1000 became with
/// the dividends reinvested), at the window start, every month end, and today. Empty when
/// there is no close near the start or today (new listings, stale files).
pub fn value_series(
    prices: &[PricePoint],
    total_return: &[PricePoint],
    shares: &[Figure],
    as_of: NaiveDate,
) -> Vec<ValuePoint> {
    let start = three_years_before(as_of);
    let (Some(first), Some(_)) = (
        close_on(total_return, start, 10),
        close_on(prices, as_of, MAX_STALE_DAYS),
    ) else {
        return Vec::new();
    };
    let mut dates = vec![start];
    let mut month = NaiveDate::from_ymd_opt(start.year(), start.month(), 1)
        .and_then(|d| d.checked_add_months(Months::new(1)));
    while let Some(first_of_month) = month {
        let month_end = first_of_month
            .checked_add_months(Months::new(1))
            .and_then(|d| d.pred_opt());
        match month_end {
            Some(end) if end < as_of => dates.push(end),
            _ => break,
        }
        month = first_of_month.checked_add_months(Months::new(1));
    }
    dates.push(as_of);
    dates
        .into_iter()
        .filter_map(|date| {
            let point = close_on(prices, date, MAX_STALE_DAYS)?;
            let grown = close_on(total_return, date, MAX_STALE_DAYS)?;
            Some(ValuePoint {
                label: format!("{:04}-{:02}", date.year(), date.month()),
                date,
                close: point.close,
                market_value: shares_at(shares, date).map(|s| s.value * point.close),
                investment_k: grown.close / first.close,
            })
        })
        .collect()
}

/// The 3-year low, today's close and the 3-year high.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Range {
    pub min: PricePoint,
    pub today: PricePoint,
    pub max: PricePoint,
}

/// Lowest and highest close in the 3 years to `as_of`, and today's close.
pub fn price_range(prices: &[PricePoint], as_of: NaiveDate) -> Option<Range> {
    let today = close_on(prices, as_of, MAX_STALE_DAYS)?;
    let start = three_years_before(as_of);
    let window = prices.iter().filter(|p| p.date >= start && p.date <= as_of);
    let min = *window.clone().min_by(|a, b| a.close.total_cmp(&b.close))?;
    let max = *window.max_by(|a, b| a.close.total_cmp(&b.close))?;
    Some(Range { min, today, max })
}

/// One valuation ratio over the window.
#[derive(Debug, Clone, PartialEq)]
pub struct RatioRange {
    /// `P/E`, `P/S`, `P/B`, `P/FCF` (`P/FFO` for REITs instead of `P/E`).
    pub name: &'static str,
    pub min: f64,
    pub max: f64,
    pub current: f64,
    /// Trading days the ratio was defined (positive denominator).
    pub days: usize,
    /// The days of the low, the high and today, with what the ratio was made of (the chart's
    /// sources link each number to its price, share count and TTM results).
    pub min_day: RatioDay,
    pub max_day: RatioDay,
    pub current_day: RatioDay,
}

/// The inputs of a ratio on one trading day.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RatioDay {
    pub ratio: f64,
    pub date: NaiveDate,
    pub close: f64,
    /// The end of the TTM period the market knew that day.
    pub ttm_end: NaiveDate,
}

impl RatioRange {
    /// Where today sits between the 3-year low (0) and high (1).
    pub fn position(&self) -> f64 {
        let span = self.max - self.min;
        if span <= f64::EPSILON * self.max.abs() {
            0.5
        } else {
            ((self.current - self.min) / span).clamp(0.0, 1.0)
        }
    }
}

/// A "3-year range" needs history: at least a year and a half of trading days (about 375)
/// with the ratio defined, or the range says nothing (trimmed filings give a few months).
const MIN_RATIO_DAYS: usize = 375;

/// Valuation ratios on every trading day of the 3-year window, using the TTM results the
/// market knew that day (first filed on or before it). Ratios with a negative or zero denominator
/// today (losses, negative equity) are left out: a P/E of a loss means nothing.
pub fn ratio_ranges(
    prices: &[PricePoint],
    shares: &[Figure],
    ttm: &[TtmPoint],
    kind: IndustryKind,
    as_of: NaiveDate,
) -> Vec<RatioRange> {
    let start = three_years_before(as_of);
    let earnings_name = if kind == IndustryKind::Reit {
        "P/FFO"
    } else {
        "P/E"
    };
    let mut series: [(&'static str, Vec<RatioDay>, Option<RatioDay>); 4] = [
        (earnings_name, Vec::new(), None),
        ("P/S", Vec::new(), None),
        ("P/B", Vec::new(), None),
        ("P/FCF", Vec::new(), None),
    ];
    let window: Vec<&PricePoint> = prices
        .iter()
        .filter(|p| p.date >= start && p.date <= as_of)
        .collect();
    let Some(last_day) = window.last().map(|p| p.date) else {
        return Vec::new();
    };
    for price in window {
        let Some(point) = ttm.iter().rev().find(|t| t.available <= price.date) else {
            continue;
        };
        let Some(shares) = shares_at(shares, price.date) else {
            continue;
        };
        let market_cap = price.close * shares.value;
        let earnings = if kind == IndustryKind::Reit {
            point.ffo()
        } else {
            point.net_income.as_ref().map(|f| f.value)
        };
        let free_cash = if kind == IndustryKind::Bank {
            None
        } else {
            point.free_cash_flow()
        };
        let denominators = [
            earnings,
            point.revenue.as_ref().map(|f| f.value),
            point.equity.as_ref().map(|f| f.value),
            free_cash,
        ];
        for (slot, denominator) in series.iter_mut().zip(denominators) {
            let ratio = denominator.filter(|d| *d > 0.0).map(|d| RatioDay {
                ratio: market_cap / d,
                date: price.date,
                close: price.close,
                ttm_end: point.end,
            });
            if let Some(ratio) = ratio {
                slot.1.push(ratio);
            }
            if price.date == last_day {
                slot.2 = ratio;
            }
        }
    }
    series
        .into_iter()
        .filter_map(|(name, values, current)| {
            let current = current?;
            if values.len() < MIN_RATIO_DAYS {
                return None;
            }
            let by_ratio = |a: &&RatioDay, b: &&RatioDay| a.ratio.total_cmp(&b.ratio);
            let min_day = *values.iter().min_by(by_ratio)?;
            let max_day = *values.iter().max_by(by_ratio)?;
            Some(RatioRange {
                name,
                min: min_day.ratio,
                max: max_day.ratio,
                current: current.ratio,
                days: values.len(),
                min_day,
                max_day,
                current_day: current,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(date: &str, close: f64) -> PricePoint {
        PricePoint {
            date: date.parse().unwrap(),
            close,
        }
    }

    #[test]
    fn lookups_take_the_last_close_on_or_before() {
        let prices = [p("2024-01-02", 10.0), p("2024-01-05", 12.0)];
        assert_eq!(
            close_on(&prices, "2024-01-04".parse().unwrap(), 5)
                .unwrap()
                .close,
            10.0
        );
        assert_eq!(
            close_on(&prices, "2024-01-05".parse().unwrap(), 5)
                .unwrap()
                .close,
            12.0
        );
        assert_eq!(close_on(&prices, "2024-01-01".parse().unwrap(), 5), None);
        assert_eq!(
            close_on(&prices, "2024-03-01".parse().unwrap(), 5),
            None,
            "too stale"
        );
    }

    #[test]
    fn value_series_has_monthly_points_and_the_investment() {
        let prices = [
            p("2021-06-14", 50.0),
            p("2021-06-30", 55.0),
            p("2024-05-31", 100.0),
            p("2024-06-14", 150.0),
        ];
        let series = value_series(&prices, &prices, &[], "2024-06-15".parse().unwrap());
        assert_eq!(series.first().unwrap().label, "2021-06");
        assert_eq!(series.last().unwrap().label, "2024-06");
        assert_eq!(series.last().unwrap().investment_k, 3.0);
        // The 2021-06-15 start, month ends 2021-07-31 .. 2024-05-31, and the as-of day; month
        // ends without a close in the 31 days before them drop out.
        assert!(series.iter().all(|v| v.market_value.is_none()));
        assert_eq!(series.len(), 4);
    }
}
