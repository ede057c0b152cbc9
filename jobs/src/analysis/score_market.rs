//! Questions 7-9, which weigh the business against its price: returns versus the 10-year
//! Treasury, today and projected from the company's own trend, and how expensive the stock is
//! against its own 3-year history.

use chrono::NaiveDate;

use super::{
    facts::Figure,
    financials::FiscalYear,
    format::{money, pct, signed, times},
    history::TtmPoint,
    market::{self, close_on, treasury_on},
    record::{Chart, Provenance, RatioRow, YieldRow},
    rubric,
    score::{Answer, Vars, cagr, span},
    sector::IndustryKind,
    shares::shares_at,
};
use crate::market_data::{Ownership, PricePoint, RatePoint, ShortInterest};

/// What questions 7-12 read.
pub struct MarketInputs<'a> {
    pub kind: IndustryKind,
    pub years: &'a [FiscalYear],
    pub ttm: &'a [TtmPoint],
    /// Shares outstanding over time, split-adjusted.
    pub shares: &'a [Figure],
    /// Daily closes, oldest first (empty when unknown): as traded where `basis` says so,
    /// else adjusted for dividends (`price_basis`).
    pub prices: &'a [PricePoint],
    pub basis: super::price_basis::PriceBasis,
    /// 10-year Treasury, oldest first (empty when unknown).
    pub rates: &'a [RatePoint],
    pub short_interest: Option<&'a ShortInterest>,
    pub ownership: Option<&'a Ownership>,
    pub public_float: Option<&'a Figure>,
    pub as_of: NaiveDate,
}

/// Market value on a date: last close on or before it times the share count then.
pub fn market_cap(prices: &[PricePoint], shares: &[Figure], date: NaiveDate) -> Option<f64> {
    Some(close_on(prices, date, 10)?.close * shares_at(shares, date)?.value)
}

impl MarketInputs<'_> {
    /// Today's market value.
    pub fn market_cap_now(&self) -> Option<f64> {
        Some(
            close_on(self.prices, self.as_of, 31)?.close
                * shares_at(self.shares, self.as_of)?.value,
        )
    }

    /// The newest TTM results known at the as-of date.
    pub(crate) fn latest_ttm(&self) -> Option<&TtmPoint> {
        self.ttm
            .iter()
            .rev()
            .find(|t| t.available <= self.as_of && t.net_income.is_some())
    }

    /// The earnings that count: FFO for REITs, net income for everyone else.
    pub(crate) fn earnings(&self, point: &TtmPoint) -> Option<f64> {
        if self.kind == IndustryKind::Reit {
            point.ffo()
        } else {
            point.net_income.as_ref().map(|f| f.value)
        }
    }

    pub(crate) fn bond_now(&self) -> Option<f64> {
        treasury_on(self.rates, self.as_of).map(|r| r.percent)
    }
}

fn ttm_provenance(point: &TtmPoint) -> Vec<Provenance> {
    [
        ("Net income TTM", &point.net_income),
        ("Operating cash flow TTM", &point.operating_cf),
        ("Capital spending TTM", &point.capex),
    ]
    .into_iter()
    .filter_map(|(label, f)| {
        f.as_ref().map(|f| Provenance {
            label: format!("{label} to {}", point.end),
            figure: f.clone(),
        })
    })
    .collect()
}

/// Q7: what the business earns on today's price, against the 10-year Treasury.
pub fn q7_returns(m: &MarketInputs) -> Answer {
    let mut rows: Vec<YieldRow> = m.years[m.years.len().saturating_sub(3)..]
        .iter()
        .map(|y| {
            let cap = market_cap(m.prices, m.shares, y.end).filter(|c| *c > 0.0);
            let earnings = if m.kind == IndustryKind::Reit {
                y.ffo()
            } else {
                y.net_income.as_ref().map(|f| f.value)
            };
            let fcf = if m.kind == IndustryKind::Bank {
                None
            } else {
                y.free_cash_flow()
            };
            YieldRow {
                label: y.label.clone(),
                earnings_return_pct: cap.zip(earnings).map(|(c, e)| e / c * 100.0),
                cash_flow_return_pct: cap.zip(fcf).map(|(c, f)| f / c * 100.0),
                govt_bond_pct: treasury_on(m.rates, y.end).map(|r| r.percent),
            }
        })
        .collect();
    let name = "earnings and cash yield minus 10-year Treasury, points";
    let (Some(cap), Some(point), Some(bond)) = (
        m.market_cap_now().filter(|c| *c > 0.0),
        m.latest_ttm(),
        m.bond_now(),
    ) else {
        let chart = Chart::Yields { rows };
        return Answer::missing(
            name,
            chart,
            "I need today's price, a year of results and the Treasury rate",
        );
    };
    let earnings_yield = m.earnings(point).map(|e| e / cap * 100.0);
    let cash_yield = if m.kind == IndustryKind::Bank {
        None
    } else {
        point.free_cash_flow().map(|f| f / cap * 100.0)
    };
    rows.push(YieldRow {
        label: "TTM".into(),
        earnings_return_pct: earnings_yield,
        cash_flow_return_pct: cash_yield,
        govt_bond_pct: Some(bond),
    });
    let chart = Chart::Yields { rows };
    let yields: Vec<f64> = earnings_yield.into_iter().chain(cash_yield).collect();
    if yields.is_empty() {
        return Answer::missing(name, chart, "I can't find the last year's earnings");
    }
    let spread = yields.iter().sum::<f64>() / yields.len() as f64 - bond;
    let vars = Vars::from([
        (
            "earnings_yield",
            earnings_yield.map_or_else(|| "N/A".into(), pct),
        ),
        ("cash_yield", cash_yield.map_or_else(|| "N/A".into(), pct)),
        ("yields", yields_in_words(earnings_yield, cash_yield)),
        ("verdict", bond_verdict(earnings_yield, cash_yield, bond)),
        ("bond", pct(bond)),
        ("spread", signed(spread)),
        ("market_cap", money(cap)),
    ]);
    let variant = match m.kind {
        IndustryKind::Reit => "reit",
        IndustryKind::Bank => "bank",
        _ => "",
    };
    Answer {
        score: rubric::YIELD_SPREAD.score(spread),
        metric: Some(spread),
        metric_name: name,
        chart,
        provenance: ttm_provenance(point),
        vars,
        variant,
    }
}

/// "5.9% a year in profits and 1.3% in free cash", leaving out a yield that is not known
/// (never "N/A in free cash").
fn yields_in_words(earnings: Option<f64>, cash: Option<f64>) -> String {
    match (earnings, cash) {
        (Some(e), Some(c)) => format!("{} a year in profits and {} in free cash", pct(e), pct(c)),
        (Some(e), None) => format!("{} a year in profits", pct(e)),
        (None, Some(c)) => format!("{} a year in free cash", pct(c)),
        (None, None) => "nothing I can measure".into(),
    }
}

/// The verdict on the bond, following from the yields in the same sentence: which beats the
/// Treasury and which does not (Alphabet's 5.9% in profits beats 4.7%, its 1.3% in free cash
/// does not).
fn bond_verdict(earnings: Option<f64>, cash: Option<f64>, bond: f64) -> String {
    let beats = |y: Option<f64>| y.map(|y| y >= bond);
    match (beats(earnings), beats(cash)) {
        (Some(true), Some(true)) => "Both beat the government's IOU.".into(),
        (Some(true), Some(false)) => {
            "The profits beat the bond, but the free cash doesn't, and cash is what pays the bills."
                .into()
        }
        (Some(false), Some(true)) => "The free cash beats the bond, but the profits don't.".into(),
        (Some(true), None) | (None, Some(true)) => "That beats the government's IOU.".into(),
        _ => "The bond wins this round.".into(),
    }
}

/// The growth rate used to project next year's earnings: the company's own 3-year earnings
/// CAGR (revenue CAGR when earnings had a loss year), held to -20%..+25% so one wild year does
/// not promise the moon.
pub fn projected_growth(years: &[FiscalYear]) -> Option<f64> {
    let by = |get: fn(&FiscalYear) -> Option<&Figure>| {
        let (base, latest, n) = span(years, get)?;
        cagr(get(base)?.value, get(latest)?.value, n)
    };
    by(|y| y.net_income.as_ref())
        .or_else(|| by(|y| y.revenue.as_ref()))
        .map(|g| g.clamp(-20.0, 25.0))
}

/// Q8: next year's earnings, projected from the company's own trend, on today's price,
/// against the 10-year Treasury. Returns the answer and the forward-returns pair.
pub fn q8_forward(m: &MarketInputs) -> (Answer, Option<(f64, f64)>) {
    let name = "projected earnings yield minus 10-year Treasury, points";
    let bond = m.bond_now();
    let (Some(cap), Some(point), Some(bond_now)) = (
        m.market_cap_now().filter(|c| *c > 0.0),
        m.latest_ttm(),
        bond,
    ) else {
        let chart = Chart::Forward {
            forward_yield_pct: None,
            treasury_pct: bond,
        };
        return (
            Answer::missing(
                name,
                chart,
                "I need today's price, a year of results and the Treasury rate",
            ),
            None,
        );
    };
    let Some(earnings) = m.earnings(point) else {
        let chart = Chart::Forward {
            forward_yield_pct: None,
            treasury_pct: bond,
        };
        return (
            Answer::missing(name, chart, "I can't find the last year's earnings"),
            None,
        );
    };
    let trend = projected_growth(m.years);
    let growth = trend.unwrap_or(0.0);
    // A loss is not projected to grow: we take it as it is.
    let forward = if earnings > 0.0 {
        earnings * (1.0 + growth / 100.0)
    } else {
        earnings
    };
    let forward_yield = forward / cap * 100.0;
    let spread = forward_yield - bond_now;
    let chart = Chart::Forward {
        forward_yield_pct: Some(forward_yield),
        treasury_pct: Some(bond_now),
    };
    let vars = Vars::from([
        ("growth", pct(growth)),
        ("forward_earnings", money(forward)),
        ("forward_yield", pct(forward_yield)),
        ("bond", pct(bond_now)),
        ("spread", signed(spread)),
    ]);
    let answer = Answer {
        score: rubric::FORWARD_SPREAD.score(spread),
        metric: Some(spread),
        metric_name: name,
        chart,
        provenance: ttm_provenance(point),
        vars,
        variant: match (earnings > 0.0, trend) {
            (false, _) => "loss",
            (true, None) => "no_trend",
            (true, Some(_)) => "",
        },
    };
    (answer, Some((forward_yield, bond_now)))
}

/// Q9: where today's P/E, P/S, P/B and P/FCF sit in their own 3-year ranges.
pub fn q9_valuation(m: &MarketInputs) -> Answer {
    let ranges = market::ratio_ranges(m.prices, m.shares, m.ttm, m.kind, m.as_of);
    let rows = ranges
        .iter()
        .map(|r| RatioRow {
            name: r.name.into(),
            min: r.min,
            max: r.max,
            current: r.current,
        })
        .collect();
    let chart = Chart::Ratios { rows };
    let name = "average position of valuation ratios in their 3-year range (0 = cheapest)";
    let Some(first) = ranges.first() else {
        return Answer::missing(
            name,
            chart,
            "I need three years of prices and quarterly results with a profit, sales or book value to compare",
        );
    };
    let position = ranges.iter().map(|r| r.position()).sum::<f64>() / ranges.len() as f64;
    let vars = Vars::from([
        ("ratio_name", first.name.to_string()),
        ("ratio", times(first.current)),
        ("ratio_min", times(first.min)),
        ("ratio_max", times(first.max)),
        ("position", format!("{:.0}%", position * 100.0)),
        ("count", ranges.len().to_string()),
    ]);
    Answer {
        score: rubric::RANGE_POSITION.score(position),
        metric: Some(position),
        metric_name: name,
        chart,
        provenance: Vec::new(),
        vars,
        variant: "",
    }
}
