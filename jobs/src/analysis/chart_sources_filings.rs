//! The sources of the charts of questions 1-6, built from the same fiscal years as the charts
//! (`score::chart_years`, `score::growth`), so every cell's number is the source's number.

use super::{
    chart_sources::{ChartSources, PERCENT, USD},
    facts::Figure,
    financials::{BalanceSheet, FiscalYear},
    score::{Fundamentals, chart_years, growth},
};

/// The sources of question `number`'s chart (1-6).
pub fn filing_chart_sources(number: u8, f: &Fundamentals) -> ChartSources {
    let mut s = ChartSources::default();
    match number {
        1 => value_growth(&mut s, f.years, "Revenue", ("value", "growthPct"), |y| {
            y.revenue.as_ref()
        }),
        2 => {
            value_growth(
                &mut s,
                f.years,
                "Revenue",
                ("revenue", "revenueGrowthPct"),
                |y| y.revenue.as_ref(),
            );
            value_growth(
                &mut s,
                f.years,
                "Expenses",
                ("expense", "expenseGrowthPct"),
                |y| y.expenses.as_ref(),
            );
        }
        3 => value_growth(&mut s, f.years, "Net income", ("value", "growthPct"), |y| {
            y.net_income.as_ref()
        }),
        4 => margins(&mut s, f.years),
        5 => cash_flows(&mut s, f.years),
        6 => cash_debt(&mut s, f),
        _ => {}
    }
    s
}

/// Question 10's chart has the same shape as question 1's: diluted shares and their growth.
pub fn dilution_chart_sources(years: &[FiscalYear]) -> ChartSources {
    let mut s = ChartSources::default();
    value_growth(
        &mut s,
        years,
        "Diluted shares",
        ("value", "growthPct"),
        |y| y.diluted_shares.as_ref(),
    );
    s
}

/// A yearly series and its growth: each year's figure, and each growth rate as a derivation
/// from that year and the year before (which may be one year older than the chart shows).
pub fn value_growth(
    s: &mut ChartSources,
    years: &[FiscalYear],
    name: &str,
    (value_column, growth_column): (&str, &str),
    get: impl Fn(&FiscalYear) -> Option<&Figure> + Copy,
) {
    let offset = years.len().saturating_sub(4);
    for (i, y) in chart_years(years).iter().enumerate() {
        let label = s.maybe_figure(format!("{name} {}", y.label), get(y));
        s.maybe_cell(&y.label, value_column, label.clone());
        let index = offset + i;
        let Some(g) = growth(years, index, |y| get(y).map(|f| f.value)) else {
            continue;
        };
        let (Some(this), Some(prev)) = (label, index.checked_sub(1).map(|p| &years[p])) else {
            continue;
        };
        let Some(before) = s.maybe_figure(format!("{name} {}", prev.label), get(prev)) else {
            continue;
        };
        let derived = s.derived(
            format!("{name} growth {}", y.label),
            g,
            PERCENT,
            format!("({this} - {before}) / {before}, in percent"),
            vec![this, before],
        );
        s.cell(&y.label, growth_column, derived);
    }
}

/// `part` as a percent of the year's revenue (`FiscalYear::percent_of_sales`).
fn percent_of_sales(
    s: &mut ChartSources,
    y: &FiscalYear,
    name: &str,
    part_name: &str,
    part: Option<&Figure>,
) -> Option<String> {
    let value = y.percent_of_sales(part.map(|f| f.value))?;
    let part = s.maybe_figure(format!("{part_name} {}", y.label), part)?;
    let revenue = s.maybe_figure(format!("Revenue {}", y.label), y.revenue.as_ref())?;
    Some(s.derived(
        format!("{name} {}", y.label),
        value,
        PERCENT,
        format!("{part} / {revenue}, in percent"),
        vec![part, revenue],
    ))
}

fn margins(s: &mut ChartSources, years: &[FiscalYear]) {
    for y in chart_years(years) {
        let gross = percent_of_sales(
            s,
            y,
            "Gross margin",
            "Gross profit",
            y.gross_profit.as_ref(),
        );
        s.maybe_cell(&y.label, "grossPct", gross);
        let net = percent_of_sales(s, y, "Net margin", "Net income", y.net_income.as_ref());
        s.maybe_cell(&y.label, "netPct", net);
    }
}

/// Free cash flow of a year: operating cash flow minus capital spending.
pub fn free_cash_flow(s: &mut ChartSources, y: &FiscalYear) -> Option<String> {
    let value = y.free_cash_flow()?;
    let operating = s.maybe_figure(
        format!("Operating cash flow {}", y.label),
        y.operating_cf.as_ref(),
    )?;
    let capex = s.maybe_figure(format!("Capital spending {}", y.label), y.capex.as_ref())?;
    Some(s.derived(
        format!("Free cash flow {}", y.label),
        value,
        USD,
        format!("{operating} - {capex}"),
        vec![operating, capex],
    ))
}

fn cash_flows(s: &mut ChartSources, years: &[FiscalYear]) {
    for y in chart_years(years) {
        let operating = s.maybe_figure(
            format!("Operating cash flow {}", y.label),
            y.operating_cf.as_ref(),
        );
        s.maybe_cell(&y.label, "operating", operating);
        // The chart draws capital spending below zero; the filing reports it as a payment.
        let capex = s.maybe_figure(format!("Capital spending {}", y.label), y.capex.as_ref());
        s.maybe_cell(&y.label, "capex", capex);
        let free = free_cash_flow(s, y);
        s.maybe_cell(&y.label, "free", free);
    }
}

/// One balance sheet's row: cash (plus short-term investments, as a derivation) and debt.
fn balance_row(s: &mut ChartSources, row: &str, b: &BalanceSheet) {
    let cash = s.maybe_figure(format!("Cash {row}"), b.cash.as_ref());
    let liquid = match (cash, &b.short_term_investments, b.liquid_assets()) {
        (Some(cash), Some(investments), Some(total)) => {
            let investments = s.figure(format!("Short-term investments {row}"), investments);
            Some(s.derived(
                format!("Cash and short-term investments {row}"),
                total,
                USD,
                format!("{cash} + {investments}"),
                vec![cash, investments],
            ))
        }
        (cash, _, _) => cash,
    };
    s.maybe_cell(row, "cash", liquid);
    let debt = s.maybe_figure(format!("Debt {row}"), b.debt.as_ref());
    s.maybe_cell(row, "debt", debt);
}

fn cash_debt(s: &mut ChartSources, f: &Fundamentals) {
    for y in chart_years(f.years) {
        balance_row(s, &y.label, &y.balance);
    }
    // The same extra row as the chart: the latest balance sheet when it is newer.
    let b = f.latest_balance;
    if let Some(date) = b.date.filter(|d| f.years.last().is_none_or(|y| y.end < *d)) {
        balance_row(s, &date.format("%Y-%m").to_string(), b);
    }
}
