//! The sources of the page's market value and price range charts (outside the 12 questions):
//! each point's market value is the day's close times the share count then, and what $1000
//! became is the day's close over the first close.

use super::{
    chart_sources::{ChartSources, USD},
    market::{Range, ValuePoint, close_on},
    shares::shares_at,
};
use crate::market_data::PricePoint;

/// The same staleness the value series allows (`market::value_series`).
const MAX_STALE_DAYS: i64 = 31;

/// Cells are keyed by the point's date (`row`), the fields being `marketValue` and
/// `investment` (what $1000 became, in dollars: the record's `investmentK` x 1000), and by the
/// price range's row names (`3-year low`, `Today`, `3-year high`) with field `price`.
pub fn price_chart_sources(
    series: &[ValuePoint],
    range: Option<&Range>,
    prices: &[PricePoint],
    shares: &[super::facts::Figure],
) -> ChartSources {
    let mut s = ChartSources::default();
    let first = series
        .first()
        .and_then(|p| close_on(prices, p.date, MAX_STALE_DAYS));
    for p in series {
        let Some(close) = close_on(prices, p.date, MAX_STALE_DAYS) else {
            continue;
        };
        let row = p.date.to_string();
        let day = s.price(&close);
        if let (Some(_), Some(count)) = (p.market_value, shares_at(shares, p.date)) {
            let label = s.market_value(format!("Market value {row}"), &close, count);
            s.cell(&row, "marketValue", label);
        }
        if let Some(first) = first {
            let start = s.price(&first);
            let label = s.derived(
                format!("$1000 invested on {} ({row})", first.date),
                p.investment_k * 1000.0,
                USD,
                format!("$1000 x {day} / {start}"),
                vec![day, start],
            );
            s.cell(&row, "investment", label);
        }
    }
    if let Some(r) = range {
        for (row, point) in [
            ("3-year low", r.min),
            ("Today", r.today),
            ("3-year high", r.max),
        ] {
            let label = s.price(&point);
            s.cell(row, "price", label);
        }
    }
    s
}
