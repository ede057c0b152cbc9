//! One of the 12 questions in depth: what it asks, the grade, the comment with its figures,
//! the headline metric and the filings behind it.

use serde::Deserialize;
use serde_json::{Value, json};

use super::{
    Tool, Toolbox,
    score::not_analysed,
    spec::{CallError, ToolSpec},
};
use crate::{
    analysis::{AnalysisRecord, record::TITLES},
    assistant::{Citation, Grounding},
};

/// A question of one stock's record, in depth.
#[derive(Debug, Clone, PartialEq)]
pub struct QuestionDetail {
    pub symbol: String,
    pub number: u8,
    pub title: String,
    pub score: Option<u8>,
    pub comment: String,
    /// What the question asks and how to read it (the page's "What the heck is this?").
    pub explainer: String,
    /// The rubric's input and what it is ("3-year revenue CAGR %"), when there is one.
    pub metric: Option<(f64, String)>,
    pub sources: Vec<Citation>,
}

/// Question `number` (1-12) of `record`.
pub fn question_detail(record: &AnalysisRecord, number: u8) -> Option<QuestionDetail> {
    let q = record.questions.iter().find(|q| q.number == number)?;
    let grounding = Grounding {
        symbol: Some(record.symbol.clone()),
        record: Some(record.clone()),
        ..Grounding::default()
    };
    Some(QuestionDetail {
        symbol: record.symbol.clone(),
        number,
        title: q.title.clone(),
        score: q.score,
        comment: q.comment.clone(),
        explainer: q.explainer.clone(),
        metric: q.metric.map(|m| (m, q.metric_name.clone())),
        sources: grounding.question_citations(number),
    })
}

/// The question a message points at by number ("question 7", "question #7", "Q7").
pub fn question_number(message: &str) -> Option<u8> {
    let lower = message.to_lowercase();
    let words: Vec<&str> = lower
        .split(|c: char| !c.is_alphanumeric() && c != '#')
        .filter(|w| !w.is_empty())
        .collect();
    for (i, w) in words.iter().enumerate() {
        let number = if *w == "question" {
            words
                .get(i + 1)
                .and_then(|n| n.trim_start_matches('#').parse::<u8>().ok())
        } else {
            // "Q7"; a bare "#7" may be anything (a list item, a ticket), so it needs "question".
            w.strip_prefix('q').and_then(|n| n.parse::<u8>().ok())
        };
        if let Some(n) = number.filter(|n| (1..=12).contains(n)) {
            return Some(n);
        }
    }
    None
}

/// The arguments of `question` as a function call.
#[derive(Debug, Deserialize)]
pub struct QuestionArgs {
    pub symbol: String,
    pub number: u8,
}

/// `question` as a language model is offered it.
pub fn spec() -> ToolSpec {
    ToolSpec::new(
        Tool::Question,
        format!(
            "One of a stock's 12 questions in depth: the grade (0-10), Bubba's comment with its \
             figures, the headline metric, what the question asks and how to read it, and the \
             filings behind it. The questions: {}.",
            TITLES
                .iter()
                .enumerate()
                .map(|(i, t)| format!("{} {t}", i + 1))
                .collect::<Vec<_>>()
                .join("; ")
        ),
    )
    .param(
        "symbol",
        json!({"type": "string"}),
        "The stock's ticker, e.g. AAPL",
    )
    .param(
        "number",
        json!({"type": "integer", "minimum": 1, "maximum": 12}),
        "The question's number, 1 to 12",
    )
}

/// Runs `question`.
pub async fn call(toolbox: &Toolbox, args: QuestionArgs) -> Result<Value, CallError> {
    if !(1..=12).contains(&args.number) {
        return Err(CallError::Invalid(
            "number must be a question number from 1 to 12".into(),
        ));
    }
    let symbol = toolbox.resolve_symbol(&args.symbol).await?;
    let Some(record) = toolbox.record(&symbol).await? else {
        return Ok(not_analysed(&symbol));
    };
    let Some(d) = question_detail(&record, args.number) else {
        return Err(CallError::Invalid(format!(
            "{symbol}'s analysis has no question {}",
            args.number
        )));
    };
    Ok(json!({
        "symbol": d.symbol,
        "number": d.number,
        "title": d.title,
        "score": d.score,
        "comment": d.comment,
        "explainer": d.explainer,
        "metric": d.metric.map(|(value, name)| json!({"value": value, "name": name})),
        "sources": d.sources,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_question_is_named_by_its_number() {
        assert_eq!(question_number("tell me about question 7"), Some(7));
        assert_eq!(question_number("why a 3 on Q12?"), Some(12));
        assert_eq!(question_number("what about question #4"), Some(4));
        assert_eq!(question_number("what's the score? #5"), None);
        assert_eq!(question_number("question 13 please"), None);
        assert_eq!(question_number("quarterly sales"), None);
    }
}
