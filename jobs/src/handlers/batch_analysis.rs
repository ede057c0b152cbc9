//! `BatchAnalysis{batch_id, symbol}`: one stock of an admin's batch. It re-analyses the stock
//! in its own job (the same `analyze_and_store` as `AnalyzeStock`, without a second queue
//! round trip; a batch always re-analyses, so there is no stored answer to join) and records
//! the outcome on the batch's child row; the last child ends the batch. A stopped batch's
//! children skip without work.

use crate::tasks::BatchAnalysis;

use chrono::Utc;

use super::analyze_stock::analyze_and_store;
use crate::{
    queue::{
        Job,
        runner::{JobError, JobHandler, JobRun},
    },
    store::batches::ChildOutcome,
    symbol::TickerSymbol,
};

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
        // The analysis reports its own six stages on this job (`worker --list` names the
        // batch beside it), so the child adds no progress writes of its own.
        let ended = match analyze_and_store(symbol.as_str(), run).await {
            Ok(record) => ChildOutcome::Scored(i32::from(record.score)),
            // Unanalysable (stored as such) or not in the directory: this child is done.
            Err(JobError::Permanent(message)) => ChildOutcome::Failed(message),
            // An upstream or database failure: the queue retries the child, and its last try
            // records the failure, so the batch still ends.
            Err(err @ JobError::Retry { .. }) => {
                if run.attempt < i64::from(Self::MAX_ATTEMPTS) {
                    return Err(err);
                }
                ChildOutcome::Failed(err.to_string())
            }
        };
        store
            .finish_batch_child(self.batch_id, &self.symbol, &ended, Utc::now())
            .await?;
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
