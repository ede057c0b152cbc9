//! Why a score moved between two quarters: each question's delta and, for the ones that
//! moved, the figures behind them taken from the two stored records (value, concept, period,
//! form, filing date, accession), with a one-line reason written from those figures, e.g.
//! "Debt 8 → 4: cash fell from $13.2B (2026-03-31) to $4.1B (2026-06-30); debt rose from …;
//! 10-Q filed 2026-08-01". Every number in the line is a stored figure formatted by code:
//! nothing is generated text.

use chrono::NaiveDate;
use serde::Serialize;

use super::{QUESTION_NAMES, QuestionDelta, question_deltas};
use crate::{
    analysis::{
        AnalysisRecord, QuestionResult,
        format::{money, scaled},
        record::Provenance,
    },
    store::trends::QuarterWithRecord,
};

/// At most this many figures are named per question (the ones that moved most come first).
const FIGURES_PER_QUESTION: usize = 3;

/// A figure of a question in both quarters (either may be missing).
#[derive(Debug, Clone, PartialEq, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct FigureChange {
    /// "Cash", "Revenue", "Net income" (the figure's label without its period).
    pub name: String,
    pub previous: Option<Provenance>,
    pub current: Option<Provenance>,
    /// "cash fell from $13.2B (2026-03-31) to $4.1B (2026-06-30)".
    pub text: String,
}

/// The filing a change came from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct FilingNote {
    pub form: String,
    pub filed: NaiveDate,
    pub accession: String,
}

/// One question's move with what is behind it.
#[derive(Debug, Clone, PartialEq, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct QuestionChange {
    pub number: u8,
    pub name: String,
    pub previous: Option<u8>,
    pub current: Option<u8>,
    pub change: Option<i32>,
    /// What the rubric measured ("cash / debt") and its value in each quarter.
    pub metric_name: String,
    pub previous_metric: Option<f64>,
    pub current_metric: Option<f64>,
    /// The question's figures that changed, from the stored records.
    pub figures: Vec<FigureChange>,
    /// The newest filing among the changed figures of the current quarter.
    pub filing: Option<FilingNote>,
    /// "Debt 8 → 4: cash fell from … ; 10-Q filed 2026-08-01".
    pub reason: String,
}

/// Why a company's score moved between its two newest stored quarters.
#[derive(Debug, Clone, PartialEq, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct ChangeExplanation {
    pub symbol: String,
    pub company_name: Option<String>,
    /// The SEC CIK (for links to the filings), from the current record.
    pub cik: Option<u64>,
    pub previous_quarter: String,
    pub current_quarter: String,
    pub previous_score: Option<i32>,
    pub current_score: Option<i32>,
    pub score_change: Option<i32>,
    /// The dates the two analyses were as of (from the records; `None` for rows stored
    /// before records were kept).
    pub previous_as_of: Option<NaiveDate>,
    pub current_as_of: Option<NaiveDate>,
    pub provisional: bool,
    pub provisional_reason: Option<String>,
    pub previous_provisional: bool,
    /// False when either quarter was stored without its record: then only the score deltas
    /// are known, not the figures.
    pub figures_known: bool,
    /// The questions that moved, biggest first.
    pub questions: Vec<QuestionChange>,
}

/// Explains the move from `previous` to `current` (two stored quarters of one symbol).
pub fn explain(previous: &QuarterWithRecord, current: &QuarterWithRecord) -> ChangeExplanation {
    let (prev_row, cur_row) = (&previous.row, &current.row);
    let records = previous.record.as_ref().zip(current.record.as_ref());
    let questions = question_deltas(&prev_row.questions, &cur_row.questions)
        .into_iter()
        .map(|delta| question_change(delta, records))
        .collect();
    ChangeExplanation {
        symbol: cur_row.symbol.clone(),
        company_name: cur_row.company_name.clone(),
        cik: current.record.as_ref().and_then(|r| r.cik),
        previous_quarter: prev_row.quarter.clone(),
        current_quarter: cur_row.quarter.clone(),
        previous_score: prev_row.score,
        current_score: cur_row.score,
        score_change: prev_row.score.zip(cur_row.score).map(|(p, c)| c - p),
        previous_as_of: previous.record.as_ref().map(|r| r.as_of),
        current_as_of: current.record.as_ref().map(|r| r.as_of),
        provisional: super::is_provisional(cur_row),
        provisional_reason: cur_row.provisional_reason.clone(),
        previous_provisional: super::is_provisional(prev_row),
        figures_known: records.is_some(),
        questions,
    }
}

fn question_change(
    delta: QuestionDelta,
    records: Option<(&AnalysisRecord, &AnalysisRecord)>,
) -> QuestionChange {
    let index = usize::from(delta.number - 1);
    let answers =
        records.and_then(|(p, c)| Some((p.questions.get(index)?, c.questions.get(index)?)));
    let figures = answers
        .map(|(p, c)| changed_figures(p, c))
        .unwrap_or_default();
    let filing = figures
        .iter()
        .filter_map(|f| f.current.as_ref())
        .max_by_key(|p| p.figure.filed)
        .map(|p| FilingNote {
            form: p.figure.form.clone(),
            filed: p.figure.filed,
            accession: p.figure.accn.clone(),
        });
    let mut parts: Vec<String> = figures.iter().map(|f| f.text.clone()).collect();
    if parts.is_empty() {
        parts.extend(answers.and_then(|(p, c)| metric_text(p, c)));
        parts.extend(records.and_then(|(p, c)| price_text(delta.number, p, c)));
    }
    if let Some(f) = &filing {
        parts.push(format!("{} filed {}", f.form, f.filed));
    }
    let score = |s: Option<u8>| s.map_or_else(|| "not enough data".to_string(), |s| s.to_string());
    let head = format!(
        "{} {} → {}",
        QUESTION_NAMES[index],
        score(delta.previous),
        score(delta.current)
    );
    let reason = if parts.is_empty() {
        head
    } else {
        format!("{head}: {}", parts.join("; "))
    };
    QuestionChange {
        metric_name: answers
            .map(|(_, c)| c.metric_name.clone())
            .unwrap_or_default(),
        previous_metric: answers.and_then(|(p, _)| p.metric),
        current_metric: answers.and_then(|(_, c)| c.metric),
        number: delta.number,
        name: delta.name,
        previous: delta.previous,
        current: delta.current,
        change: delta.change,
        figures,
        filing,
        reason,
    }
}

/// The figures of one question that differ between the quarters: per figure name, the
/// latest period of each record, kept when the value or the period changed. Biggest
/// relative move first.
fn changed_figures(previous: &QuestionResult, current: &QuestionResult) -> Vec<FigureChange> {
    let mut names: Vec<String> = Vec::new();
    for p in previous.provenance.iter().chain(&current.provenance) {
        let name = figure_name(&p.label);
        if !name.is_empty() && !names.contains(&name) {
            names.push(name);
        }
    }
    let mut changes: Vec<(f64, FigureChange)> = names
        .into_iter()
        .filter_map(|name| {
            let before = latest_named(&previous.provenance, &name);
            let after = latest_named(&current.provenance, &name);
            // A move too small to show ("7.5B to 7.5B") explains nothing.
            let moved = match (before, after) {
                (Some(b), Some(a)) => b.figure.end != a.figure.end || amount(b) != amount(a),
                (None, None) => false,
                _ => true,
            };
            moved.then(|| {
                let size = match (before, after) {
                    (Some(b), Some(a)) if b.figure.value != 0.0 => {
                        ((a.figure.value - b.figure.value) / b.figure.value).abs()
                    }
                    _ => f64::INFINITY,
                };
                let text = figure_text(&name, before, after);
                (
                    size,
                    FigureChange {
                        name,
                        previous: before.cloned(),
                        current: after.cloned(),
                        text,
                    },
                )
            })
        })
        .collect();
    changes.extend(window_moves(previous, current));
    changes.sort_by(|a, b| b.0.total_cmp(&a.0));
    changes
        .into_iter()
        .take(FIGURES_PER_QUESTION)
        .map(|(_, c)| c)
        .collect()
}

/// The 3-year questions compare a first year with a last one: when the first year moved
/// (a new annual report slides the window), that is a cause of its own ("the 3-year window
/// now starts at FY2023 (7.6B shares) instead of FY2022 (7.8B shares)"), not a change of
/// the latest figure.
fn window_moves(previous: &QuestionResult, current: &QuestionResult) -> Vec<(f64, FigureChange)> {
    let earliest = |provenance: &[Provenance], name: &str| {
        let named: Vec<&Provenance> = provenance
            .iter()
            .filter(|p| figure_name(&p.label) == name)
            .collect();
        (named.len() >= 2)
            .then(|| named.into_iter().min_by_key(|p| p.figure.end))
            .flatten()
            .cloned()
    };
    let mut names: Vec<String> = previous
        .provenance
        .iter()
        .map(|p| figure_name(&p.label))
        .collect();
    // Labels interleave ("Revenue FY2022", "Expenses FY2022", "Revenue FY2025", ...): each
    // name once, wherever it repeats.
    names.sort_unstable();
    names.dedup();
    names
        .into_iter()
        .filter_map(|name| {
            let before = earliest(&previous.provenance, &name)?;
            let after = earliest(&current.provenance, &name)?;
            (before.figure.end != after.figure.end).then(|| {
                let text = format!(
                    "the 3-year window now starts at {} instead of {}",
                    amount(&after),
                    amount(&before)
                );
                let size = if before.figure.value != 0.0 {
                    ((after.figure.value - before.figure.value) / before.figure.value).abs()
                } else {
                    f64::INFINITY
                };
                (
                    size,
                    FigureChange {
                        name: format!("{name} (first year)"),
                        previous: Some(before),
                        current: Some(after),
                        text,
                    },
                )
            })
        })
        .collect()
}

/// The label's name without its period: "Cash 2026-03-31" -> "Cash", "Revenue FY2025" ->
/// "Revenue", "Net income TTM to 2026-03-31" -> "Net income", "Public float (10-K cover)" ->
/// "Public float".
pub fn figure_name(label: &str) -> String {
    label
        .split_whitespace()
        .take_while(|w| !is_period_word(w))
        .collect::<Vec<_>>()
        .join(" ")
}

fn is_period_word(word: &str) -> bool {
    let fiscal_year = word
        .strip_prefix("FY")
        .is_some_and(|y| !y.is_empty() && y.chars().all(|c| c.is_ascii_digit()));
    fiscal_year
        || matches!(word, "TTM" | "to")
        || word.starts_with('(')
        || word.starts_with(|c: char| c.is_ascii_digit())
}

/// The period part of a label ("2026-03-31", "FY2025", "TTM to 2026-03-31").
fn period_of(p: &Provenance) -> String {
    let name = figure_name(&p.label);
    p.label[name.len()..].trim().to_string()
}

fn latest_named<'a>(provenance: &'a [Provenance], name: &str) -> Option<&'a Provenance> {
    provenance
        .iter()
        .filter(|p| figure_name(&p.label) == name)
        .max_by_key(|p| p.figure.end)
}

/// A stored figure as people read it: money as `$13.2B`, share counts as `15.2B shares`,
/// per-share values with cents.
fn amount(p: &Provenance) -> String {
    let value = p.figure.value;
    let with_period = |text: String| match period_of(p) {
        period if period.is_empty() => text,
        period => format!("{text} ({period})"),
    };
    with_period(match p.figure.unit.as_str() {
        "USD" => money(value),
        "USD/shares" => format!("${value:.2}"),
        "shares" => format!("{} shares", scaled(value, 1)),
        other => format!("{} {other}", scaled(value, 1)),
    })
}

fn figure_text(name: &str, before: Option<&Provenance>, after: Option<&Provenance>) -> String {
    let lower = lower_first(name);
    match (before, after) {
        (Some(b), Some(a)) => {
            let verb = if a.figure.value > b.figure.value {
                "rose"
            } else if a.figure.value < b.figure.value {
                "fell"
            } else {
                "held"
            };
            format!("{lower} {verb} from {} to {}", amount(b), amount(a))
        }
        (None, Some(a)) => format!("{lower} newly reported at {}", amount(a)),
        (Some(b), None) => format!("{lower} no longer reported (was {})", amount(b)),
        (None, None) => String::new(),
    }
}

/// When no figure moved (market questions move with the price), the rubric's own input.
fn metric_text(previous: &QuestionResult, current: &QuestionResult) -> Option<String> {
    let (before, after) = (previous.metric?, current.metric?);
    (before != after).then(|| {
        format!(
            "{} went from {before:.1} to {after:.1}",
            lower_first(&current.metric_name)
        )
    })
}

/// Questions 7-9 read the price: say how it moved (closes from the two records).
fn price_text(number: u8, previous: &AnalysisRecord, current: &AnalysisRecord) -> Option<String> {
    if !(7..=9).contains(&number) {
        return None;
    }
    let (before, after) = (previous.price_range?, current.price_range?);
    (before.today != after.today).then(|| {
        format!(
            "the price went from ${:.2} ({}) to ${:.2} ({})",
            before.today, before.today_date, after.today, after.today_date
        )
    })
}

fn lower_first(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        // Keep acronyms ("P/E") as they are.
        Some(first) if chars.clone().next().is_some_and(char::is_lowercase) => {
            first.to_lowercase().chain(chars).collect()
        }
        _ => text.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dilution(counts: &[(&str, &str, f64)]) -> QuestionResult {
        use crate::analysis::{Chart, facts::Figure};
        QuestionResult {
            number: 10,
            key: "Q10".into(),
            title: String::new(),
            score: Some(7),
            band: None,
            metric: None,
            metric_name: String::new(),
            comment: String::new(),
            explainer: String::new(),
            chart: Chart::ValueGrowth { rows: Vec::new() },
            provenance: counts
                .iter()
                .map(|(label, end, value)| Provenance {
                    label: (*label).to_string(),
                    figure: Figure {
                        value: *value,
                        concept: "us-gaap:WeightedAverageNumberOfDilutedSharesOutstanding".into(),
                        unit: "shares".into(),
                        start: None,
                        end: end.parse().unwrap(),
                        form: "10-K".into(),
                        filed: end.parse().unwrap(),
                        accn: "k".into(),
                        first_filed: end.parse().unwrap(),
                    },
                })
                .collect(),
            sources: Default::default(),
        }
    }

    #[test]
    fn a_sliding_window_is_named_and_an_invisible_move_is_not() {
        // The latest count moved by less than the rounding shows; the first year moved.
        // Interleaved with another figure that did not move, as question 2's labels are.
        let before = dilution(&[
            ("Diluted shares FY2022", "2022-12-31", 7_800e6),
            ("Other FY2025", "2025-12-31", 1.0),
            ("Diluted shares FY2025", "2025-12-31", 7_501e6),
        ]);
        let after = dilution(&[
            ("Diluted shares FY2023", "2023-12-31", 7_600e6),
            ("Other FY2025", "2025-12-31", 1.0),
            ("Diluted shares FY2025", "2025-12-31", 7_499e6),
        ]);
        let texts: Vec<String> = changed_figures(&before, &after)
            .into_iter()
            .map(|c| c.text)
            .collect();
        assert_eq!(
            texts,
            vec![
                "the 3-year window now starts at 7.6B shares (FY2023) instead of 7.8B shares (FY2022)"
            ]
        );
    }

    #[test]
    fn figure_names_drop_the_period() {
        assert_eq!(figure_name("Cash 2026-03-31"), "Cash");
        assert_eq!(figure_name("Revenue FY2025"), "Revenue");
        assert_eq!(figure_name("Net income TTM to 2026-03-31"), "Net income");
        assert_eq!(
            figure_name("Operating cash flow FY2024"),
            "Operating cash flow"
        );
        assert_eq!(figure_name("Public float (10-K cover)"), "Public float");
        assert_eq!(figure_name("Diluted shares FY2023"), "Diluted shares");
        assert_eq!(lower_first("Cash"), "cash");
        assert_eq!(lower_first("P/E"), "P/E");
    }
}
