//! Quarterly score trends: what changed between a company's last two stored quarters, the
//! most improved and most declined, a company's history, and why a score moved
//! ([`explain`]). Pure functions over stored quarter rows (`store::trends`); `read` wires
//! them to the store for the API, and `as_of` cuts a past quarter's inputs.
//!
//! Choices (also in `jobs/docs/trends.md`): a change compares a symbol's newest stored quarter
//! with the one stored just before it (quarters need not be adjacent); provisional scores
//! (fewer than 9 of 12 answered) are listed and marked, not left out, since the admin reviews
//! every move; a symbol with a single quarter has no change.

pub mod as_of;
pub mod explain;
pub mod quarter;
pub mod read;

use chrono::{DateTime, Utc};
use serde::Serialize;

pub use explain::{ChangeExplanation, explain};
pub use quarter::Quarter;

use crate::{analysis::record::PROVISIONAL_BELOW, store::trends::QuarterRow};

/// How many points the stock history serves (the chart's latest 12).
pub const HISTORY_POINTS: i64 = 12;
/// The default length of the most improved and most declined lists.
pub const DEFAULT_LIMIT: usize = 5;

/// Short names of the 12 questions, in order (the data model's `q1_revenue_growth` ...).
pub const QUESTION_NAMES: [&str; 12] = [
    "Revenue growth",
    "Revenue vs expenses",
    "Earnings",
    "Margins",
    "Cash flow",
    "Debt",
    "Return vs bond",
    "Future return vs bond",
    "Price",
    "Dilution",
    "Ownership",
    "Short sellers",
];

/// One question's move between two quarters.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct QuestionDelta {
    /// 1..=12.
    pub number: u8,
    pub name: String,
    /// 0-10, `None` when there was not enough data that quarter.
    pub previous: Option<u8>,
    pub current: Option<u8>,
    /// `current - previous`; `None` when either side was not answered.
    pub change: Option<i32>,
}

/// The spec's quarterly change, plus the quarters compared, the provisional marks and the
/// per-question moves.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct QuarterlyChange {
    pub ticker_symbol: String,
    pub company_name: Option<String>,
    pub industry: Option<String>,
    pub sector: Option<String>,
    pub previous_quarter_score: Option<i32>,
    pub current_quarter_score: Option<i32>,
    pub score_change: Option<i32>,
    pub previous_quarter: String,
    pub current_quarter: String,
    /// The current score rests on fewer than 9 of 12 answers.
    pub provisional: bool,
    pub provisional_reason: Option<String>,
    pub previous_provisional: bool,
    /// The questions whose score moved (or became answered or unanswered), biggest first.
    pub question_changes: Vec<QuestionDelta>,
}

/// The spec's quarterly history entry (snake_case, as the spec writes it), with the
/// provisional mark.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ts_rs::TS)]
pub struct HistoryEntry {
    pub quarter: String,
    pub score: Option<i32>,
    pub company_name: Option<String>,
    pub industry: Option<String>,
    pub analysis_date: DateTime<Utc>,
    pub answered_questions: u8,
    pub provisional: bool,
    pub provisional_reason: Option<String>,
}

impl From<QuarterRow> for HistoryEntry {
    fn from(row: QuarterRow) -> Self {
        let answered = row.answered();
        HistoryEntry {
            provisional: is_provisional(&row),
            quarter: row.quarter,
            score: row.score,
            company_name: row.company_name,
            industry: row.industry,
            analysis_date: row.analysis_date,
            answered_questions: answered,
            provisional_reason: row.provisional_reason,
        }
    }
}

fn is_provisional(row: &QuarterRow) -> bool {
    row.answered() < PROVISIONAL_BELOW
}

/// The questions that moved between two quarters' scores, biggest move first (a question
/// that became answered or unanswered after those, by number).
pub fn question_deltas(
    previous: &[Option<i32>; 12],
    current: &[Option<i32>; 12],
) -> Vec<QuestionDelta> {
    let score = |s: Option<i32>| s.and_then(|s| u8::try_from(s).ok());
    let mut deltas: Vec<QuestionDelta> = (0..12)
        .filter(|&i| previous[i] != current[i])
        .map(|i| QuestionDelta {
            number: i as u8 + 1,
            name: QUESTION_NAMES[i].to_string(),
            previous: score(previous[i]),
            current: score(current[i]),
            change: previous[i].zip(current[i]).map(|(p, c)| c - p),
        })
        .collect();
    deltas.sort_by_key(|d| (std::cmp::Reverse(d.change.map_or(-1, i32::abs)), d.number));
    deltas
}

/// Every symbol's change between its newest two quarters, from rows ordered by symbol and
/// newest quarter first (as `Store::latest_two_quarters` answers). Symbols with one quarter
/// have no change. Ordered by symbol.
pub fn quarterly_changes(rows: &[QuarterRow]) -> Vec<QuarterlyChange> {
    rows.chunk_by(|a, b| a.symbol == b.symbol)
        .filter_map(|pair| match pair {
            [current, previous, ..] => Some(change_of(previous, current)),
            _ => None,
        })
        .collect()
}

fn change_of(previous: &QuarterRow, current: &QuarterRow) -> QuarterlyChange {
    QuarterlyChange {
        ticker_symbol: current.symbol.clone(),
        company_name: current.company_name.clone(),
        industry: current.industry.clone(),
        sector: current.sector.clone(),
        previous_quarter_score: previous.score,
        current_quarter_score: current.score,
        score_change: previous.score.zip(current.score).map(|(p, c)| c - p),
        previous_quarter: previous.quarter.clone(),
        current_quarter: current.quarter.clone(),
        provisional: is_provisional(current),
        provisional_reason: current.provisional_reason.clone(),
        previous_provisional: is_provisional(previous),
        question_changes: question_deltas(&previous.questions, &current.questions),
    }
}

/// The `limit` biggest rises (`improved`) or falls, biggest first; ties by symbol. Changes
/// of zero are in neither list.
pub fn biggest_moves(
    changes: &[QuarterlyChange],
    improved: bool,
    limit: usize,
) -> Vec<QuarterlyChange> {
    let mut moved: Vec<&QuarterlyChange> = changes
        .iter()
        .filter(|c| {
            c.score_change
                .is_some_and(|d| if improved { d > 0 } else { d < 0 })
        })
        .collect();
    moved.sort_by_key(|c| {
        (
            std::cmp::Reverse(c.score_change.map_or(0, i32::abs)),
            c.ticker_symbol.clone(),
        )
    });
    moved.into_iter().take(limit).cloned().collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(symbol: &str, quarter: &str, score: i32, questions: [Option<i32>; 12]) -> QuarterRow {
        QuarterRow {
            symbol: symbol.into(),
            company_name: Some(format!("{symbol} Inc.")),
            industry: None,
            sector: None,
            score: Some(score),
            questions,
            quarter: quarter.into(),
            analysis_date: Utc::now(),
            provisional_reason: None,
        }
    }

    #[test]
    fn changes_compare_the_newest_two_quarters_and_rank_the_moves() {
        let mut before = [Some(5); 12];
        let mut after = before;
        after[5] = Some(2); // debt 5 -> 2
        after[0] = Some(6); // revenue growth 5 -> 6
        before[11] = None; // short sellers newly answered
        let rows = vec![
            row("AAA", "2026-Q4", 60, after),
            row("AAA", "2026-Q2", 70, before),
            row("BBB", "2026-Q4", 80, [Some(8); 12]),
            row("BBB", "2026-Q3", 72, [Some(7); 12]),
            row("CCC", "2026-Q4", 50, [Some(5); 12]),
        ];
        let changes = quarterly_changes(&rows);
        assert_eq!(changes.len(), 2, "CCC has one quarter: no change");
        let aaa = &changes[0];
        assert_eq!(
            (aaa.previous_quarter.as_str(), aaa.current_quarter.as_str()),
            ("2026-Q2", "2026-Q4")
        );
        assert_eq!(aaa.score_change, Some(-10));
        let moved: Vec<(u8, Option<i32>)> = aaa
            .question_changes
            .iter()
            .map(|d| (d.number, d.change))
            .collect();
        assert_eq!(moved, vec![(6, Some(-3)), (1, Some(1)), (12, None)]);
        assert_eq!(aaa.question_changes[0].name, "Debt");
        assert!(!aaa.provisional);
        assert_eq!(biggest_moves(&changes, true, 5)[0].ticker_symbol, "BBB");
        assert_eq!(biggest_moves(&changes, false, 5)[0].ticker_symbol, "AAA");
        assert!(biggest_moves(&changes, false, 0).is_empty());
    }

    #[test]
    fn few_answers_mark_a_quarter_provisional() {
        let mut few = [None; 12];
        few[0] = Some(9);
        few[1] = Some(9);
        let entry = HistoryEntry::from(row("GOOG", "2026-Q4", 90, few));
        assert!(entry.provisional);
        assert_eq!(entry.answered_questions, 2);
        let full = HistoryEntry::from(row("AAPL", "2026-Q4", 70, [Some(7); 12]));
        assert!(!full.provisional);
    }
}
