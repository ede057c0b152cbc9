//! The worker process's own heartbeat row (`worker_processes`): who runs, where, which
//! version, last seen when. The job library keeps one row per queue worker but no host, pid
//! or version; operators ask per process (`worker workers`, `worker health`).

use std::{
    sync::{
        Arc,
        atomic::{AtomicBool, Ordering},
    },
    time::Duration,
};

use crate::store::{Store, fleet_status::WorkerProcess};

/// How often a worker process writes its heartbeat row.
pub const BEAT: Duration = Duration::from_secs(5);
/// A process silent this long is presumed dead (three missed beats, as for the queue's
/// own worker heartbeats).
pub const STALE_AFTER: Duration = Duration::from_secs(15);

/// Whether this process's claim loop is running: true from start until the monitor stops.
/// The worker's `/readyz` reads it.
#[derive(Debug, Clone, Default)]
pub struct ClaimLoop(Arc<AtomicBool>);

impl ClaimLoop {
    pub fn is_running(&self) -> bool {
        self.0.load(Ordering::SeqCst)
    }

    pub(super) fn set(&self, running: bool) {
        self.0.store(running, Ordering::SeqCst);
    }
}

/// This process's row, named like its queue workers' prefix.
pub(super) fn this_process(instance: &str, queues: &[&str]) -> WorkerProcess {
    let now = chrono::Utc::now().timestamp();
    WorkerProcess {
        name: instance.to_string(),
        host: super::fleet::host_name(),
        pid: i64::from(std::process::id()),
        version: env!("CARGO_PKG_VERSION").to_string(),
        queues: queues.join(","),
        started_at: now,
        last_seen: now,
    }
}

/// Writes the heartbeat every [`BEAT`] until dropped (the caller aborts it at shutdown).
pub(super) fn spawn(store: Store, process: WorkerProcess) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        let mut ticker = tokio::time::interval(BEAT);
        loop {
            ticker.tick().await;
            if let Err(err) = store.beat_worker_process(&process).await {
                // A missed beat only makes the process look stale; the queue keeps running.
                tracing::warn!(%err, "could not write the worker heartbeat");
            }
        }
    })
}
