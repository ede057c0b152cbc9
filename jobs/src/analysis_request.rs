//! The analysis-request policy, in one place for every caller that may reuse a stored answer
//! (the stock page's API call, the chat assistant, the newsletter): serve a fresh stored
//! analysis; report a fresh stored failure; otherwise queue the `AnalyzeStock` job (or join
//! the one already queued or running) and wait for it up to a bound. A batch always
//! re-analyses, so its children run `analyze_and_store` in their own job instead.

use std::time::Duration;

use chrono::Utc;

use crate::{
    queue::{JobOutcome, JobQueue, QueueError},
    store::{Store, StoreError, analyses::StoredAnalysis},
    symbol::TickerSymbol,
    tasks::analyze_stock::AnalyzeStock,
};

/// What a request for a symbol's analysis came to.
#[derive(Debug, Clone)]
pub enum Outcome {
    /// A stored analysis: fresh from the store (`job: None`) or just computed by `job`.
    Fresh {
        analysis: Box<StoredAnalysis>,
        job: Option<String>,
    },
    /// The company cannot be scored (no statements, IFRS, not enough data): the stored
    /// message, for people.
    Unanalysable(String),
    /// The job failed for another reason (an upstream outage after its retries).
    Failed(String),
    /// Still running when the wait ended: follow `job` for its progress.
    Queued { job: String },
}

/// Why the policy itself could not decide (the database or the queue failed).
#[derive(Debug, thiserror::Error)]
pub enum RequestError {
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error(transparent)]
    Queue(#[from] QueueError),
}

/// The stored reason `symbol` could not be analysed, when it is younger than `max_age` (a
/// company known to be unanalysable is not queued again until then).
pub async fn fresh_failure(
    store: &Store,
    symbol: &str,
    max_age: Duration,
) -> Result<Option<String>, StoreError> {
    let max_age = chrono::Duration::from_std(max_age).unwrap_or(chrono::Duration::MAX);
    Ok(store
        .analysis_failure(symbol)
        .await?
        .filter(|(_, at)| Utc::now() - *at < max_age)
        .map(|(message, _)| message))
}

/// Asks for the analysis of `symbol`: a stored one younger than `max_age` answers at once;
/// otherwise the job is queued or joined and awaited for up to `wait`.
pub async fn request(
    queue: &JobQueue,
    symbol: &TickerSymbol,
    max_age: Duration,
    wait: Duration,
) -> Result<Outcome, RequestError> {
    let store = queue.store();
    let symbol = symbol.as_str();
    let stale_after = chrono::Duration::from_std(max_age).unwrap_or(chrono::Duration::MAX);
    if let Some(stored) = store.latest_analysis(symbol).await?
        && Utc::now() - stored.computed_at < stale_after
    {
        return Ok(Outcome::Fresh {
            analysis: Box::new(stored),
            job: None,
        });
    }
    if let Some(message) = fresh_failure(store, symbol, max_age).await? {
        return Ok(Outcome::Unanalysable(message));
    }
    let job = AnalyzeStock {
        symbol: symbol.to_string(),
    };
    match queue.enqueue_and_wait(&job, wait).await? {
        JobOutcome::Done { job, .. } => match store.latest_analysis(symbol).await? {
            Some(stored) => Ok(Outcome::Fresh {
                analysis: Box::new(stored),
                job: Some(job),
            }),
            None => Ok(Outcome::Failed("the analysis stored no record".into())),
        },
        // A company that cannot be scored has its reason stored with the symbol.
        JobOutcome::Failed(reason) => Ok(match store.analysis_failure(symbol).await? {
            Some((message, _)) => Outcome::Unanalysable(message),
            None => Outcome::Failed(reason),
        }),
        JobOutcome::Running(job) => Ok(Outcome::Queued { job }),
    }
}
