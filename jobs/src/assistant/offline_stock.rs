//! Offline answers about one stock, topic by topic, from the stored record (figures through
//! the record's own formatting), the notes and the retrieved passages.

use std::sync::Arc;

use super::{
    Grounding, answer::Answer, grounding::passage_citation, topics::Topic, topics::topics_of,
};
use crate::analysis::{
    Chart, QuestionResult,
    format::{money, pct, shares, times},
};

/// Bubba's line when the data is not there (VOICE.md).
pub const NOT_ENOUGH: &str =
    "The filings don't tell me enough to grade this one, so I won't pretend.";

/// The answer to a question about the grounding's stock.
pub fn answer(message: &str, g: &Arc<Grounding>) -> Answer {
    let symbol = g.symbol.clone().unwrap_or_default();
    let topics = topics_of(message);
    let mut out = Answer::default();
    if g.record.is_none() && !topics.contains(&Topic::Notes) {
        out.text = format!(
            "I don't have an analysis of {symbol} on file yet, so I've got no numbers to give you. \
             Open its stock page, let the analysis finish, and ask me again."
        );
        return out;
    }
    let mut parts: Vec<String> = Vec::new();
    for topic in &topics {
        let (text, cites) = match topic {
            Topic::Score => score(g),
            Topic::Debt => debt(g),
            Topic::Sales => sales(g),
            Topic::Earnings => earnings(g),
            Topic::CashFlow => question_only(g, 5),
            Topic::Valuation => valuation(g),
            Topic::Bond => bond(g),
            Topic::Dilution => question_only(g, 10),
            Topic::Ownership => question_only(g, 11),
            Topic::ShortInterest => short_interest(g),
            Topic::Notes => notes(g),
        };
        parts.push(text);
        for c in cites {
            if !out.citations.contains(&c) {
                out.citations.push(c);
            }
        }
    }
    if parts.is_empty() {
        parts.push(not_in_my_data(g));
    }
    out.text = parts.join("\n\n");
    out
}

/// The score line of a question: `6/10`, or the honest no-data line (unless the comment
/// already says so).
fn graded(q: &QuestionResult) -> String {
    let says_so = q.comment.contains(NOT_ENOUGH.trim_end_matches('.'));
    match q.score {
        Some(s) => format!("On \"{}\" I give it {s} out of 10.", q.title),
        None if says_so => String::new(),
        None => format!("\"{}\" stays ungraded: not enough data.", q.title),
    }
}

/// The question's comment (filled from the record) and its grade.
fn comment_and_grade(q: &QuestionResult) -> String {
    format!("{} {}", q.comment, graded(q)).trim().to_string()
}

/// The score summary: the overall score, the strongest and weakest questions.
pub(crate) fn score(g: &Grounding) -> (String, Vec<super::Citation>) {
    let Some(r) = &g.record else {
        return (not_in_my_data(g), Vec::new());
    };
    let mut answered: Vec<&QuestionResult> =
        r.questions.iter().filter(|q| q.score.is_some()).collect();
    answered.sort_by_key(|q| std::cmp::Reverse(q.score));
    let mood = match r.band {
        crate::analysis::Band::Green => "That's a sturdy porch: the numbers mostly hold up.",
        crate::analysis::Band::Yellow => "Fair, with a few loose boards worth a look.",
        crate::analysis::Band::Red => "I'll be blunt but kind: there are real soft spots here.",
    };
    let mut text = format!(
        "{} ({}) scores {} out of 100, {}. {mood}",
        r.company_name, r.symbol, r.score, r.score_basis
    );
    let list = |qs: &[&QuestionResult]| {
        qs.iter()
            .map(|q| format!("{} ({}/10)", q.title, q.score.unwrap_or_default()))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let best: Vec<&QuestionResult> = answered.iter().take(2).copied().collect();
    let worst: Vec<&QuestionResult> = answered.iter().rev().take(2).copied().collect();
    let mut cites = Vec::new();
    if !best.is_empty() {
        text.push_str(&format!(" Strongest marks: {}.", list(&best)));
    }
    if let Some(low) = worst.first() {
        text.push_str(&format!(" Weakest: {}. {}", list(&worst), low.comment));
        cites.extend(g.question_citations(low.number).into_iter().take(2));
    }
    text.push_str(
        " I'm a guy on a porch, not your financial adviser, so take it as homework, not a tip.",
    );
    (text, cites)
}

fn debt(g: &Grounding) -> (String, Vec<super::Citation>) {
    let Some(q) = g.question(6) else {
        return (not_in_my_data(g), Vec::new());
    };
    let latest = match &q.chart {
        Chart::CashDebt { rows } => rows
            .iter()
            .rev()
            .find(|r| r.debt.is_some() || r.cash.is_some()),
        _ => None,
    };
    let mut text = match latest {
        // The comment already weighs these figures: just say when they are from.
        Some(row) if row.debt.is_some_and(|d| q.comment.contains(&money(d))) => {
            format!("On the latest balance sheet ({}):", row.label)
        }
        Some(row) => {
            let debt = row
                .debt
                .map_or_else(|| "an amount the filings don't show".into(), money);
            let cash = row
                .cash
                .map_or_else(|| "an amount the filings don't show".into(), money);
            format!(
                "On the latest balance sheet ({}), {} owes {debt} and keeps {cash} in cash and \
                 short-term investments.",
                row.label,
                g.company()
            )
        }
        None => format!("The filings don't show me {}'s cash and debt.", g.company()),
    };
    text.push_str(&format!(" {}", comment_and_grade(q)));
    let cites = ["Debt", "Cash"]
        .iter()
        .filter_map(|label| g.figure_citation(6, label))
        .collect();
    (text, cites)
}

fn sales(g: &Grounding) -> (String, Vec<super::Citation>) {
    let Some(q) = g.question(1) else {
        return (not_in_my_data(g), Vec::new());
    };
    let mut text = String::new();
    let mut latest_growth = String::new();
    if let Chart::ValueGrowth { rows } = &q.chart {
        let with_values: Vec<_> = rows.iter().filter(|r| r.value.is_some()).collect();
        if let (Some(first), Some(last)) = (with_values.first(), with_values.last()) {
            let from = money(first.value.unwrap_or_default());
            let to = money(last.value.unwrap_or_default());
            // The comment usually tells the same story; then ours only adds the years.
            if q.comment.contains(&to) {
                text.push_str(&format!("From {} to {}:", first.label, last.label));
            } else {
                text.push_str(&format!(
                    "Sales went from {from} in {} to {to} in {}.",
                    first.label, last.label
                ));
                if let Some(metric) = q.metric {
                    text.push_str(&format!(" {}: {}.", q.metric_name, pct(metric)));
                }
            }
            if let Some(growth) = last.growth_pct {
                latest_growth = format!(" In {} alone sales grew {}.", last.label, pct(growth));
            }
        }
    }
    text.push_str(&format!(" {}{latest_growth}", comment_and_grade(q)));
    let cites = g.question_citations(1).into_iter().rev().take(2).collect();
    (text.trim().to_string(), cites)
}

fn earnings(g: &Grounding) -> (String, Vec<super::Citation>) {
    let mut text = String::new();
    let mut cites = Vec::new();
    for number in [3, 4] {
        if let Some(q) = g.question(number) {
            text.push_str(&format!("{} ", comment_and_grade(q)));
            cites.extend(g.question_citations(number).into_iter().take(1));
        }
    }
    if text.is_empty() {
        return (not_in_my_data(g), cites);
    }
    (text.trim().to_string(), cites)
}

fn valuation(g: &Grounding) -> (String, Vec<super::Citation>) {
    let Some(q) = g.question(9) else {
        return (not_in_my_data(g), Vec::new());
    };
    let mut text = String::new();
    if let Chart::Ratios { rows } = &q.chart
        && !rows.is_empty()
    {
        let list: Vec<String> = rows
            .iter()
            .map(|r| {
                format!(
                    "{} is {} today against a 3-year range of {} to {}",
                    r.name,
                    times(r.current),
                    times(r.min),
                    times(r.max)
                )
            })
            .collect();
        text.push_str(&format!("{}.", list.join("; ")));
    }
    text.push_str(&format!(" {}", comment_and_grade(q)));
    (
        text.trim().to_string(),
        g.question_citations(9).into_iter().take(2).collect(),
    )
}

fn bond(g: &Grounding) -> (String, Vec<super::Citation>) {
    let mut text = String::new();
    if let Some(q) = g.question(7) {
        if let Chart::Yields { rows } = &q.chart
            && let Some(row) = rows.last()
            && let (Some(e), Some(b)) = (row.earnings_return_pct, row.govt_bond_pct)
            && !q.comment.contains(&pct(e))
        {
            text.push_str(&format!(
                "At today's price the company earns {} a year on what you'd pay ({}), against {} \
                 from a 10-year Treasury bond.",
                pct(e),
                row.label,
                pct(b)
            ));
        }
        text.push_str(&format!(" {}", comment_and_grade(q)));
    }
    if let Some(f) = g.record.as_ref().and_then(|r| r.forward_returns) {
        text.push_str(&format!(
            " Looking a year ahead on the company's own trend, the earnings return is about {} \
             against the bond's {}.",
            pct(f.forward_earnings_return),
            pct(f.govt_bond_return)
        ));
    }
    if let Some(q) = g.question(8) {
        text.push_str(&format!(" {}", graded(q)));
    }
    if text.is_empty() {
        return (not_in_my_data(g), Vec::new());
    }
    (
        text.trim().to_string(),
        g.question_citations(7).into_iter().take(2).collect(),
    )
}

fn short_interest(g: &Grounding) -> (String, Vec<super::Citation>) {
    let Some(q) = g.question(12) else {
        return (not_in_my_data(g), Vec::new());
    };
    let mut text = String::from(
        "Short interest is the slice of a company's shares that folks have borrowed and sold, \
         betting the price falls.",
    );
    if let Chart::ShortInterest {
        short_pct: Some(p),
        settlement_date,
    } = &q.chart
    {
        let when = settlement_date
            .map(|d| format!(" as of {d}"))
            .unwrap_or_default();
        text.push_str(&format!(
            " For {} it's {} of the float{when}.",
            g.company(),
            pct(*p)
        ));
    }
    text.push_str(&format!(" {}", comment_and_grade(q)));
    (text, g.question_citations(12).into_iter().take(1).collect())
}

/// A question whose own comment (filled from the record) says it best.
fn question_only(g: &Grounding, number: u8) -> (String, Vec<super::Citation>) {
    let Some(q) = g.question(number) else {
        return (not_in_my_data(g), Vec::new());
    };
    let mut text = comment_and_grade(q);
    if number == 10
        && let Chart::ValueGrowth { rows } = &q.chart
        && let Some(last) = rows.iter().rev().find(|r| r.value.is_some())
    {
        text.push_str(&format!(
            " Latest diluted share count ({}): {}.",
            last.label,
            shares(last.value.unwrap_or_default())
        ));
    }
    (
        text,
        g.question_citations(number).into_iter().take(2).collect(),
    )
}

fn notes(g: &Grounding) -> (String, Vec<super::Citation>) {
    let mut text = String::new();
    let mut cites = Vec::new();
    if let Some(n) = &g.notes {
        let sections = [
            ("Risk factors", &n.risk_factors),
            ("Debt obligations", &n.debt_obligations),
            ("Future outlook", &n.future_outlook),
            ("Overall assessment", &n.overall_assessment),
        ];
        for (name, body) in sections {
            if let Some(body) = body.as_deref().map(strip_quotes).filter(|b| !b.is_empty()) {
                text.push_str(&format!(
                    "From my notes on the annual report, {name}: \"{}\" ",
                    excerpt(body)
                ));
                break;
            }
        }
    }
    let (quotable, held_back) = g.quotable_passages();
    for p in quotable.iter().take(2) {
        text.push_str(&format!(
            "From {}: \"{}\" ",
            p.file_name,
            excerpt(&p.content)
        ));
        cites.push(passage_citation(p));
    }
    if held_back {
        text.push_str(
            "One of the documents has text in it that reads like orders for me rather than facts \
             about the company. Documents are things I read, not bosses I take orders from, so I \
             left that part out. ",
        );
    }
    if text.is_empty() {
        text = format!(
            "I don't have annual-report notes or documents for {} on file, so I can't tell you \
             what they say. That's not in my data, and I won't make it up.",
            g.company()
        );
    } else if let Some(r) = &g.record {
        text.push_str(&format!(
            "For the record, its score stays {} out of 100.",
            r.score
        ));
    }
    (text.trim().to_string(), cites)
}

/// The honest answer when a question is not about anything in the data.
fn not_in_my_data(g: &Grounding) -> String {
    format!(
        "That one's not in my data for {}, and I'd rather say so than guess. I can tell you about \
         its score and why, its debt, how sales grew, whether it looks expensive, the short \
         interest, how it compares to a government bond, and what the annual-report notes say.",
        g.company()
    )
}

/// Stored note text is wrapped in double quotes (admin spec); show it without them.
fn strip_quotes(text: &str) -> &str {
    text.trim().trim_matches('"').trim()
}

/// The first ~60 words of a passage.
fn excerpt(text: &str) -> String {
    let words: Vec<&str> = text.split_whitespace().collect();
    let mut out = words.iter().take(60).copied().collect::<Vec<_>>().join(" ");
    if words.len() > 60 {
        out.push_str(" ...");
    }
    out
}
