//! The analysis-request policy, in one place for every caller that may reuse a stored answer
//! (the stock page's API call, the chat assistant, the newsletter): serve a fresh stored
//! analysis; report a fresh stored failure; otherwise queue the `AnalyzeStock` job (or join
//! the one already queued or running) and wait for it up to a bound. A batch always
//! re-analyses, so its children run `analyze_and_store` in their own job instead.

use std::time::{Duration, Instant};

use chrono::Utc;

use crate::{
    handlers::analyze_stock::AnalyzeStock,
    queue::{JobQueue, QueueError},
    store::{Store, StoreError, analyses::StoredAnalysis, apalis::JobStatus},
    symbol::TickerSymbol,
};

/// How often a waiting request looks at its job when no in-process outcome wakes it first.
const JOB_POLL: Duration = Duration::from_millis(50);

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
    let job = queue
        .enqueue(&AnalyzeStock {
            symbol: symbol.to_string(),
        })
        .await?;
    let started = Instant::now();
    let finished = crate::queue::wakeup::finished();
    loop {
        // Listening before the look: an outcome recorded in between still wakes the wait.
        let woken = finished.notified();
        tokio::pin!(woken);
        woken.as_mut().enable();
        let record = store.job(&job.id).await?;
        match record.map(|r| (r.status, r.error)) {
            Some((JobStatus::Succeeded, _)) => {
                if let Some(stored) = store.latest_analysis(symbol).await? {
                    return Ok(Outcome::Fresh {
                        analysis: Box::new(stored),
                        job: Some(job.id),
                    });
                }
            }
            Some((JobStatus::Failed, error)) => {
                if let Some((message, _)) = store.analysis_failure(symbol).await? {
                    return Ok(Outcome::Unanalysable(message));
                }
                return Ok(Outcome::Failed(
                    error.unwrap_or_else(|| "the analysis failed".into()),
                ));
            }
            _ => {}
        }
        if started.elapsed() >= wait {
            return Ok(Outcome::Queued { job: job.id });
        }
        // Woken when a job of this process finishes (the embedded worker), else the poll.
        let _ = tokio::time::timeout(JOB_POLL, woken).await;
    }
}
