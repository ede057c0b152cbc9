//! Diagnostic jobs: a no-op for the queue benchmark and the wake-up measurement, and jobs
//! that fail or crash on purpose for the reliability tests.

use std::time::Duration;

use serde::{Deserialize, Serialize};

use crate::queue::{
    Job,
    runner::{JobError, JobHandler, JobRun},
};

/// Does nothing for `sleep_ms`, then records when it ran (for latency measurements).
#[derive(Debug, Clone, Copy, Default, Serialize, Deserialize, PartialEq, Eq)]
pub struct Noop {
    #[serde(default)]
    pub sleep_ms: u64,
    /// When set, the job records its start time (microseconds since the epoch) as progress (the
    /// wake-up benchmark reads it).
    #[serde(default)]
    pub record_start: bool,
}

impl Job for Noop {
    const QUEUE: &'static str = "noop";
    // Generous: the kill -9 reliability test interrupts the same job several times.
    const MAX_ATTEMPTS: u32 = 25;
}

impl JobHandler for Noop {
    async fn run(self, run: &JobRun) -> Result<serde_json::Value, JobError> {
        if self.record_start {
            let started = chrono::Utc::now().timestamp_micros().to_string();
            // Stored as the progress message so the benchmark can read the start time.
            run.progress("started", 0, &started).await;
        }
        if self.sleep_ms > 0 {
            tokio::time::sleep(Duration::from_millis(self.sleep_ms)).await;
        }
        Ok(serde_json::Value::Null)
    }
}

/// Fails its first `fail_times` runs as an upstream rate limit would (with `Retry-After`
/// when `retry_after_secs` is set), then succeeds.
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq, Eq)]
pub struct Flaky {
    pub fail_times: i64,
    pub retry_after_secs: Option<u64>,
}

impl Job for Flaky {
    const QUEUE: &'static str = "flaky";
}

impl JobHandler for Flaky {
    async fn run(self, run: &JobRun) -> Result<serde_json::Value, JobError> {
        if run.attempt <= self.fail_times {
            return Err(JobError::Retry {
                reason: format!("upstream answered 429 (attempt {})", run.attempt),
                after: self.retry_after_secs.map(Duration::from_secs),
            });
        }
        Ok(serde_json::json!({ "attempts": run.attempt }))
    }
}

/// Kills its worker process mid-job, every time: the queue must give up on it after
/// `MAX_ATTEMPTS` instead of looping. Refuses to run unless the worker was started with
/// `WORKER_ALLOW_CRASH_JOBS=1`.
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq, Eq)]
pub struct Crash {}

impl Job for Crash {
    const QUEUE: &'static str = "crash";
    const MAX_ATTEMPTS: u32 = 3;
}

impl JobHandler for Crash {
    async fn run(self, run: &JobRun) -> Result<serde_json::Value, JobError> {
        if !run.ctx.allow_crash_jobs {
            return Err(JobError::permanent(
                "crash jobs are disabled on this worker",
            ));
        }
        tracing::error!(job = %run.job_id, "crash job: exiting the worker on purpose");
        std::process::exit(101);
    }
}
