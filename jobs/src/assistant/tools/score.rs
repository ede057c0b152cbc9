//! A stock's score and the reason per question, with the filings each reason rests on, from
//! its stored analysis record.

use serde::Deserialize;
use serde_json::{Value, json};

use super::{
    Tool, Toolbox,
    spec::{CallError, ToolSpec},
};
use crate::{
    analysis::{AnalysisRecord, Band},
    assistant::{Citation, Grounding},
    store::StoreResult,
};

/// One of the 12 questions as the score tool reports it.
#[derive(Debug, Clone, PartialEq)]
pub struct Reason {
    pub number: u8,
    pub title: String,
    /// 0-10, `None` when the filings did not say enough.
    pub score: Option<u8>,
    /// The record's comment, its figures filled in by the analysis.
    pub comment: String,
    /// The rubric's input and what it is ("3-year revenue CAGR %"), when there is one.
    pub metric: Option<(f64, String)>,
    /// The filings behind the figures (form, date, accession, link).
    pub sources: Vec<Citation>,
}

/// A stock's overall score and its 12 reasons.
#[derive(Debug, Clone, PartialEq)]
pub struct StockScore {
    pub symbol: String,
    pub company: String,
    pub score: u8,
    pub band: Band,
    /// "based on all 12 questions" or "based on N of 12".
    pub basis: String,
    pub reasons: Vec<Reason>,
}

impl StockScore {
    /// The score of a stored record.
    pub fn of(record: &AnalysisRecord) -> StockScore {
        let grounding = Grounding {
            symbol: Some(record.symbol.clone()),
            record: Some(record.clone()),
            ..Grounding::default()
        };
        StockScore {
            symbol: record.symbol.clone(),
            company: record.company_name.clone(),
            score: record.score,
            band: record.band,
            basis: record.score_basis.clone(),
            reasons: record
                .questions
                .iter()
                .map(|q| Reason {
                    number: q.number,
                    title: q.title.clone(),
                    score: q.score,
                    comment: q.comment.clone(),
                    metric: q.metric.map(|m| (m, q.metric_name.clone())),
                    sources: grounding.question_citations(q.number),
                })
                .collect(),
        }
    }

    /// Graded reasons, strongest first (ties: question order).
    pub fn strongest(&self) -> Vec<&Reason> {
        let mut graded: Vec<&Reason> = self.reasons.iter().filter(|r| r.score.is_some()).collect();
        graded.sort_by_key(|r| (std::cmp::Reverse(r.score), r.number));
        graded
    }

    /// Graded reasons, weakest first (ties: question order).
    pub fn weakest(&self) -> Vec<&Reason> {
        let mut graded: Vec<&Reason> = self.reasons.iter().filter(|r| r.score.is_some()).collect();
        graded.sort_by_key(|r| (r.score, r.number));
        graded
    }

    /// Questions the filings could not answer.
    pub fn ungraded(&self) -> Vec<&Reason> {
        self.reasons.iter().filter(|r| r.score.is_none()).collect()
    }
}

impl Toolbox {
    /// The score of `symbol`'s latest stored analysis; `None` when it was never analysed.
    pub async fn stock_score(&self, symbol: &str) -> StoreResult<Option<StockScore>> {
        Ok(self.record(symbol).await?.as_ref().map(StockScore::of))
    }
}

/// The arguments of the tools that take one stock.
#[derive(Debug, Deserialize)]
pub struct SymbolArgs {
    pub symbol: String,
}

/// `score` as a language model is offered it.
pub fn spec() -> ToolSpec {
    ToolSpec::new(
        Tool::Score,
        "A stock's overall score (0-100), band and basis, and its 12 questions: each grade \
         (0-10, null when the filings did not say enough), Bubba's comment with the figures, \
         and the filings behind them. Use it for how a stock scores and why, and for the case \
         for and against when someone asks whether to buy (never give advice).",
    )
    .param(
        "symbol",
        json!({"type": "string"}),
        "The stock's ticker, e.g. AAPL",
    )
}

/// Runs `score`.
pub async fn call(toolbox: &Toolbox, args: SymbolArgs) -> Result<Value, CallError> {
    let symbol = toolbox.resolve_symbol(&args.symbol).await?;
    Ok(match toolbox.stock_score(&symbol).await? {
        Some(score) => score.to_json(),
        None => not_analysed(&symbol),
    })
}

/// What a tool answers for a stock never analysed.
pub fn not_analysed(symbol: &str) -> Value {
    json!({
        "symbol": symbol,
        "analysed": false,
        "note": "No analysis is stored for this stock yet: say so, and that its page can request one.",
    })
}

impl StockScore {
    /// The score as a tool result.
    pub fn to_json(&self) -> Value {
        let reasons: Vec<Value> = self
            .reasons
            .iter()
            .map(|r| {
                json!({
                    "number": r.number,
                    "title": r.title,
                    "score": r.score,
                    "comment": r.comment,
                    // The comment's figures in numbers, for the model and the number check.
                    "metric": r.metric.as_ref().map(|(value, name)| json!({"value": value, "name": name})),
                    "sources": r.sources,
                })
            })
            .collect();
        json!({
            "symbol": self.symbol,
            "company": self.company,
            "score": self.score,
            "band": self.band,
            "basis": self.basis,
            "questions": reasons,
        })
    }
}
