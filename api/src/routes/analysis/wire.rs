//! The analysis calls' answers, typed (their TypeScript twins are generated into the web app).

use chrono::{DateTime, Utc};
use jobs::{analysis::AnalysisRecord, peers::QuestionPeers, store::analyses::StoredAnalysis};
use serde::Serialize;

/// The spec's answer `{success, data, message, details}` for a stored analysis, plus the
/// structured record the web app reads and the job that computed it (when one just did).
#[derive(Debug, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct AnalysisOut {
    pub success: bool,
    /// The spec's plain-text result.
    pub data: String,
    pub message: &'static str,
    pub details: AnalysisDetails,
    pub record: AnalysisRecord,
    /// Each answered question next to its sector's median (`jobs::peers`): empty when the
    /// record has no SIC code or no statistics were computed yet. Not part of `data`.
    pub peers: Vec<QuestionPeers>,
    pub job_id: Option<String>,
}

#[derive(Debug, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct AnalysisDetails {
    pub computed_at: DateTime<Utc>,
    /// "based on N of 12".
    pub score_basis: String,
}

impl AnalysisOut {
    pub fn new(stored: StoredAnalysis, peers: Vec<QuestionPeers>, job_id: Option<String>) -> Self {
        AnalysisOut {
            success: true,
            data: stored.text,
            message: "Analysis complete",
            details: AnalysisDetails {
                computed_at: stored.computed_at,
                score_basis: stored.record.score_basis.clone(),
            },
            record: stored.record,
            peers,
            job_id,
        }
    }
}

/// 202: the analysis is still running; follow the job.
#[derive(Debug, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct InProgressOut {
    pub success: bool,
    pub message: &'static str,
    pub details: Option<()>,
    pub job_id: String,
}

/// `POST /api/analyses`: the queued (or joined) job.
#[derive(Debug, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct CreateAnalysisOut {
    pub job_id: String,
    pub joined: bool,
    pub symbol: String,
}

/// One stock of the compare page (spec: scores and companyName).
#[derive(Debug, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct BatchScoreOut {
    pub scores: Vec<Option<u8>>,
    pub score: u8,
    pub company_name: String,
    pub answered_questions: u8,
    /// Fewer than 9 of 12 answered: the compare view marks the score provisional.
    pub provisional: bool,
    pub provisional_reason: Option<String>,
}

/// The spec's forward-returns answer: `{success, data: {forward_earnings_return,
/// govt_bond_return}}`.
#[derive(Debug, Serialize, ts_rs::TS)]
pub struct ForwardReturnsOut {
    pub success: bool,
    pub data: ForwardReturnsData,
}

#[derive(Debug, Serialize, ts_rs::TS)]
pub struct ForwardReturnsData {
    pub forward_earnings_return: f64,
    pub govt_bond_return: f64,
}
