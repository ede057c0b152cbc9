//! The shared machinery of the 12 questions: an [`Answer`] (raw score, the rubric's input, the
//! chart, the figures used, and the numbers the comment may quote, already formatted), the
//! 3-year span and CAGR, and the per-year chart helpers. The questions themselves live in
//! `score_growth` (1-3), `score_health` (4-6), `score_market` (7-9) and `score_owners`
//! (10-12).

use std::collections::BTreeMap;

use super::{
    facts::Figure,
    financials::{BalanceSheet, FiscalYear},
    format::as_of_note,
    record::{Chart, Provenance, QuestionResult, ValueGrowthRow},
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
    /// For a company that never reported a debt line: its total liabilities at the latest
    /// balance sheet when they are all non-debt lines (`financials::liabilities_without_debt`),
    /// the evidence that it owes nothing. Without it, no debt line means "unknown".
    pub debt_free_evidence: Option<Figure>,
    /// Banks: loans and deposits at the latest date with both (Q5's bank version).
    pub funding: Option<(Figure, Figure)>,
    /// The period of the report the page is built on (the record's `report_date`): a figure
    /// quoted from another period carries its date (`format::as_of_note`).
    pub headline: Option<chrono::NaiveDate>,
}

/// How many fiscal years back the growth questions look.
const SPAN_YEARS: i64 = 3;

/// The latest year with the metric, and the year about three years before it that also has
/// it (or the oldest year at least one year back when the history is shorter), with the
/// number of years between them.
pub fn span(
    years: &[FiscalYear],
    get: impl Fn(&FiscalYear) -> Option<&Figure>,
) -> Option<(&FiscalYear, &FiscalYear, i32)> {
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

pub(crate) fn value(f: &Option<Figure>) -> Option<f64> {
    f.as_ref().map(|f| f.value)
}

pub(crate) fn prov(label: String, figure: &Option<Figure>, out: &mut Vec<Provenance>) {
    if let Some(figure) = figure {
        out.push(Provenance {
            label,
            figure: figure.clone(),
        });
    }
}

/// The provenance of the figures a question used, skipping the ones that are missing.
pub(crate) fn sources<'a>(
    figures: impl IntoIterator<Item = (String, &'a Option<Figure>)>,
) -> Vec<Provenance> {
    let mut out = Vec::new();
    for (label, figure) in figures {
        prov(label, figure, &mut out);
    }
    out
}

/// Up to the last four years, for charts.
pub(crate) fn chart_years(years: &[FiscalYear]) -> &[FiscalYear] {
    &years[years.len().saturating_sub(4)..]
}

/// Year-over-year growth of a metric, against the fiscal year just before (if adjacent).
pub(crate) fn growth(
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

pub(crate) fn value_growth_chart(
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

/// Q10's chart (diluted shares per year with growth), shared with `score_market`.
pub fn q10_chart(years: &[FiscalYear]) -> Chart {
    value_growth_chart(years, |y| value(&y.diluted_shares))
}

/// Dates every figure of the questions' provenance that is a point in time from another
/// period than the headline's and whose label does not name its date yet ("Public float (10-K
/// cover) (as of 2025-06-30)"). The labels are what the page's sources, the chat's citations
/// and the newsletter's figure lines quote, so all three carry the date from here.
pub fn date_provenance(questions: &mut [QuestionResult], headline: Option<chrono::NaiveDate>) {
    for p in questions.iter_mut().flat_map(|q| q.provenance.iter_mut()) {
        let end = p.figure.end;
        if p.figure.start.is_none() && !p.label.contains(&end.to_string()) {
            p.label.push_str(&as_of_note(end, headline));
        }
    }
}
