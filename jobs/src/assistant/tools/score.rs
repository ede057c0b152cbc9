//! A stock's score and the reason per question, with the filings each reason rests on, from
//! its stored analysis record.

use super::Toolbox;
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
