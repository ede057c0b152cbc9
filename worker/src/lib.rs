//! The worker process: one job-library worker per queue, all under one monitor that
//! restarts them after backend errors and shuts down gracefully.

pub mod fleet;
pub mod inspect;
pub mod poll;
pub mod scheduler;

use std::time::Duration;

use anyhow::Context;
use clap::Parser;
use jobs::{handlers::JobContext, settings::CommonSettings, store::Store};

/// Command line of the `worker` binary.
#[derive(Debug, Parser, Clone)]
#[command(
    name = "worker",
    about = "Runs Ask Bubba's background jobs, or inspects them"
)]
pub struct Cli {
    /// Jobs run at once, per queue.
    #[arg(long, default_value_t = 4, env = "WORKER_CONCURRENCY")]
    pub concurrency: usize,
    /// Only these queues (comma-separated); all by default.
    #[arg(long, value_delimiter = ',')]
    pub queues: Vec<String>,
    /// Seconds in-flight jobs get to finish after SIGTERM / ctrl-c before they are handed back.
    #[arg(long, default_value_t = 30)]
    pub shutdown_timeout: u64,
    /// Print a table of jobs and exit.
    #[arg(long)]
    pub list: bool,
    /// Print one job and exit.
    #[arg(long, value_name = "ID")]
    pub show: Option<String>,
    /// With --list: only jobs of this status (queued, running, retrying, succeeded, failed).
    #[arg(long)]
    pub status: Option<String>,
    /// With --list: only jobs of this queue.
    #[arg(long)]
    pub queue: Option<String>,
    /// With --list: at most this many jobs (newest first).
    #[arg(long, default_value_t = 50)]
    pub limit: i64,
    /// With --list / --show: JSON instead of a table.
    #[arg(long)]
    pub json: bool,
    /// Run the scheduler (periodic jobs) instead of a worker. Run exactly one.
    #[arg(long)]
    pub scheduler: bool,
}

/// What the invocation asks for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Mode {
    Work,
    List,
    Show(String),
    Scheduler,
}

impl Cli {
    pub fn mode(&self) -> Mode {
        if let Some(id) = &self.show {
            Mode::Show(id.clone())
        } else if self.list {
            Mode::List
        } else if self.scheduler {
            Mode::Scheduler
        } else {
            Mode::Work
        }
    }
}

/// Resolves on SIGTERM or ctrl-c.
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
pub async fn run(
    store: Store,
    settings: CommonSettings,
    cli: &Cli,
    signal: impl std::future::Future<Output = std::io::Result<()>> + Send + 'static,
) -> anyhow::Result<()> {
    let ctx = JobContext::new(store.clone(), settings).await?;
    let instance = fleet::instance_name();
    let queues = fleet::select_queues(&cli.queues)?;
    tracing::info!(%instance, ?queues, concurrency = cli.concurrency, "worker starting");
    let monitor = fleet::monitor(&store, ctx, &queues, cli.concurrency.max(1), &instance)
        .shutdown_timeout(Duration::from_secs(cli.shutdown_timeout));
    let result = monitor.run_with_signal(signal).await;
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
