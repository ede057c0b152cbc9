//! Why a score moved between two quarters: each question's delta and, for the ones that
//! moved, the figures behind them taken from the two stored records (value, concept, period,
//! form, filing date, accession), with a one-line reason written from those figures, e.g.
//! "Debt 8 → 4: cash fell from $13.2B (2026-03-31) to $4.1B (2026-06-30); debt rose from …;
//! 10-Q filed 2026-08-01". Every number in the line is a stored figure formatted by code:
//! nothing is generated text.
//!
//! Causes are named for what they are: a figure of a new period ("rose from … to …"), the
//! 3-year window sliding, a price move, a restatement (the same period's figure refiled with
//! another value) and a change of rules (the score moved while its inputs did not).

use chrono::NaiveDate;
use serde::Serialize;

use super::{QUESTION_NAMES, QuestionDelta, question_deltas};
use crate::{
    analysis::{
        AnalysisRecord, QuestionResult,
        format::{money, scaled},
        record::Provenance,
        sector::IndustryKind,
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
    if parts.is_empty()
        && let (Some((p, c)), Some((prev_record, cur_record))) = (answers, records)
    {
        let kinds = (prev_record.industry_kind, cur_record.industry_kind);
        parts.extend(rules_text(&delta, p, c, kinds));
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
            // A move too small to show ("7.5B to 7.5B") explains nothing; the same period
            // refiled with another value is a restatement, named by `restatements`.
            let moved = match (before, after) {
                (Some(b), Some(a)) if is_restatement(b, a) => false,
                (Some(b), Some(a)) => b.figure.end != a.figure.end || amount(b) != amount(a),
                (None, None) => false,
                _ => true,
            };
            moved.then(|| {
                let size = match (before, after) {
                    (Some(b), Some(a)) => relative_move(b, a),
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
    changes.extend(restatements(previous, current));
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
                (
                    relative_move(&before, &after),
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

/// The same figure for the same period in both records with another value, from another
/// filing: the company restated it (a 10-K/A, or a later report revising its comparative).
/// That is not the business moving, so it is said as it is: "FY2024 revenue restated from
/// $391.0B (10-K filed 2024-11-01) to $385.6B (10-K/A filed 2025-02-14)". Every period a
/// question reads counts (the first year of a 3-year window as well as the latest).
fn restatements(previous: &QuestionResult, current: &QuestionResult) -> Vec<(f64, FigureChange)> {
    let mut out: Vec<(f64, FigureChange)> = Vec::new();
    for before in &previous.provenance {
        let name = figure_name(&before.label);
        let Some(after) = current
            .provenance
            .iter()
            .find(|a| a.figure.end == before.figure.end && figure_name(&a.label) == name)
        else {
            continue;
        };
        let seen = out
            .iter()
            .any(|(_, c)| c.current.as_ref() == Some(after) || c.previous.as_ref() == Some(before));
        if name.is_empty() || seen || !is_restatement(before, after) {
            continue;
        }
        let text = format!(
            "{} restated from {} to {}",
            figure_with_period(&name, before),
            filed_amount(before),
            filed_amount(after)
        );
        out.push((
            relative_move(before, after),
            FigureChange {
                name,
                previous: Some(before.clone()),
                current: Some(after.clone()),
                text,
            },
        ));
    }
    out
}

/// Same period, a value that shows differently, another filing.
fn is_restatement(before: &Provenance, after: &Provenance) -> bool {
    before.figure.end == after.figure.end
        && before.figure.accn != after.figure.accn
        && amount(before) != amount(after)
}

/// "FY2024 revenue", "cash (2026-03-31)", "net income (TTM to 2026-03-31)".
fn figure_with_period(name: &str, p: &Provenance) -> String {
    match period_of(p) {
        period if period.is_empty() => lower_first(name),
        period if period.starts_with("FY") => format!("{period} {}", lower_first(name)),
        period => format!("{} ({period})", lower_first(name)),
    }
}

/// "$391.0B (10-K filed 2024-11-01)".
fn filed_amount(p: &Provenance) -> String {
    format!(
        "{} ({} filed {})",
        value_text(p),
        p.figure.form,
        p.figure.filed
    )
}

fn relative_move(before: &Provenance, after: &Provenance) -> f64 {
    if before.figure.value != 0.0 {
        ((after.figure.value - before.figure.value) / before.figure.value).abs()
    } else {
        f64::INFINITY
    }
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
    match period_of(p) {
        period if period.is_empty() => value_text(p),
        period => format!("{} ({period})", value_text(p)),
    }
}

/// The value alone, as [`amount`] writes it.
fn value_text(p: &Provenance) -> String {
    let value = p.figure.value;
    match p.figure.unit.as_str() {
        "USD" => money(value),
        "USD/shares" => format!("${value:.2}"),
        "shares" => format!("{} shares", scaled(value, 1)),
        other => format!("{} {other}", scaled(value, 1)),
    }
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

/// The score moved while the rubric's input and every figure behind it stayed the same: only
/// the rule turning them into a score can have changed (records keep no rubric version, so
/// this is how it shows). A company scored by other industry rules (general, bank, insurer,
/// REIT) is said as such.
fn rules_text(
    delta: &QuestionDelta,
    previous: &QuestionResult,
    current: &QuestionResult,
    (kind_before, kind_after): (IndustryKind, IndustryKind),
) -> Option<String> {
    let (Some(before), Some(after)) = (delta.previous, delta.current) else {
        return None;
    };
    let figures = |q: &QuestionResult| {
        let mut f: Vec<(String, NaiveDate, u64)> = q
            .provenance
            .iter()
            .map(|p| {
                (
                    figure_name(&p.label),
                    p.figure.end,
                    p.figure.value.to_bits(),
                )
            })
            .collect();
        f.sort_unstable();
        f
    };
    // Without a metric and without figures nothing says the inputs held still.
    let known = previous.metric.is_some() || !previous.provenance.is_empty();
    let unchanged = previous.metric == current.metric && figures(previous) == figures(current);
    if before == after || !known || !unchanged {
        return None;
    }
    Some(if kind_before == kind_after {
        "the scoring rule changed, the figures did not".to_string()
    } else {
        format!(
            "it is now scored by the {} rules instead of the {} ones, the figures did not change",
            kind_name(kind_after),
            kind_name(kind_before)
        )
    })
}

fn kind_name(kind: IndustryKind) -> &'static str {
    match kind {
        IndustryKind::General => "general",
        IndustryKind::Bank => "bank",
        IndustryKind::Insurer => "insurer",
        IndustryKind::Reit => "REIT",
    }
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

    /// A figure as a record stores it: `(label, period end, value, form, filed, accession)`.
    type Filed<'a> = (&'a str, &'a str, f64, &'a str, &'a str, &'a str);

    fn question(unit: &str, metric: Option<f64>, figures: &[Filed]) -> QuestionResult {
        use crate::analysis::{Chart, facts::Figure};
        QuestionResult {
            number: 1,
            key: "Q1".into(),
            title: String::new(),
            score: Some(7),
            band: None,
            metric,
            metric_name: "3-year revenue CAGR %".into(),
            comment: String::new(),
            explainer: String::new(),
            chart: Chart::ValueGrowth { rows: Vec::new() },
            provenance: figures
                .iter()
                .map(|(label, end, value, form, filed, accn)| Provenance {
                    label: (*label).to_string(),
                    figure: Figure {
                        value: *value,
                        concept: "us-gaap:Revenues".into(),
                        unit: unit.into(),
                        start: None,
                        end: end.parse().unwrap(),
                        form: (*form).into(),
                        filed: filed.parse().unwrap(),
                        accn: (*accn).into(),
                        first_filed: end.parse().unwrap(),
                    },
                })
                .collect(),
            sources: Default::default(),
        }
    }

    fn dilution(counts: &[(&str, &str, f64)]) -> QuestionResult {
        let figures: Vec<Filed> = counts
            .iter()
            .map(|(label, end, value)| (*label, *end, *value, "10-K", *end, "k"))
            .collect();
        question("shares", None, &figures)
    }

    fn texts(before: &QuestionResult, after: &QuestionResult) -> Vec<String> {
        changed_figures(before, after)
            .into_iter()
            .map(|c| c.text)
            .collect()
    }

    fn moved(previous: u8, current: u8) -> QuestionDelta {
        QuestionDelta {
            number: 1,
            name: "Revenue".into(),
            previous: Some(previous),
            current: Some(current),
            change: Some(i32::from(current) - i32::from(previous)),
        }
    }

    /// A year that stays the same in every record of the restatement test.
    const FY2021_REVENUE: Filed = (
        "Revenue FY2021",
        "2021-09-25",
        365_817e6,
        "10-K",
        "2021-10-29",
        "a-21",
    );

    #[test]
    fn a_restated_figure_is_named_a_restatement_with_both_filings() {
        // FY2024 revenue refiled by a 10-K/A with another value; nothing else moved.
        let before = question(
            "USD",
            Some(5.0),
            &[
                FY2021_REVENUE,
                (
                    "Revenue FY2024",
                    "2024-09-28",
                    391_035e6,
                    "10-K",
                    "2024-11-01",
                    "a-24",
                ),
            ],
        );
        let after = question(
            "USD",
            Some(4.5),
            &[
                FY2021_REVENUE,
                (
                    "Revenue FY2024",
                    "2024-09-28",
                    385_603e6,
                    "10-K/A",
                    "2025-02-14",
                    "a-24a",
                ),
            ],
        );
        let changes = changed_figures(&before, &after);
        assert_eq!(
            changes.iter().map(|c| c.text.as_str()).collect::<Vec<_>>(),
            vec![
                "FY2024 revenue restated from $391.0B (10-K filed 2024-11-01) to $385.6B \
                 (10-K/A filed 2025-02-14)"
            ]
        );
        assert_eq!(changes[0].current.as_ref().unwrap().figure.accn, "a-24a");
        // The same figure filed again with the same value (a comparative) is no change.
        let repeated = question(
            "USD",
            Some(5.0),
            &[
                FY2021_REVENUE,
                (
                    "Revenue FY2024",
                    "2024-09-28",
                    391_035e6,
                    "10-K",
                    "2025-10-31",
                    "a-25",
                ),
            ],
        );
        assert!(texts(&before, &repeated).is_empty());
    }

    #[test]
    fn a_restated_first_year_is_a_restatement_and_a_new_year_is_a_change() {
        // A new annual report both adds FY2025 and revises FY2023 (the window's first year
        // stays FY2023): two causes, each named as what it is.
        let before = question(
            "USD",
            Some(5.0),
            &[
                (
                    "Revenue FY2023",
                    "2023-09-30",
                    383_285e6,
                    "10-K",
                    "2023-11-03",
                    "a-23",
                ),
                (
                    "Revenue FY2024",
                    "2024-09-28",
                    391_035e6,
                    "10-K",
                    "2024-11-01",
                    "a-24",
                ),
            ],
        );
        let after = question(
            "USD",
            Some(6.0),
            &[
                (
                    "Revenue FY2023",
                    "2023-09-30",
                    380_000e6,
                    "10-K",
                    "2025-10-31",
                    "a-25",
                ),
                (
                    "Revenue FY2025",
                    "2025-09-27",
                    416_161e6,
                    "10-K",
                    "2025-10-31",
                    "a-25",
                ),
            ],
        );
        assert_eq!(
            texts(&before, &after),
            vec![
                "revenue rose from $391.0B (FY2024) to $416.2B (FY2025)",
                "FY2023 revenue restated from $383.3B (10-K filed 2023-11-03) to $380.0B \
                 (10-K filed 2025-10-31)",
            ]
        );
    }

    #[test]
    fn a_score_that_moved_on_the_same_inputs_names_a_change_of_rules() {
        let figures: [Filed; 1] = [(
            "Cash 2026-03-31",
            "2026-03-31",
            13.2e9,
            "10-Q",
            "2026-05-01",
            "c",
        )];
        let before = question("USD", Some(1.4), &figures);
        let after = question("USD", Some(1.4), &figures);
        let general = (IndustryKind::General, IndustryKind::General);
        assert!(texts(&before, &after).is_empty(), "no figure moved");
        assert_eq!(
            rules_text(&moved(8, 6), &before, &after, general).as_deref(),
            Some("the scoring rule changed, the figures did not")
        );
        assert_eq!(
            rules_text(
                &moved(8, 6),
                &before,
                &after,
                (IndustryKind::General, IndustryKind::Bank)
            )
            .as_deref(),
            Some(
                "it is now scored by the bank rules instead of the general ones, the figures \
                 did not change"
            )
        );
        // Another metric, a figure that moved, or a score that held: not a change of rules.
        let other_metric = question("USD", Some(1.1), &figures);
        assert_eq!(
            rules_text(&moved(8, 6), &before, &other_metric, general),
            None
        );
        let other_cash = question(
            "USD",
            Some(1.4),
            &[(
                "Cash 2026-03-31",
                "2026-03-31",
                13.3e9,
                "10-Q",
                "2026-05-01",
                "c",
            )],
        );
        assert_eq!(
            rules_text(&moved(8, 6), &before, &other_cash, general),
            None
        );
        assert_eq!(rules_text(&moved(8, 8), &before, &after, general), None);
        // Nothing known about the inputs (no metric, no figures): no claim either way.
        let blank = question("USD", None, &[]);
        assert_eq!(rules_text(&moved(8, 6), &blank, &blank, general), None);
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
