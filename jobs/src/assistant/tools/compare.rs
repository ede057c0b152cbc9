//! Up to three stocks side by side: overall scores and each question's grade, from their
//! stored records.

use super::{Toolbox, company::CompanyMatch, score::StockScore};
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
