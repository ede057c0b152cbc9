//! The Top 25: the ranked scores by the `ranking` room's rule (the home page's list).

use serde_json::{Value, json};

use super::{
    Tool, Toolbox,
    spec::{CallError, ToolSpec},
};
use crate::{
    ranking::{self, TopStock},
    store::StoreResult,
};

/// How many stocks the Top list holds.
pub const TOP_SIZE: usize = 25;

impl Toolbox {
    /// The Top 25 as the home page shows it.
    pub async fn top(&self) -> StoreResult<Vec<TopStock>> {
        ranking::top_stocks(&self.store, TOP_SIZE).await
    }
}

/// `top` as a language model is offered it.
pub fn spec() -> ToolSpec {
    ToolSpec::new(
        Tool::Top,
        "The Top 25: the highest-scoring analysed stocks as the home page ranks them, each with \
         its rank, ticker, company, score and how many questions it rests on.",
    )
}

/// Runs `top`.
pub async fn call(toolbox: &Toolbox) -> Result<Value, CallError> {
    let stocks: Vec<Value> = toolbox
        .top()
        .await?
        .iter()
        .enumerate()
        .map(|(i, s)| {
            json!({
                "rank": i + 1,
                "symbol": s.symbol,
                "company": s.company_name,
                "score": s.score,
                "basis": s.score_basis,
            })
        })
        .collect();
    Ok(json!({ "stocks": stocks }))
}
