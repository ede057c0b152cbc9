//! The sources of the charts of questions 7-12: market values (price x shares), yields and
//! valuation ratios as derivations down to the filing figures and closing prices they came
//! from, and the Treasury, holders and short-interest values with their providers and dates.
//! Each function follows its question in `score_market` / `score_owners` step by step.

use chrono::NaiveDate;

use crate::market_data::PricePoint;

use super::{
    chart_sources::{
        ChartSources, HOLDERS_SOURCE, PERCENT, SHORT_SOURCE, TIMES, TREASURY_SOURCE, USD,
    },
    chart_sources_filings::{dilution_chart_sources, free_cash_flow},
    facts::Figure,
    financials::FiscalYear,
    history::TtmPoint,
    market::{close_on, ratio_ranges, treasury_on},
    score::{cagr, span},
    score_market::MarketInputs,
    sector::IndustryKind,
    shares::shares_at,
};

/// The sources of question `number`'s chart (7-12).
pub fn market_chart_sources(number: u8, m: &MarketInputs) -> ChartSources {
    let mut s = ChartSources::default();
    match number {
        7 => returns(&mut s, m),
        8 => forward(&mut s, m),
        9 => ratios(&mut s, m),
        10 => s = dilution_chart_sources(m.years),
        11 => ownership(&mut s, m),
        12 => short_interest(&mut s, m),
        _ => {}
    }
    s
}

/// Market value on `date`: the last close at most `max_stale` days before it times the share
/// count in force then (`score_market::market_cap`); `None` unless positive.
fn market_value(
    s: &mut ChartSources,
    m: &MarketInputs,
    label: String,
    date: NaiveDate,
    max_stale: i64,
) -> Option<String> {
    let close = close_on(m.prices, date, max_stale)?;
    let shares = shares_at(m.shares, date)?;
    let source = m.basis.source(close.date);
    (close.close * shares.value > 0.0).then(|| s.market_value(label, &close, shares, source))
}

/// The 10-year Treasury yield on `date` (`market::treasury_on`).
fn treasury(s: &mut ChartSources, m: &MarketInputs, date: NaiveDate) -> Option<String> {
    let rate = treasury_on(m.rates, date)?;
    Some(s.market(
        format!("10-year Treasury {}", rate.date),
        rate.percent,
        "percent",
        TREASURY_SOURCE,
        Some(rate.date),
    ))
}

/// `numerator` over `market_value`, in percent.
fn return_on(s: &mut ChartSources, label: String, numerator: &str, market_value: &str) -> String {
    let value = s.value_of(numerator).unwrap_or(f64::NAN)
        / s.value_of(market_value).unwrap_or(f64::NAN)
        * 100.0;
    s.derived(
        label,
        value,
        PERCENT,
        format!("{numerator} / {market_value}, in percent"),
        vec![numerator.to_string(), market_value.to_string()],
    )
}

/// A sum of two filing figures (net income + depreciation = funds from operations).
fn ffo(
    s: &mut ChartSources,
    when: &str,
    net_income: Option<&Figure>,
    depreciation: Option<&Figure>,
) -> Option<String> {
    let (ni, dep) = (net_income?, depreciation?);
    let a = s.figure(format!("Net income {when}"), ni);
    let b = s.figure(format!("Depreciation {when}"), dep);
    Some(s.derived(
        format!("FFO {when}"),
        ni.value + dep.value,
        USD,
        format!("{a} + {b} (funds from operations, roughly)"),
        vec![a, b],
    ))
}

fn year_earnings(s: &mut ChartSources, kind: IndustryKind, y: &FiscalYear) -> Option<String> {
    if kind == IndustryKind::Reit {
        ffo(s, &y.label, y.net_income.as_ref(), y.depreciation.as_ref())
    } else {
        s.maybe_figure(format!("Net income {}", y.label), y.net_income.as_ref())
    }
}

/// The TTM labels are those of the scored provenance (`score_market::ttm_provenance`).
fn ttm_when(point: &TtmPoint) -> String {
    format!("TTM to {}", point.end)
}

fn ttm_earnings(s: &mut ChartSources, kind: IndustryKind, point: &TtmPoint) -> Option<String> {
    let when = ttm_when(point);
    if kind == IndustryKind::Reit {
        ffo(
            s,
            &when,
            point.net_income.as_ref(),
            point.depreciation.as_ref(),
        )
    } else {
        s.maybe_figure(format!("Net income {when}"), point.net_income.as_ref())
    }
}

fn ttm_free_cash_flow(s: &mut ChartSources, point: &TtmPoint) -> Option<String> {
    let when = ttm_when(point);
    let value = point.free_cash_flow()?;
    let operating = s.maybe_figure(
        format!("Operating cash flow {when}"),
        point.operating_cf.as_ref(),
    )?;
    let capex = s.maybe_figure(format!("Capital spending {when}"), point.capex.as_ref())?;
    Some(s.derived(
        format!("Free cash flow {when}"),
        value,
        USD,
        format!("{operating} - {capex}"),
        vec![operating, capex],
    ))
}

/// Question 7: earnings and cash-flow returns per year and today, and the Treasury.
fn returns(s: &mut ChartSources, m: &MarketInputs) {
    for y in &m.years[m.years.len().saturating_sub(3)..] {
        let row = y.label.as_str();
        let cap = market_value(s, m, format!("Market value {row}"), y.end, 10);
        if let Some(cap) = &cap {
            if let Some(earnings) = year_earnings(s, m.kind, y) {
                let r = return_on(s, format!("Earnings return {row}"), &earnings, cap);
                s.cell(row, "earningsReturnPct", r);
            }
            if m.kind != IndustryKind::Bank
                && let Some(fcf) = free_cash_flow(s, y)
            {
                let r = return_on(s, format!("Cash flow return {row}"), &fcf, cap);
                s.cell(row, "cashFlowReturnPct", r);
            }
        }
        let bond = treasury(s, m, y.end);
        s.maybe_cell(row, "govtBondPct", bond);
    }
    // The TTM row exists only when the question could be answered (`q7_returns`).
    let (Some(point), Some(_)) = (m.latest_ttm(), m.bond_now()) else {
        return;
    };
    let Some(cap) = market_value(s, m, "Market value today".into(), m.as_of, 31) else {
        return;
    };
    if let Some(earnings) = ttm_earnings(s, m.kind, point) {
        let r = return_on(s, "Earnings return TTM".into(), &earnings, &cap);
        s.cell("TTM", "earningsReturnPct", r);
    }
    if m.kind != IndustryKind::Bank
        && let Some(fcf) = ttm_free_cash_flow(s, point)
    {
        let r = return_on(s, "Cash flow return TTM".into(), &fcf, &cap);
        s.cell("TTM", "cashFlowReturnPct", r);
    }
    let bond = treasury(s, m, m.as_of);
    s.maybe_cell("TTM", "govtBondPct", bond);
}

/// The growth rate question 8 projects with (`score_market::projected_growth`): earnings'
/// own 3-year CAGR, else revenue's, held to -20%..+25%.
fn projected_growth(s: &mut ChartSources, years: &[FiscalYear]) -> Option<String> {
    type Get = for<'a> fn(&'a FiscalYear) -> Option<&'a Figure>;
    let series: [(&str, Get); 2] = [
        ("Net income", |y| y.net_income.as_ref()),
        ("Revenue", |y| y.revenue.as_ref()),
    ];
    series.into_iter().find_map(|(name, get)| {
        let (base, latest, n) = span(years, get)?;
        let (from, to) = (get(base)?, get(latest)?);
        let growth = cagr(from.value, to.value, n)?.clamp(-20.0, 25.0);
        let a = s.figure(format!("{name} {}", base.label), from);
        let b = s.figure(format!("{name} {}", latest.label), to);
        Some(s.derived(
            "Projected earnings growth".into(),
            growth,
            PERCENT,
            format!("yearly growth from {a} to {b} over {n} years, held to -20%..+25%"),
            vec![a, b],
        ))
    })
}

/// Question 8: next year's projected earnings on today's market value, and the Treasury.
fn forward(s: &mut ChartSources, m: &MarketInputs) {
    let bond = treasury(s, m, m.as_of);
    s.maybe_cell("", "treasuryPct", bond);
    let Some(point) = m.latest_ttm() else {
        return;
    };
    if m.bond_now().is_none() {
        return;
    }
    let (Some(earnings), Some(value)) = (ttm_earnings(s, m.kind, point), m.earnings(point)) else {
        return;
    };
    let Some(cap) = market_value(s, m, "Market value today".into(), m.as_of, 31) else {
        return;
    };
    let growth = if value > 0.0 {
        projected_growth(s, m.years)
    } else {
        None
    };
    let next = match growth {
        Some(growth) => {
            let rate = s.value_of(&growth).unwrap_or(0.0);
            s.derived(
                "Next year's earnings (projected)".into(),
                value * (1.0 + rate / 100.0),
                USD,
                format!("{earnings} x (1 + {growth})"),
                vec![earnings, growth],
            )
        }
        None => s.derived(
            "Next year's earnings (projected)".into(),
            value,
            USD,
            format!("{earnings}, taken as it is (a loss, or no growth trend to project)"),
            vec![earnings],
        ),
    };
    let r = return_on(s, "Forward earnings return".into(), &next, &cap);
    s.cell("", "forwardYieldPct", r);
}

/// The TTM denominator of a valuation ratio, by the ratio's name (`market::ratio_ranges`).
fn ratio_base(s: &mut ChartSources, name: &str, point: &TtmPoint) -> Option<String> {
    let when = ttm_when(point);
    match name {
        "P/E" => s.maybe_figure(format!("Net income {when}"), point.net_income.as_ref()),
        "P/FFO" => ffo(
            s,
            &when,
            point.net_income.as_ref(),
            point.depreciation.as_ref(),
        ),
        "P/S" => s.maybe_figure(format!("Revenue {when}"), point.revenue.as_ref()),
        "P/B" => s.maybe_figure(format!("Equity {}", point.end), point.equity.as_ref()),
        "P/FCF" => ttm_free_cash_flow(s, point),
        _ => None,
    }
}

/// Question 9: each ratio's 3-year low, high and today, down to the day's price, share
/// count and the TTM results the market knew that day.
fn ratios(s: &mut ChartSources, m: &MarketInputs) {
    for r in ratio_ranges(m.prices, m.shares, m.ttm, m.kind, m.as_of) {
        for (column, day, word) in [
            ("min", r.min_day, "3-year low"),
            ("max", r.max_day, "3-year high"),
            ("current", r.current_day, "today"),
        ] {
            let Some(point) = m.ttm.iter().find(|t| t.end == day.ttm_end) else {
                continue;
            };
            let Some(base) = ratio_base(s, r.name, point) else {
                continue;
            };
            let Some(shares) = shares_at(m.shares, day.date) else {
                continue;
            };
            let close = PricePoint {
                date: day.date,
                close: day.close,
            };
            let source = m.basis.source(day.date);
            let cap = s.market_value(format!("Market value {}", day.date), &close, shares, source);
            let ratio = s.derived(
                format!("{} {word}", r.name),
                day.ratio, TIMES,
                format!(
                    "{cap} / {base} (the results known that day); {word} of {} trading days in the 3 years to {}",
                    r.days, m.as_of
                ),
                vec![cap, base],
            );
            s.cell(r.name, column, ratio);
        }
    }
}

/// Question 11: holders data, or the insider estimate from the 10-K cover page.
fn ownership(s: &mut ChartSources, m: &MarketInputs) {
    if let Some(o) = m.ownership {
        let date = o.report_date;
        let insiders = s.market(
            "Insiders".into(),
            o.insiders_pct,
            "percent",
            HOLDERS_SOURCE,
            date,
        );
        let institutions = s.market(
            "Institutions".into(),
            o.institutions_pct,
            "percent",
            HOLDERS_SOURCE,
            date,
        );
        let retail = s.derived(
            "Retail".into(),
            (100.0 - o.insiders_pct - o.institutions_pct).max(0.0),
            PERCENT,
            format!("100% - {insiders} - {institutions} (not below 0)"),
            vec![insiders.clone(), institutions.clone()],
        );
        s.cell("", "insidersPct", insiders);
        s.cell("", "institutionsPct", institutions);
        s.cell("", "retailPct", retail);
        return;
    }
    let Some(float) = m.public_float else {
        return;
    };
    let Some(cap) = market_value(s, m, format!("Market value {}", float.end), float.end, 10) else {
        return;
    };
    let float_label = s.figure("Public float (10-K cover)".into(), float);
    let insiders = s.derived(
        "Insiders (estimated)".into(),
        ((1.0 - float.value / s.value_of(&cap).unwrap_or(f64::NAN)) * 100.0).clamp(0.0, 100.0),
        PERCENT,
        format!("(1 - {float_label} / {cap}), in percent: the shares not in public hands"),
        vec![float_label, cap],
    );
    // The page draws "everyone else" next to the estimate instead of a made-up retail share.
    let rest = s.derived(
        "Everyone else (institutions and retail)".into(),
        100.0 - s.value_of(&insiders).unwrap_or(f64::NAN),
        PERCENT,
        format!("100% - {insiders}"),
        vec![insiders.clone()],
    );
    s.cell("", "insidersPct", insiders);
    s.cell("", "everyoneElsePct", rest);
}

/// Question 12: FINRA's short interest at its settlement date.
fn short_interest(s: &mut ChartSources, m: &MarketInputs) {
    let Some(short) = m.short_interest else {
        return;
    };
    let Some(value) = short.short_pct_of_float else {
        return;
    };
    let label = s.market(
        "Short interest".into(),
        value,
        "percent of float",
        SHORT_SOURCE,
        short.settlement_date,
    );
    s.cell("", "shortPct", label);
}
