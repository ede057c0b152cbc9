//! Diagnostic jobs: a no-op for the queue benchmark and the wake-up measurement, and jobs
//! that fail or crash on purpose for the reliability tests. Run by `handlers::diagnostics`.

use serde::{Deserialize, Serialize};

use crate::queue::Job;

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

/// Works in `steps` steps of `step_ms`, reporting progress before each: a job an operator
/// can stop mid-run (`worker cancel`), for the operator tests.
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq, Eq)]
pub struct Steps {
    pub steps: u32,
    pub step_ms: u64,
}

impl Job for Steps {
    const QUEUE: &'static str = "steps";
    const MAX_ATTEMPTS: u32 = 1;
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
