//! `BatchAnalysis{batch_id, symbol}`: one stock of an admin's batch. It runs the
//! analysis-request policy with no freshness allowance (a batch re-analyses), waits for the
//! `AnalyzeStock` job it queues or joins, and records the outcome on the batch's child row;
//! the last child ends the batch. A stopped batch's children skip without work.

use std::time::Duration;

use chrono::Utc;
use serde::{Deserialize, Serialize};

use crate::{
    analysis_request::{self, Outcome},
    queue::{
        Job, JobQueue,
        runner::{JobError, JobHandler, JobRun},
    },
    store::batches::ChildOutcome,
    symbol::TickerSymbol,
};

/// How long a child waits for its analysis before the queue retries it (an analysis takes
/// well under a second from the snapshot, seconds live; the SEC budget may queue it).
const ANALYSIS_WAIT: Duration = Duration::from_secs(240);

/// One stock of a batch.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub struct BatchAnalysis {
    pub batch_id: i64,
    pub symbol: String,
}

impl Job for BatchAnalysis {
    const QUEUE: &'static str = "batch";
    const MAX_ATTEMPTS: u32 = 3;
    const TIMEOUT: Duration = Duration::from_secs(300);
}

impl JobHandler for BatchAnalysis {
    async fn run(self, run: &JobRun) -> Result<serde_json::Value, JobError> {
        let store = run.store();
        // A child of a stopped batch, or one already recorded (a retry after a crash between
        // recording and acknowledging), does nothing.
        if !store
            .claim_batch_child(self.batch_id, &self.symbol, &run.job_id, Utc::now())
            .await?
        {
            return Ok(serde_json::json!({ "batch": self.batch_id, "skipped": self.symbol }));
        }
        let Ok(symbol) = TickerSymbol::parse(Some(&self.symbol)) else {
            let why = ChildOutcome::Failed("not a ticker symbol".into());
            store
                .finish_batch_child(self.batch_id, &self.symbol, &why, Utc::now())
                .await?;
            return Err(JobError::permanent(format!(
                "{} is not a ticker",
                self.symbol
            )));
        };
        run.progress(
            "Analyzing",
            10,
            &format!("Batch {}: analysing {}", self.batch_id, self.symbol),
        )
        .await;
        let queue = JobQueue::new(store.clone());
        let outcome = analysis_request::request(&queue, &symbol, Duration::ZERO, ANALYSIS_WAIT)
            .await
            .map_err(JobError::retry)?;
        let ended = match outcome {
            Outcome::Fresh { analysis, .. } => {
                ChildOutcome::Scored(i32::from(analysis.record.score))
            }
            Outcome::Unanalysable(message) | Outcome::Failed(message) => {
                ChildOutcome::Failed(message)
            }
            Outcome::Queued { job } => {
                return Err(JobError::retry(format!(
                    "the analysis of {} (job {job}) is still running",
                    self.symbol
                )));
            }
        };
        store
            .finish_batch_child(self.batch_id, &self.symbol, &ended, Utc::now())
            .await?;
        run.progress("Done", 100, &self.symbol).await;
        Ok(match ended {
            ChildOutcome::Scored(score) => {
                serde_json::json!({ "batch": self.batch_id, "symbol": self.symbol, "score": score })
            }
            ChildOutcome::Failed(error) => {
                serde_json::json!({ "batch": self.batch_id, "symbol": self.symbol, "error": error })
            }
        })
    }
}
