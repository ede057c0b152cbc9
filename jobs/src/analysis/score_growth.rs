//! Questions 1-3, from the annual reports: is the company selling more, are sales outrunning
//! costs, and are the profits growing?

use super::{
    financials::FiscalYear,
    format::{money, pct, signed, yearly_move},
    record::{Chart, RevenueExpenseRow},
    rubric,
    score::{
        Answer, Fundamentals, Vars, cagr, chart_years, growth, prov, sources, span, value,
        value_growth_chart,
    },
};

/// How far back (days) question 1 steps to read the same years as question 2: one fiscal year.
const MAX_STEP_BACK_DAYS: i64 = 400;

/// A span of fiscal years: the base year, the latest year and the years between them.
type Window<'a> = (&'a FiscalYear, &'a FiscalYear, i32);

/// The years both sales questions read, so question 1 and question 2 never compare different
/// spans: the newest span with sales and costs at both ends, or sales alone when no two years
/// have both (question 2 then has nothing to say). With the reason when it is not the newest
/// span of sales: the latest sales year whose costs are missing.
fn sales_window(years: &[FiscalYear]) -> Option<(Window<'_>, String)> {
    let sales = span(years, |y| y.revenue.as_ref())?;
    let Some(both) = span(years, |y| y.revenue.as_ref().and(y.expenses.as_ref())) else {
        return Some((sales, String::new()));
    };
    if (both.0.end, both.1.end) == (sales.0.end, sales.1.end) {
        return Some((both, String::new()));
    }
    // Costs that stop years before sales would hold question 1 to an old trend: then each
    // question reads its own newest years and question 2 says why.
    if (sales.1.end - both.1.end).num_days() > MAX_STEP_BACK_DAYS {
        return Some((sales, String::new()));
    }
    let why = if sales.1.end > both.1.end {
        format!(
            "the filings give no costs for {}, and question 2 needs them, so both sales questions \
             compare the same years",
            sales.1.label
        )
    } else {
        "the years with both sales and costs, so both sales questions compare the same years"
            .to_string()
    };
    let note = format!(" ({} to {}: {why})", both.0.label, both.1.label);
    Some((both, note))
}

/// The years question 3 reads, named when they are not the sales questions' years.
fn profit_span_note(years: &[FiscalYear], base: &FiscalYear, latest: &FiscalYear) -> String {
    let Some(((sales_base, sales_latest, _), _)) = sales_window(years) else {
        return String::new();
    };
    if (sales_base.end, sales_latest.end) == (base.end, latest.end) {
        return String::new();
    }
    let why = if latest.end > sales_latest.end {
        "the profit figures reach further than the sales questions' years"
    } else {
        "the years with profit figures"
    };
    format!(" ({} to {}: {why})", base.label, latest.label)
}

/// Q1: 3-year revenue CAGR, over the sales questions' shared years ([`sales_window`]).
pub fn q1_revenue(f: &Fundamentals) -> Answer {
    let chart = value_growth_chart(f.years, |y| value(&y.revenue));
    let name = "3-year revenue CAGR %";
    let Some(((base, latest, n), span_note)) = sales_window(f.years) else {
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
    let provenance = sources([
        (format!("Revenue {}", base.label), &base.revenue),
        (format!("Revenue {}", latest.label), &latest.revenue),
    ]);
    let vars = Vars::from([
        ("prev", money(from)),
        ("now", money(to)),
        ("cagr", pct(growth)),
        ("years", n.to_string()),
        ("from_label", base.label.clone()),
        ("to_label", latest.label.clone()),
        ("span_note", span_note),
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
    // Question 1 reads the same years ([`sales_window`]) and says why when they are not the
    // newest; this one names them then too, and says why when question 1 reads others.
    let newest_sales = f.years.iter().rev().find(|y| y.revenue.is_some());
    let sales_end = sales_window(f.years).map(|((_, l, _), _)| l.end);
    let span_note = if sales_end.is_some_and(|end| end != latest.end) {
        format!(
            " ({} to {}, the newest years with both sales and costs; question 1 reads sales to {})",
            base.label,
            latest.label,
            newest_sales.map_or("", |y| y.label.as_str())
        )
    } else if newest_sales.is_some_and(|y| y.end != latest.end) {
        format!(" ({} to {})", base.label, latest.label)
    } else {
        String::new()
    };
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
        ("rev_move", yearly_move(rev)),
        ("exp_move", yearly_move(exp)),
        ("span_note", span_note),
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
    let provenance = sources([
        (format!("Net income {}", base.label), &base.net_income),
        (format!("Net income {}", latest.label), &latest.net_income),
    ]);
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
        ("span_note", profit_span_note(f.years, base, latest)),
    ]);
    let margin = |y: &FiscalYear| y.percent_of_sales(value(&y.net_income));
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
