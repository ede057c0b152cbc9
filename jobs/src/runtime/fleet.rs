//! Registering one job-library worker per queue on the right backend, with the settings the
//! library's defaults get wrong for us (wake-up latency, orphan detection, restarts).

use std::{sync::Arc, time::Duration};

use apalis::layers::WorkerBuilderExt;
use apalis::prelude::*;
use apalis_core::backend::ext::{BackendExt, poll_strategy::PollWith};
use futures::FutureExt;

use super::poll::EveryInterval;
use crate::{
    queue::{
        JobContext,
        runner::{JobHandler, run_task},
        wakeup,
    },
    store::Store,
};

/// How often an idle SQLite worker tries a claim on its own. The process-wide poll
/// (`poll::spawn_claim_poll`) wakes it when its queue has a job, so this is only the fallback.
const SQLITE_POLL: Duration = Duration::from_secs(5);
/// Postgres wakes workers with LISTEN/NOTIFY (one listener per process,
/// `poll::spawn_insert_listener`); the poll only catches delayed retries and jobs queued to
/// run later.
const POSTGRES_POLL: Duration = Duration::from_millis(500);
/// Heartbeats: a worker silent for HEARTBEAT x MISSED is dead and its jobs go back to the
/// queue (well inside the 60 s recovery goal).
const HEARTBEAT: Duration = Duration::from_secs(5);
const MISSED_HEARTBEATS: usize = 3;

/// A name unique across hosts, processes and restarts: `{host}-{pid}`.
pub fn instance_name() -> String {
    format!("{}-{}", host_name(), std::process::id())
}

/// This machine's name (`host` when it has none).
pub(super) fn host_name() -> String {
    std::fs::read_to_string("/etc/hostname")
        .ok()
        .map(|h| h.trim().to_string())
        .filter(|h| !h.is_empty())
        .unwrap_or_else(|| "host".into())
}

/// Waits before a restarted worker polls again, so a database outage is not a hot loop.
async fn restart_pause(restarts: usize) {
    if restarts > 0 {
        let millis = 100u64.saturating_mul(1 << restarts.min(7)).min(10_000);
        tokio::time::sleep(Duration::from_millis(millis)).await;
    }
}

pub(super) fn register<J: JobHandler>(
    monitor: Monitor,
    store: &Store,
    ctx: &Arc<JobContext>,
    concurrency: usize,
    instance: &str,
) -> Monitor {
    let ctx = ctx.clone();
    let instance = instance.to_string();
    match store {
        Store::Sqlite(pool) => {
            let pool = pool.clone();
            monitor.register(move |restarts| {
                let config = apalis_sqlite::Config::default()
                    .queue(J::QUEUE)
                    .batch_size(concurrency.max(1))
                    .heartbeat_interval(HEARTBEAT)
                    .missed_heartbeats(MISSED_HEARTBEATS);
                let backend = apalis_sqlite::SqliteStorage::<serde_json::Value>::new(&pool)
                    .with_config(config)
                    .before_start(move |_| restart_pause(restarts).map(Ok));
                let backend = PollWith::new(
                    backend,
                    EveryInterval::new(SQLITE_POLL, wakeup::for_queue(J::QUEUE)),
                );
                WorkerBuilder::new(format!("{instance}-{}-{restarts}", J::QUEUE))
                    .backend(backend)
                    .data(ctx.clone())
                    .concurrency(concurrency)
                    .catch_panic()
                    .build(run_task::<J>)
            })
        }
        Store::Postgres(pool) => {
            let pool = pool.clone();
            monitor.register(move |restarts| {
                let config = apalis_postgres::Config::default()
                    .queue(J::QUEUE)
                    .batch_size(concurrency.max(1))
                    .heartbeat_interval(HEARTBEAT)
                    .missed_heartbeats(MISSED_HEARTBEATS);
                let backend = apalis_postgres::PostgresStorage::<serde_json::Value>::new(&pool)
                    .with_config(config)
                    .before_start(move |_| restart_pause(restarts).map(Ok));
                let backend = PollWith::new(
                    backend,
                    EveryInterval::new(POSTGRES_POLL, wakeup::for_queue(J::QUEUE)),
                );
                WorkerBuilder::new(format!("{instance}-{}-{restarts}", J::QUEUE))
                    .backend(backend)
                    .data(ctx.clone())
                    .concurrency(concurrency)
                    .catch_panic()
                    .build(run_task::<J>)
            })
        }
    }
}
