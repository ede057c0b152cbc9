//! Questions 1-6, from the annual reports: growth, expenses, earnings, margins, cash flows,
//! cash and debt. Each returns an [`Answer`]: the raw score, the rubric's input, the chart,
//! the figures used, and the numbers (already formatted) the comment may quote.

use std::collections::BTreeMap;

use super::{
    facts::Figure,
    financials::{BalanceSheet, FiscalYear},
    format::{money, pct, signed, times},
    record::{
        CashDebtRow, CashFlowRow, Chart, MarginRow, Provenance, RevenueExpenseRow, ValueGrowthRow,
    },
    rubric::{self, with_trend},
    sector::IndustryKind,
};

/// Formatted numbers a comment template may quote, by placeholder name.
pub type Vars = BTreeMap<&'static str, String>;

/// One question's answer before comments and explainers are attached.
#[derive(Debug, Clone, PartialEq)]
pub struct Answer {
    /// 0.0..=10.0 before rounding; `None` = not enough data.
    pub score: Option<f64>,
    pub metric: Option<f64>,
    pub metric_name: &'static str,
    pub chart: Chart,
    pub provenance: Vec<Provenance>,
    pub vars: Vars,
    /// Which comment family fits (e.g. `bank`, `estimate`, `loss`); `""` for the usual one.
    pub variant: &'static str,
}

impl Answer {
    /// An unanswered question with the reason Bubba gives.
    pub fn missing(metric_name: &'static str, chart: Chart, reason: &str) -> Answer {
        let mut vars = Vars::new();
        vars.insert("reason", reason.to_string());
        Answer {
            score: None,
            metric: None,
            metric_name,
            chart,
            provenance: Vec::new(),
            vars,
            variant: "",
        }
    }
}

/// Everything about the fiscal years the first six questions need.
pub struct Fundamentals<'a> {
    pub kind: IndustryKind,
    /// Oldest first.
    pub years: &'a [FiscalYear],
    pub latest_balance: &'a BalanceSheet,
    /// The company never reported any debt line.
    pub never_reported_debt: bool,
}

/// How many fiscal years back the growth questions look.
const SPAN_YEARS: i64 = 3;

/// The latest year with the metric, and the year about three years before it that also has
/// it (or the oldest year at least one year back when the history is shorter), with the
/// number of years between them.
pub fn span<'a>(
    years: &'a [FiscalYear],
    get: impl Fn(&FiscalYear) -> Option<&Figure>,
) -> Option<(&'a FiscalYear, &'a FiscalYear, i32)> {
    let latest = years.iter().rev().find(|y| get(y).is_some())?;
    let target = latest.end - chrono::Duration::days(365 * SPAN_YEARS + 45);
    let base = years
        .iter()
        .filter(|y| get(y).is_some() && y.end >= target && (latest.end - y.end).num_days() >= 300)
        .min_by_key(|y| y.end)?;
    let count = ((latest.end - base.end).num_days() as f64 / 365.25).round() as i32;
    Some((base, latest, count.max(1)))
}

/// Compound annual growth in percent; `None` unless both ends are positive.
pub fn cagr(from: f64, to: f64, years: i32) -> Option<f64> {
    (from > 0.0 && to > 0.0 && years > 0)
        .then(|| ((to / from).powf(1.0 / f64::from(years)) - 1.0) * 100.0)
}

fn value(f: &Option<Figure>) -> Option<f64> {
    f.as_ref().map(|f| f.value)
}

fn prov(label: String, figure: &Option<Figure>, out: &mut Vec<Provenance>) {
    if let Some(figure) = figure {
        out.push(Provenance {
            label,
            figure: figure.clone(),
        });
    }
}

/// Up to the last four years, for charts.
fn chart_years(years: &[FiscalYear]) -> &[FiscalYear] {
    &years[years.len().saturating_sub(4)..]
}

/// Year-over-year growth of a metric, against the fiscal year just before (if adjacent).
fn growth(
    years: &[FiscalYear],
    index: usize,
    get: impl Fn(&FiscalYear) -> Option<f64>,
) -> Option<f64> {
    let (this, prev) = (years.get(index)?, years.get(index.checked_sub(1)?)?);
    if (this.end - prev.end).num_days() > 400 {
        return None;
    }
    let (now, before) = (get(this)?, get(prev)?);
    (before != 0.0).then(|| (now - before) / before.abs() * 100.0)
}

fn value_growth_chart(
    years: &[FiscalYear],
    get: impl Fn(&FiscalYear) -> Option<f64> + Copy,
) -> Chart {
    let offset = years.len().saturating_sub(4);
    let rows = chart_years(years)
        .iter()
        .enumerate()
        .map(|(i, y)| ValueGrowthRow {
            label: y.label.clone(),
            value: get(y),
            growth_pct: growth(years, offset + i, get),
        })
        .collect();
    Chart::ValueGrowth { rows }
}

/// Q1: 3-year revenue CAGR.
pub fn q1_revenue(f: &Fundamentals) -> Answer {
    let chart = value_growth_chart(f.years, |y| value(&y.revenue));
    let name = "3-year revenue CAGR %";
    let Some((base, latest, n)) = span(f.years, |y| y.revenue.as_ref()) else {
        return Answer::missing(
            name,
            chart,
            "I need at least two years of sales to see a trend",
        );
    };
    let (from, to) = (
        value(&base.revenue).unwrap_or(0.0),
        value(&latest.revenue).unwrap_or(0.0),
    );
    let Some(growth) = cagr(from, to, n) else {
        return Answer::missing(name, chart, "the sales figures don't make a sensible trend");
    };
    let mut provenance = Vec::new();
    prov(
        format!("Revenue {}", base.label),
        &base.revenue,
        &mut provenance,
    );
    prov(
        format!("Revenue {}", latest.label),
        &latest.revenue,
        &mut provenance,
    );
    let vars = Vars::from([
        ("prev", money(from)),
        ("now", money(to)),
        ("cagr", pct(growth)),
        ("years", n.to_string()),
        ("from_label", base.label.clone()),
        ("to_label", latest.label.clone()),
    ]);
    Answer {
        score: rubric::REVENUE_GROWTH.score(growth),
        metric: Some(growth),
        metric_name: name,
        chart,
        provenance,
        vars,
        variant: "",
    }
}

/// Q2: revenue growth minus expense growth, in points.
pub fn q2_expenses(f: &Fundamentals) -> Answer {
    let offset = f.years.len().saturating_sub(4);
    let rows = chart_years(f.years)
        .iter()
        .enumerate()
        .map(|(i, y)| RevenueExpenseRow {
            label: y.label.clone(),
            revenue: value(&y.revenue),
            revenue_growth_pct: growth(f.years, offset + i, |y| value(&y.revenue)),
            expense: value(&y.expenses),
            expense_growth_pct: growth(f.years, offset + i, |y| value(&y.expenses)),
        })
        .collect();
    let chart = Chart::RevenueExpenses { rows };
    let name = "revenue CAGR minus expense CAGR, points";
    let Some((base, latest, n)) = span(f.years, |y| y.revenue.as_ref().and(y.expenses.as_ref()))
    else {
        return Answer::missing(
            name,
            chart,
            "I need two years of sales and costs side by side",
        );
    };
    let rev = cagr(
        value(&base.revenue).unwrap_or(0.0),
        value(&latest.revenue).unwrap_or(0.0),
        n,
    );
    let exp = cagr(
        value(&base.expenses).unwrap_or(0.0),
        value(&latest.expenses).unwrap_or(0.0),
        n,
    );
    let (Some(rev), Some(exp)) = (rev, exp) else {
        return Answer::missing(name, chart, "the cost figures don't make a sensible trend");
    };
    let gap = rev - exp;
    let mut provenance = Vec::new();
    for y in [base, latest] {
        prov(format!("Revenue {}", y.label), &y.revenue, &mut provenance);
        prov(
            format!("Expenses {}", y.label),
            &y.expenses,
            &mut provenance,
        );
    }
    let vars = Vars::from([
        ("rev_growth", pct(rev)),
        ("exp_growth", pct(exp)),
        ("gap", signed(gap)),
        ("expenses", money(value(&latest.expenses).unwrap_or(0.0))),
        ("revenue", money(value(&latest.revenue).unwrap_or(0.0))),
        ("years", n.to_string()),
    ]);
    Answer {
        score: rubric::REVENUE_VS_EXPENSES.score(gap),
        metric: Some(gap),
        metric_name: name,
        chart,
        provenance,
        vars,
        variant: "",
    }
}

/// Q3: net income level and trend.
pub fn q3_earnings(f: &Fundamentals) -> Answer {
    let chart = value_growth_chart(f.years, |y| value(&y.net_income));
    let name = "3-year net income CAGR % (net margin change when losing money)";
    let Some((base, latest, n)) = span(f.years, |y| y.net_income.as_ref()) else {
        return Answer::missing(
            name,
            chart,
            "I need at least two years of profits or losses to see a trend",
        );
    };
    let (from, to) = (
        value(&base.net_income).unwrap_or(0.0),
        value(&latest.net_income).unwrap_or(0.0),
    );
    let mut provenance = Vec::new();
    prov(
        format!("Net income {}", base.label),
        &base.net_income,
        &mut provenance,
    );
    prov(
        format!("Net income {}", latest.label),
        &latest.net_income,
        &mut provenance,
    );
    let prev_desc = match from {
        f if f < 0.0 => format!("a loss of {}", money(-f)),
        f if f > 0.0 => format!("a profit of {}", money(f)),
        _ => "break-even".into(),
    };
    let mut vars = Vars::from([
        ("prev", money(from)),
        ("now", money(to)),
        ("now_abs", money(to.abs())),
        ("prev_desc", prev_desc),
        ("years", n.to_string()),
        ("to_label", latest.label.clone()),
    ]);
    let margin = |y: &FiscalYear| {
        Some(value(&y.net_income)? / value(&y.revenue).filter(|r| *r > 0.0)? * 100.0)
    };
    let (score, metric, variant) = if to > 0.0 && from > 0.0 {
        let growth = cagr(from, to, n);
        vars.insert("cagr", growth.map_or_else(|| "N/A".into(), pct));
        (
            growth.and_then(|g| rubric::EARNINGS_GROWTH.score(g)),
            growth,
            "",
        )
    } else if to > 0.0 {
        // Went from a loss to a profit: real progress, but one good year is not a trend.
        (Some(7.0), None, "turnaround")
    } else {
        let change = margin(latest).zip(margin(base)).map(|(a, b)| a - b);
        let fallback = if to < from { 0.0 } else { 1.0 };
        let score = change
            .and_then(|c| rubric::LOSS_TREND.score(c))
            .unwrap_or(fallback);
        let trend = if from > 0.0 {
            "so they've slipped from a profit into the red"
        } else if to < from {
            "and the losses are widening"
        } else {
            "and the losses are narrowing"
        };
        vars.insert("trend", trend.into());
        (Some(score), change, "loss")
    };
    Answer {
        score,
        metric,
        metric_name: name,
        chart,
        provenance,
        vars,
        variant,
    }
}

/// Q4: latest net margin, nudged by its 3-year trend.
pub fn q4_margins(f: &Fundamentals) -> Answer {
    let gross = |y: &FiscalYear| {
        Some(value(&y.gross_profit)? / value(&y.revenue).filter(|r| *r > 0.0)? * 100.0)
    };
    let net = |y: &FiscalYear| {
        Some(value(&y.net_income)? / value(&y.revenue).filter(|r| *r > 0.0)? * 100.0)
    };
    let rows = chart_years(f.years)
        .iter()
        .map(|y| MarginRow {
            label: y.label.clone(),
            gross_pct: gross(y),
            net_pct: net(y),
        })
        .collect();
    let chart = Chart::Margins { rows };
    let name = "net margin %";
    let Some(latest) = f.years.iter().rev().find(|y| net(y).is_some()) else {
        return Answer::missing(
            name,
            chart,
            "the filings don't give me both sales and profit for a full year",
        );
    };
    let margin = net(latest).unwrap_or(0.0);
    let base = span(f.years, |y| y.net_income.as_ref().and(y.revenue.as_ref())).map(|(b, _, _)| b);
    let change = base.and_then(net).map(|b| margin - b);
    let mut provenance = Vec::new();
    prov(
        format!("Net income {}", latest.label),
        &latest.net_income,
        &mut provenance,
    );
    prov(
        format!("Revenue {}", latest.label),
        &latest.revenue,
        &mut provenance,
    );
    prov(
        format!("Gross profit {}", latest.label),
        &latest.gross_profit,
        &mut provenance,
    );
    let vars = Vars::from([
        ("margin", pct(margin)),
        ("cents", format!("{:.0}", margin.max(0.0))),
        ("loss_cents", format!("{:.0}", (-margin).max(0.0))),
        ("gross", gross(latest).map_or_else(|| "N/A".into(), pct)),
        ("change", change.map_or_else(|| "N/A".into(), signed)),
        ("label", latest.label.clone()),
    ]);
    let score = rubric::NET_MARGIN
        .score(margin)
        .map(|s| with_trend(s, change, 3.0));
    let variant = if margin < 0.0 { "loss" } else { "" };
    Answer {
        score,
        metric: Some(margin),
        metric_name: name,
        chart,
        provenance,
        vars,
        variant,
    }
}

/// Q5: latest free-cash-flow margin, nudged by its trend. Not for banks.
pub fn q5_cash_flows(f: &Fundamentals) -> Answer {
    let rows = chart_years(f.years)
        .iter()
        .map(|y| CashFlowRow {
            label: y.label.clone(),
            operating: value(&y.operating_cf),
            capex: value(&y.capex).map(|c| -c),
            free: y.free_cash_flow(),
        })
        .collect();
    let chart = Chart::CashFlows { rows };
    let name = "free cash flow margin %";
    if f.kind == IndustryKind::Bank {
        let mut answer = Answer::missing(name, chart, "");
        answer.variant = "bank";
        return answer;
    }
    let fcf_margin = |y: &FiscalYear| {
        Some(y.free_cash_flow()? / value(&y.revenue).filter(|r| *r > 0.0)? * 100.0)
    };
    let Some(latest) = f.years.iter().rev().find(|y| fcf_margin(y).is_some()) else {
        return Answer::missing(
            name,
            chart,
            "the filings don't show both operating cash and capital spending",
        );
    };
    let margin = fcf_margin(latest).unwrap_or(0.0);
    let base = span(f.years, |y| y.operating_cf.as_ref().and(y.capex.as_ref())).map(|(b, _, _)| b);
    let change = base.and_then(fcf_margin).map(|b| margin - b);
    let mut provenance = Vec::new();
    prov(
        format!("Operating cash flow {}", latest.label),
        &latest.operating_cf,
        &mut provenance,
    );
    prov(
        format!("Capital spending {}", latest.label),
        &latest.capex,
        &mut provenance,
    );
    prov(
        format!("Revenue {}", latest.label),
        &latest.revenue,
        &mut provenance,
    );
    let vars = Vars::from([
        ("fcf", money(latest.free_cash_flow().unwrap_or(0.0))),
        ("margin", pct(margin)),
        (
            "operating",
            money(value(&latest.operating_cf).unwrap_or(0.0)),
        ),
        ("capex", money(value(&latest.capex).unwrap_or(0.0))),
        ("change", change.map_or_else(|| "N/A".into(), signed)),
        ("label", latest.label.clone()),
    ]);
    let score = rubric::FCF_MARGIN
        .score(margin)
        .map(|s| with_trend(s, change, 3.0));
    Answer {
        score,
        metric: Some(margin),
        metric_name: name,
        chart,
        provenance,
        vars,
        variant: "",
    }
}

/// Q6: cash against debt (banks: equity against assets; REITs: debt against capital).
pub fn q6_cash_debt(f: &Fundamentals) -> Answer {
    let mut rows: Vec<CashDebtRow> = chart_years(f.years)
        .iter()
        .map(|y| CashDebtRow {
            label: y.label.clone(),
            cash: y.balance.liquid_assets(),
            debt: value(&y.balance.debt),
        })
        .collect();
    let b = f.latest_balance;
    if let Some(date) = b.date.filter(|d| f.years.last().is_none_or(|y| y.end < *d)) {
        rows.push(CashDebtRow {
            label: date.format("%Y-%m").to_string(),
            cash: b.liquid_assets(),
            debt: value(&b.debt),
        });
    }
    let chart = Chart::CashDebt { rows };
    let mut provenance = Vec::new();
    let when = b.date.map(|d| d.to_string()).unwrap_or_default();
    prov(format!("Cash {when}"), &b.cash, &mut provenance);
    prov(
        format!("Short-term investments {when}"),
        &b.short_term_investments,
        &mut provenance,
    );
    prov(format!("Debt {when}"), &b.debt, &mut provenance);
    let debt =
        value(&b.debt).or_else(|| (f.never_reported_debt && b.cash.is_some()).then_some(0.0));
    let mut vars = Vars::from([
        (
            "cash",
            b.liquid_assets().map_or_else(|| "N/A".into(), money),
        ),
        ("debt", debt.map_or_else(|| "N/A".into(), money)),
    ]);
    match f.kind {
        IndustryKind::Bank => {
            let name = "equity / assets %";
            prov(format!("Equity {when}"), &b.equity, &mut provenance);
            prov(format!("Assets {when}"), &b.assets, &mut provenance);
            let Some(ratio) = value(&b.equity)
                .zip(value(&b.assets).filter(|a| *a > 0.0))
                .map(|(e, a)| e / a * 100.0)
            else {
                return Answer::missing(
                    name,
                    chart,
                    "a bank's safety cushion needs its equity and assets, and I don't have both",
                );
            };
            vars.insert("ratio", pct(ratio));
            vars.insert("equity", money(value(&b.equity).unwrap_or(0.0)));
            Answer {
                score: rubric::BANK_EQUITY_TO_ASSETS.score(ratio),
                metric: Some(ratio),
                metric_name: name,
                chart,
                provenance,
                vars,
                variant: "bank",
            }
        }
        IndustryKind::Reit => {
            let name = "debt / (debt + equity) %";
            prov(format!("Equity {when}"), &b.equity, &mut provenance);
            let Some(ratio) = debt
                .zip(value(&b.equity))
                .filter(|(d, e)| d + e > 0.0)
                .map(|(d, e)| d / (d + e) * 100.0)
            else {
                return Answer::missing(
                    name,
                    chart,
                    "I can't find both the debt and the owners' equity",
                );
            };
            vars.insert("ratio", pct(ratio));
            Answer {
                score: rubric::REIT_DEBT_TO_CAPITAL.score(ratio),
                metric: Some(ratio),
                metric_name: name,
                chart,
                provenance,
                vars,
                variant: "reit",
            }
        }
        _ => {
            let name = "cash / debt";
            let (Some(cash), Some(debt)) = (b.liquid_assets(), debt) else {
                return Answer::missing(
                    name,
                    chart,
                    "I can't find both the cash and the debt on the latest balance sheet",
                );
            };
            let ratio = if debt > 0.0 {
                cash / debt
            } else {
                f64::INFINITY
            };
            vars.insert(
                "ratio",
                if ratio.is_finite() {
                    times(ratio)
                } else {
                    "no debt".into()
                },
            );
            let variant = if debt > 0.0 { "" } else { "debt_free" };
            Answer {
                score: rubric::CASH_TO_DEBT.score(ratio),
                metric: ratio.is_finite().then_some(ratio),
                metric_name: name,
                chart,
                provenance,
                vars,
                variant,
            }
        }
    }
}

/// Q10's chart (diluted shares per year with growth), shared with `score_market`.
pub fn q10_chart(years: &[FiscalYear]) -> Chart {
    value_growth_chart(years, |y| value(&y.diluted_shares))
}
