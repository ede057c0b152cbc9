//! Up to three stocks side by side: overall scores and each question's grade, from their
//! stored records.

use serde::Deserialize;
use serde_json::{Value, json};

use super::{
    Tool, Toolbox,
    company::CompanyMatch,
    score::StockScore,
    spec::{CallError, ToolSpec},
};
use crate::store::StoreResult;

/// Most stocks one comparison holds.
pub const MAX_STOCKS: usize = 3;

/// A comparison: the stocks with a stored analysis, and those without one.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Comparison {
    pub stocks: Vec<StockScore>,
    /// Named but never analysed: (symbol, name).
    pub missing: Vec<(String, String)>,
}

/// One question across the compared stocks: its title and each stock's grade, in order.
#[derive(Debug, Clone, PartialEq)]
pub struct QuestionRow {
    pub number: u8,
    pub title: String,
    pub grades: Vec<Option<u8>>,
}

impl Comparison {
    /// Each question with every stock's grade.
    pub fn rows(&self) -> Vec<QuestionRow> {
        let Some(first) = self.stocks.first() else {
            return Vec::new();
        };
        first
            .reasons
            .iter()
            .map(|r| QuestionRow {
                number: r.number,
                title: r.title.clone(),
                grades: self
                    .stocks
                    .iter()
                    .map(|s| {
                        s.reasons
                            .iter()
                            .find(|x| x.number == r.number)
                            .and_then(|x| x.score)
                    })
                    .collect(),
            })
            .collect()
    }
}

impl Toolbox {
    /// Compares the first [`MAX_STOCKS`] of `companies`.
    pub async fn compare(&self, companies: &[CompanyMatch]) -> StoreResult<Comparison> {
        let mut out = Comparison::default();
        for c in companies.iter().take(MAX_STOCKS) {
            match self.stock_score(&c.symbol).await? {
                Some(score) => out.stocks.push(score),
                None => out.missing.push((c.symbol.clone(), c.name.clone())),
            }
        }
        Ok(out)
    }
}

/// The arguments of `compare` as a function call.
#[derive(Debug, Deserialize)]
pub struct CompareArgs {
    pub symbols: Vec<String>,
}

/// `compare` as a language model is offered it.
pub fn spec() -> ToolSpec {
    ToolSpec::new(
        Tool::Compare,
        "Up to three stocks side by side: each overall score, band and basis, and every \
         question's grade per stock; stocks never analysed are listed as missing.",
    )
    .param(
        "symbols",
        json!({"type": "array", "items": {"type": "string"}, "minItems": 2, "maxItems": MAX_STOCKS}),
        "The tickers to compare, two or three, e.g. [\"KO\", \"PEP\"]",
    )
}

/// Runs `compare`.
pub async fn call(toolbox: &Toolbox, args: CompareArgs) -> Result<Value, CallError> {
    if args.symbols.is_empty() || args.symbols.len() > MAX_STOCKS {
        return Err(CallError::Invalid(format!(
            "symbols must hold one to {MAX_STOCKS} tickers"
        )));
    }
    let index = toolbox.name_index().await?;
    let mut companies = Vec::new();
    for raw in &args.symbols {
        let symbol = toolbox.resolve_symbol(raw).await?;
        let name = index.by_ticker(&symbol).map_or(symbol.clone(), |(_, n)| n);
        companies.push(CompanyMatch {
            symbol,
            name,
            matched: raw.clone(),
        });
    }
    let comparison = toolbox.compare(&companies).await?;
    let stocks: Vec<Value> = comparison
        .stocks
        .iter()
        .map(|s| json!({"symbol": s.symbol, "company": s.company, "score": s.score, "band": s.band, "basis": s.basis}))
        .collect();
    let questions: Vec<Value> = comparison
        .rows()
        .iter()
        .map(|row| {
            let grades: serde_json::Map<String, Value> = comparison
                .stocks
                .iter()
                .zip(&row.grades)
                .map(|(s, g)| (s.symbol.clone(), json!(g)))
                .collect();
            json!({"number": row.number, "title": row.title, "grades": grades})
        })
        .collect();
    let missing: Vec<Value> = comparison
        .missing
        .iter()
        .map(|(symbol, name)| json!({"symbol": symbol, "name": name, "analysed": false}))
        .collect();
    Ok(json!({"stocks": stocks, "questions": questions, "missing": missing}))
}
