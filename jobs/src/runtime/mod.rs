//! The worker runtime: one job-library worker per queue under one monitor that restarts them
//! after backend errors and shuts down gracefully, configured by a plain [`WorkerOptions`];
//! and the scheduler that fires periodic jobs. The `worker` binary parses its command line
//! into these options; the API's embedded mode builds them directly.

mod fleet;
pub mod heartbeat;
pub mod overview;
mod poll;
mod registry;
pub mod scheduler;
mod upkeep;

use std::{future::Future, sync::Arc, time::Duration};

use anyhow::Context;
use apalis::prelude::Monitor;

pub use fleet::instance_name;
pub use heartbeat::ClaimLoop;
pub use overview::{QueueOverview, queue_overview};
pub use poll::spawn_insert_listener;
pub use registry::{KindInfo, kinds, queue_names, select_queues};

use crate::{queue::JobContext, settings::CommonSettings, store::Store};

/// How a worker process runs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WorkerOptions {
    /// Jobs run at once, per queue (bulk and diagnostic queues always run one at a time).
    pub concurrency: usize,
    /// Only these queues; all when empty.
    pub queues: Vec<String>,
    /// How long in-flight jobs get to finish after the stop signal before they are handed back.
    pub shutdown_timeout: Duration,
    /// SQLite: how often to look for jobs enqueued by other processes (and retries come due).
    pub claim_poll: Duration,
}

impl Default for WorkerOptions {
    fn default() -> Self {
        WorkerOptions {
            concurrency: 4,
            queues: Vec::new(),
            shutdown_timeout: Duration::from_secs(30),
            claim_poll: poll::CLAIM_POLL,
        }
    }
}

/// Resolves on SIGTERM or ctrl-c: the stop signal of both binaries.
pub async fn shutdown_signal() -> std::io::Result<()> {
    #[cfg(unix)]
    {
        let mut term = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate())?;
        tokio::select! {
            res = tokio::signal::ctrl_c() => res,
            _ = term.recv() => Ok(()),
        }
    }
    #[cfg(not(unix))]
    tokio::signal::ctrl_c().await
}

/// Runs workers until `signal` resolves, then lets in-flight jobs finish for up to the
/// shutdown timeout and hands back whatever this process still holds.
pub async fn run_worker(
    store: Store,
    settings: CommonSettings,
    options: &WorkerOptions,
    signal: impl Future<Output = std::io::Result<()>> + Send + 'static,
) -> anyhow::Result<()> {
    run_worker_reporting(store, settings, options, signal, ClaimLoop::default()).await
}

/// [`run_worker`], telling `claim_loop` while the claim loop runs (for a readiness probe).
pub async fn run_worker_reporting(
    store: Store,
    settings: CommonSettings,
    options: &WorkerOptions,
    signal: impl Future<Output = std::io::Result<()>> + Send + 'static,
    claim_loop: ClaimLoop,
) -> anyhow::Result<()> {
    let ctx = JobContext::new(store.clone(), settings).await?;
    let instance = instance_name();
    let queues = select_queues(&options.queues)?;
    let concurrency = options.concurrency.max(1);
    tracing::info!(%instance, ?queues, concurrency, "worker starting");
    let monitor = monitor(&store, ctx, &queues, concurrency, &instance)
        .shutdown_timeout(options.shutdown_timeout);
    let beating = heartbeat::spawn(store.clone(), heartbeat::this_process(&instance, &queues));
    // How idle workers hear of new jobs (`poll`), and on SQLite the log kept bounded.
    let chores = match &store {
        Store::Sqlite(_) => vec![
            poll::spawn_claim_poll(store.clone(), queues.clone(), options.claim_poll),
            upkeep::spawn_wal_checkpoints(store.clone()),
        ],
        Store::Postgres(pool) => vec![poll::spawn_insert_listener(pool.clone(), queues.clone())],
    };
    claim_loop.set(true);
    let result = monitor.run_with_signal(signal).await;
    claim_loop.set(false);
    beating.abort();
    for chore in chores {
        chore.abort();
    }
    if let Err(err) = store.remove_worker_process(&instance).await {
        tracing::warn!(%err, "could not remove this worker's heartbeat row");
    }
    let handed_back = store
        .hand_back_jobs(&format!("{instance}-"))
        .await
        .context("handing unfinished jobs back to the queue")?;
    if handed_back > 0 {
        tracing::warn!(handed_back, "unfinished jobs handed back to the queue");
    }
    tracing::info!(%instance, "worker stopped");
    result.context("worker monitor")
}

/// The embedded mode: a worker (two jobs at once per queue) and the scheduler inside the
/// calling process, until `stop` turns true.
pub async fn run_embedded(
    store: Store,
    settings: CommonSettings,
    stop: tokio::sync::watch::Receiver<bool>,
) {
    let options = WorkerOptions {
        concurrency: 2,
        // The API's own enqueues wake this worker at once; the poll only finds what another
        // process queued (an operator's command) and retries come due, so it can be slow.
        claim_poll: poll::EMBEDDED_CLAIM_POLL,
        ..WorkerOptions::default()
    };
    let signal = |mut stop: tokio::sync::watch::Receiver<bool>| async move {
        let _ = stop.wait_for(|s| *s).await;
        Ok(())
    };
    let scheduler = scheduler::run(store.clone(), settings.clone(), signal(stop.clone()));
    let worker = run_worker(store, settings, &options, signal(stop));
    let (scheduled, worked) = tokio::join!(scheduler, worker);
    for result in [scheduled, worked] {
        if let Err(err) = result {
            tracing::error!(
                error = format!("{err:#}"),
                "embedded worker stopped with an error"
            );
        }
    }
}

/// A monitor with one worker per selected queue.
fn monitor(
    store: &Store,
    ctx: Arc<JobContext>,
    queues: &[&str],
    concurrency: usize,
    instance: &str,
) -> Monitor {
    let mut monitor = Monitor::new().should_restart(|worker, err| {
        tracing::warn!(worker = worker.name(), %err, "worker stopped on an error; restarting");
        true
    });
    for kind in registry::KINDS.iter().filter(|k| queues.contains(&k.queue)) {
        let concurrency = if kind.serial { 1 } else { concurrency };
        monitor = (kind.register)(monitor, store, &ctx, concurrency, instance);
    }
    monitor
}
