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
    // Question 1 reads sales over its own span; when costs are missing at either end, this
    // one covers other years and says which, rather than silently comparing other years.
    let sales_span = span(f.years, |y| y.revenue.as_ref()).map(|(b, l, _)| (b.end, l.end));
    let span_note = if sales_span == Some((base.end, latest.end)) {
        String::new()
    } else {
        format!(
            " ({} to {}, the years with both sales and costs)",
            base.label, latest.label
        )
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
