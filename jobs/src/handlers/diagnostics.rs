//! Diagnostic jobs: a no-op for the queue benchmark and the wake-up measurement, and jobs
//! that fail or crash on purpose for the reliability tests.

use crate::tasks::{Crash, Flaky, Noop, Steps};
use std::time::Duration;

use crate::queue::runner::{JobError, JobHandler, JobRun};

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

impl JobHandler for Steps {
    async fn run(self, run: &JobRun) -> Result<serde_json::Value, JobError> {
        for step in 0..self.steps {
            let percent = (step * 100 / self.steps.max(1)).min(100) as u8;
            run.progress(
                "step",
                percent,
                &format!("step {} of {}", step + 1, self.steps),
            )
            .await;
            tokio::time::sleep(Duration::from_millis(self.step_ms)).await;
        }
        Ok(serde_json::json!({ "steps": self.steps }))
    }
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
