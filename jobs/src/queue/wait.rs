//! Enqueue and wait: the one way a caller (an API route, the analysis-request policy, a job
//! waiting on another) queues a job and waits a bounded time for it. A job run by this
//! process's worker wakes the wait the moment its outcome is recorded ([`wakeup::finished`]);
//! a job run by another process is found by a short poll.

use std::time::{Duration, Instant};

use super::{Job, JobQueue, QueueError, wakeup};
use crate::store::{StoreError, apalis::JobStatus};

/// How often a waiting caller looks at its job when no in-process outcome wakes it first
/// (jobs run by a worker in another process).
const POLL: Duration = Duration::from_millis(50);

/// Where a job stood when the wait ended.
#[derive(Debug, Clone, PartialEq)]
pub enum JobOutcome {
    /// Job `job` succeeded, with the handler's output.
    Done {
        job: String,
        output: serde_json::Value,
    },
    /// It failed for good, with the reason for people (the handler's message).
    Failed(String),
    /// Still queued, running or waiting to retry: follow the job by this id.
    Running(String),
}

impl JobQueue {
    /// Enqueues `job` (or joins the identical one already queued or running, see
    /// [`JobQueue::enqueue`]) and waits up to `wait` for it to end.
    pub async fn enqueue_and_wait<J: Job>(
        &self,
        job: &J,
        wait: Duration,
    ) -> Result<JobOutcome, QueueError> {
        let enqueued = self.enqueue(job).await?;
        let outcome = self.wait_for::<J>(&enqueued.id, wait).await?;
        // The job was just enqueued on J's queue, so it exists and is of that kind.
        Ok(outcome.unwrap_or(JobOutcome::Running(enqueued.id)))
    }

    /// Waits up to `wait` (zero: just looks) for job `id` to end. `None` when there is no job
    /// of kind `J` with that id, so a route can answer 404 for an id of another kind.
    pub async fn wait_for<J: Job>(
        &self,
        id: &str,
        wait: Duration,
    ) -> Result<Option<JobOutcome>, StoreError> {
        let started = Instant::now();
        let finished = wakeup::finished();
        loop {
            // Listening before the look: an outcome recorded in between still wakes the wait.
            let woken = finished.notified();
            tokio::pin!(woken);
            woken.as_mut().enable();
            let Some(job) = self.store().job(id).await?.filter(|j| j.queue == J::QUEUE) else {
                return Ok(None);
            };
            match job.status {
                JobStatus::Succeeded => {
                    return Ok(Some(JobOutcome::Done {
                        output: job.output.unwrap_or_default(),
                        job: job.id,
                    }));
                }
                JobStatus::Failed => {
                    let reason = job.error.unwrap_or_else(|| "the job failed".into());
                    return Ok(Some(JobOutcome::Failed(reason)));
                }
                JobStatus::Queued | JobStatus::Running | JobStatus::Retrying => {}
            }
            let left = wait.saturating_sub(started.elapsed());
            if left.is_zero() {
                return Ok(Some(JobOutcome::Running(id.to_string())));
            }
            // Woken when a job of this process finishes (the embedded worker), else the poll.
            let _ = tokio::time::timeout(POLL.min(left), woken).await;
        }
    }
}
