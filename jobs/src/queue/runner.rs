//! Running one job: decode and version-check the payload, guard against jobs that keep
//! crashing their worker, enforce the timeout, and turn failures into durable retries with
//! exponential backoff and jitter (or the upstream's `Retry-After`).

use std::{future::Future, sync::Arc, time::Duration};

use apalis_core::{
    error::{AbortError, BoxDynError},
    task::{ExecutionContext, Task, data::Data, from_request::FromRequest, task_id::TaskId},
};
use rand::Rng;

use super::{Envelope, Job, context::JobContext};
use crate::sources::SourceError;
use crate::store::Store;

/// Why a run failed, and so what happens next.
#[derive(Debug, thiserror::Error)]
pub enum JobError {
    /// Worth another try later: after `after` when the upstream said so (`Retry-After`),
    /// otherwise after an exponential backoff.
    #[error("{reason}")]
    Retry {
        reason: String,
        after: Option<Duration>,
    },
    /// No point retrying (bad input, unsupported company, ...): the job fails now.
    #[error("{0}")]
    Permanent(String),
}

impl JobError {
    pub fn retry(reason: impl std::fmt::Display) -> Self {
        JobError::Retry {
            reason: reason.to_string(),
            after: None,
        }
    }

    pub fn permanent(reason: impl std::fmt::Display) -> Self {
        JobError::Permanent(reason.to_string())
    }
}

impl From<crate::store::StoreError> for JobError {
    fn from(err: crate::store::StoreError) -> Self {
        JobError::retry(format!("database: {err}"))
    }
}

/// How a data-source failure ends a run: rate limits retry after the upstream's `Retry-After`,
/// outages retry with backoff, missing or corrupt data fails with the reason.
impl From<SourceError> for JobError {
    fn from(err: SourceError) -> Self {
        match err {
            SourceError::RateLimited { retry_after } => JobError::Retry {
                reason: "a data source is rate limiting us".into(),
                after: retry_after,
            },
            other if other.is_retryable() => JobError::retry(other),
            other => JobError::permanent(other),
        }
    }
}

/// What a handler gets besides its payload.
pub struct JobRun {
    pub job_id: String,
    pub queue: &'static str,
    /// 1 for the first run.
    pub attempt: i64,
    pub ctx: Arc<JobContext>,
    /// Set when an operator asked this run to stop (`worker cancel`).
    pub cancel: Cancellation,
}

/// An operator's request that a run stop, noticed at the run's progress reports. The runner
/// watches it and drops the handler where it reported; a run built without the runner
/// (tests calling a handler directly) just carries on.
#[derive(Debug, Clone, Default)]
pub struct Cancellation {
    reason: Arc<std::sync::OnceLock<String>>,
    notify: Arc<tokio::sync::Notify>,
    watched: bool,
}

impl Cancellation {
    /// One the runner watches: a progress report that finds a stop request never returns.
    fn watched() -> Self {
        Cancellation {
            watched: true,
            ..Cancellation::default()
        }
    }

    fn request(&self, reason: String) {
        let _ = self.reason.set(reason);
        self.notify.notify_waiters();
    }

    /// Resolves with the reason once a stop is requested.
    async fn requested(&self) -> String {
        loop {
            // Registered before the check, so a request in between is not missed.
            let notified = self.notify.notified();
            if let Some(reason) = self.reason.get() {
                return reason.clone();
            }
            notified.await;
        }
    }
}

impl JobRun {
    pub fn store(&self) -> &Store {
        &self.ctx.store
    }

    /// Records the stage the job has really reached, for the API and the page, and stops
    /// here when an operator asked this run to stop (the store answers both at once).
    pub async fn progress(&self, stage: &str, percent: u8, message: &str) {
        let store = &self.ctx.store;
        let recorded = store
            .set_progress(&self.job_id, self.queue, stage, percent, message)
            .await;
        let stop = recorded.unwrap_or_else(|err| {
            // Progress is informative; losing one update must not fail the job (a stop
            // request is then seen at the next report).
            tracing::warn!(job = %self.job_id, %err, "could not record progress");
            None
        });
        // A progress report is where a run may stop safely: the handler is between steps.
        if let Some(reason) = stop {
            self.cancel.request(reason);
            if self.cancel.watched {
                // The runner drops this run here; nothing after this point runs.
                std::future::pending::<()>().await;
            }
        }
    }
}

/// A job kind the worker knows how to run.
pub trait JobHandler: Job {
    /// Runs the job; must be idempotent (delivery is at least once).
    fn run(self, run: &JobRun) -> impl Future<Output = Result<serde_json::Value, JobError>> + Send;
}

/// Backoff for the n-th retry: 2^n seconds from 2 s, capped at 10 minutes, with up to 25%
/// random jitter so a fleet does not retry in lockstep.
pub fn backoff(attempt: i64) -> Duration {
    let base = 2u64.saturating_pow(attempt.clamp(1, 20) as u32).min(600);
    let jitter = rand::rng().random_range(0..=base * 250);
    Duration::from_millis(base * 1000 + jitter)
}

/// The attempt count and limit of the task the library fetched, read from the task itself
/// instead of a second query. The library counts the run in progress before the handler's
/// body first runs, so [`Attempts::current`] is 1 on the first run.
pub struct Attempts(Arc<ExecutionContext>);

impl Attempts {
    /// This run's number: the stored count (runs started before, including ones a dead
    /// worker never finished) plus this one.
    pub fn current(&self) -> i64 {
        self.0.attempt() as i64
    }

    /// The library's default when a row has none (25) never applies to our jobs: every
    /// enqueue sets it.
    pub fn max(&self) -> i64 {
        self.0.max_attempts().unwrap_or(1) as i64
    }
}

impl<Args: Sync> FromRequest<Task<Args>> for Attempts {
    type Error = std::convert::Infallible;
    async fn from_request(task: &Task<Args>) -> Result<Self, Self::Error> {
        Ok(Attempts(task.ctx().clone()))
    }
}

/// The function the worker registers for each job kind.
pub async fn run_task<J: JobHandler>(
    payload: serde_json::Value,
    task_id: TaskId,
    attempts: Attempts,
    ctx: Data<Arc<JobContext>>,
) -> Result<serde_json::Value, BoxDynError> {
    let ctx: Arc<JobContext> = (*ctx).clone();
    let job_id = task_id.to_string();
    let attempt = attempts.current();
    let max_attempts = attempts.max();
    // The library re-enqueues jobs orphaned by a dead worker without looking at the attempt
    // count, so a job that crashes its worker would loop forever: stop it here.
    if attempt > max_attempts {
        let done = attempt - 1;
        let reason = format!(
            "gave up after {done} attempts: the worker stopped in the middle of this job each time"
        );
        if let Err(err) = ctx
            .store
            .finish_job(
                &job_id,
                "Killed",
                done,
                &serde_json::json!({ "Err": reason }),
            )
            .await
        {
            tracing::warn!(job = %job_id, %err, "could not record the give-up");
        }
        return Err(abort(reason));
    }
    let outcome = match decode::<J>(payload) {
        Ok(job) => {
            let run = JobRun {
                job_id: job_id.clone(),
                queue: J::QUEUE,
                attempt,
                ctx: ctx.clone(),
                cancel: Cancellation::watched(),
            };
            run_unless_cancelled(job, &run).await
        }
        Err(reason) => Err(JobError::Permanent(reason)),
    };
    // What we record (the reason as the handler wrote it) and what the library gets back
    // (for a permanent failure, its `AbortError`, so it does not retry).
    let (status, stored, result) = match outcome {
        Ok(value) => ("Done", serde_json::json!({ "Ok": &value }), Ok(value)),
        Err(JobError::Permanent(reason)) => (
            "Killed",
            serde_json::json!({ "Err": &reason }),
            Err(abort(reason)),
        ),
        Err(JobError::Retry { reason, after }) => {
            let delay = after.unwrap_or_else(|| backoff(attempt));
            let when = chrono::Utc::now() + chrono::Duration::from_std(delay).unwrap_or_default();
            if let Err(err) = ctx.store.set_job_run_at(&job_id, when).await {
                tracing::warn!(job = %job_id, %err, "could not schedule the retry");
            }
            tracing::warn!(job = %job_id, attempt, %reason, retry_in_ms = delay.as_millis() as u64, "job failed, will retry");
            (
                "Failed",
                serde_json::json!({ "Err": &reason }),
                Err(reason.into()),
            )
        }
    };
    // The library acks too, but from its poll loop (up to a poll late, so a finished job would
    // read as running) and that ack must stay on: its deferred lock (status Running) can land
    // after this write, and only its ack, queued behind the lock, puts the outcome back. (Our
    // patched ack, vendor/README.md, skips a job that already holds this outcome.)
    if let Err(err) = ctx
        .store
        .finish_job(&job_id, status, attempt, &stored)
        .await
    {
        tracing::warn!(job = %job_id, %err, "could not record the outcome; the queue's own ack will");
    }
    // The library keeps only the last result: each failed run's error is kept for the admin
    // Jobs page.
    if let Some(reason) = stored.get("Err").and_then(|e| e.as_str())
        && let Err(err) = ctx.store.record_job_attempt(&job_id, attempt, reason).await
    {
        tracing::warn!(job = %job_id, %err, "could not record the failed attempt");
    }
    super::wakeup::job_finished();
    result
}

/// Runs the handler within its timeout, unless an operator stopped the job: before it
/// starts (a worker had already claimed it), or at a progress report while it runs.
async fn run_unless_cancelled<J: JobHandler>(
    job: J,
    run: &JobRun,
) -> Result<serde_json::Value, JobError> {
    match run.store().cancel_request(&run.job_id).await {
        Ok(Some(reason)) => return Err(JobError::Permanent(reason)),
        Ok(None) => {}
        Err(err) => tracing::warn!(job = %run.job_id, %err, "could not read stop requests"),
    }
    let work = async {
        tokio::select! {
            outcome = job.run(run) => outcome,
            reason = run.cancel.requested() => {
                tracing::info!(job = %run.job_id, %reason, "job stopped on request");
                Err(JobError::Permanent(reason))
            }
        }
    };
    match tokio::time::timeout(J::TIMEOUT, work).await {
        Ok(outcome) => outcome,
        Err(_) => Err(JobError::retry(format!(
            "timed out after {} s",
            J::TIMEOUT.as_secs()
        ))),
    }
}

/// Decodes `{"v": N, "job": {...}}` into the job type, with a message fit for `last_error`.
pub fn decode<J: Job>(payload: serde_json::Value) -> Result<J, String> {
    let envelope: Envelope = serde_json::from_value(payload)
        .map_err(|err| format!("payload is not a job envelope: {err}"))?;
    if envelope.v != J::VERSION {
        return Err(format!(
            "payload version {} is not supported by this worker (expects {})",
            envelope.v,
            J::VERSION
        ));
    }
    serde_json::from_value(envelope.job)
        .map_err(|err| format!("payload does not decode as a {} job: {err}", J::QUEUE))
}

fn abort(reason: String) -> BoxDynError {
    Box::new(AbortError::new(reason))
}
