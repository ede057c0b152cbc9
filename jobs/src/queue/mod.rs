//! The durable job queue, on the job library (apalis) over the same database as the store.
//! The API enqueues with [`JobQueue`] (and waits with [`JobQueue::enqueue_and_wait`]); the
//! worker runs handlers through [`runner`].

pub mod context;
mod enqueue;
pub mod runner;
mod wait;
pub mod wakeup;

use std::time::Duration;

use serde::{Serialize, de::DeserializeOwned};

pub use context::JobContext;
pub use enqueue::{Enqueued, JobQueue, QueueError};
pub use wait::JobOutcome;

/// A kind of job: a versioned, serde payload on an explicit queue.
pub trait Job: Serialize + DeserializeOwned + Send + Sync + 'static {
    /// The queue name stored with each job. Set explicitly: the library's default is the
    /// Rust type path, and a rename would strand queued jobs.
    const QUEUE: &'static str;
    /// Payload version; a worker refuses (fails with the reason) a version it does not know.
    const VERSION: u32 = 1;
    /// Runs, including crashes of the worker, before the job fails for good.
    const MAX_ATTEMPTS: u32 = 5;
    /// Longest a single run may take.
    const TIMEOUT: Duration = Duration::from_secs(300);

    /// How [`Job::dedupe_key`] names a job, for operators (`worker kinds`): `None` when
    /// every enqueue makes a new job.
    const DEDUPE_RULE: Option<&'static str> = None;

    /// The logical identity of the job: concurrent enqueues with the same key while one is
    /// queued or running join that job. `None` means every enqueue makes a new job.
    fn dedupe_key(&self) -> Option<String> {
        None
    }
}

/// How a payload is stored: `{"v": version, "job": {...}}`.
#[derive(Debug, Serialize, serde::Deserialize)]
pub struct Envelope {
    pub v: u32,
    pub job: serde_json::Value,
}
