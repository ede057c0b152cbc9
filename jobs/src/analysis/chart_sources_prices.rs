//! The sources of the page's market value and price range charts (outside the 12 questions):
//! each point's market value is the day's close times the share count then, and what $1000
//! became is the day's close over the first close.

use super::{
    chart_sources::{ChartSources, PRICE_SOURCE, USD},
    market::{Range, ValuePoint, close_on},
    price_basis::PriceBasis,
    shares::shares_at,
};
use crate::market_data::PricePoint;

/// The same staleness the value series allows (`market::value_series`).
const MAX_STALE_DAYS: i64 = 31;

/// The closes of the two charts: `prices` price the market values and the range (as traded
/// where `basis` says so), `total_return` (adjusted for dividends) grows the $1000.
pub struct Closes<'a> {
    pub prices: &'a [PricePoint],
    pub total_return: &'a [PricePoint],
    pub basis: PriceBasis,
}

impl Closes<'_> {
    /// A dividend-adjusted close of the $1000 line; on a day whose market value uses the
    /// traded close it gets a label of its own.
    fn grown(&self, s: &mut ChartSources, point: &PricePoint) -> String {
        if self.basis.is_traded(point.date) {
            s.market(
                format!("Price {} with dividends reinvested", point.date),
                point.close,
                "USD per share",
                PRICE_SOURCE,
                Some(point.date),
            )
        } else {
            s.price(point, PRICE_SOURCE)
        }
    }
}

/// Cells are keyed by the point's date (`row`), the fields being `marketValue` and
/// `investment` (what $1000 became, in dollars: the record's `investmentK` x 1000), and by the
/// price range's row names (`3-year low`, `Today`, `3-year high`) with field `price`.
pub fn price_chart_sources(
    series: &[ValuePoint],
    range: Option<&Range>,
    closes: &Closes,
    shares: &[super::facts::Figure],
) -> ChartSources {
    let mut s = ChartSources::default();
    let first = series
        .first()
        .and_then(|p| close_on(closes.total_return, p.date, MAX_STALE_DAYS));
    for p in series {
        let row = p.date.to_string();
        if let Some(close) = close_on(closes.prices, p.date, MAX_STALE_DAYS)
            && let (Some(_), Some(count)) = (p.market_value, shares_at(shares, p.date))
        {
            let source = closes.basis.source(close.date);
            let label = s.market_value(format!("Market value {row}"), &close, count, source);
            s.cell(&row, "marketValue", label);
        }
        let grown = close_on(closes.total_return, p.date, MAX_STALE_DAYS);
        if let (Some(first), Some(grown)) = (first, grown) {
            let day = closes.grown(&mut s, &grown);
            let start = closes.grown(&mut s, &first);
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
            let label = s.price(&point, closes.basis.source(point.date));
            s.cell(row, "price", label);
        }
    }
    s
}
