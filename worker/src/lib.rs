//! The `worker` binary's command line: run jobs (the runtime in `jobs::runtime`), run the
//! scheduler, inspect the queue (`--list`, `--show`) or act on it (the subcommands in
//! [`operate`]).

pub mod inspect;
pub mod operate;
pub mod probe;

use std::time::Duration;

use clap::Parser;
use jobs::runtime::WorkerOptions;

/// Command line of the `worker` binary.
#[derive(Debug, Parser, Clone)]
#[command(
    name = "worker",
    about = "Runs Ask Bubba's background jobs, or inspects them"
)]
pub struct Cli {
    /// Jobs run at once, per queue.
    #[arg(long, default_value_t = 4, env = "WORKER_CONCURRENCY", global = true)]
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
    /// JSON instead of a table (--list, --show and every subcommand).
    #[arg(long, global = true)]
    pub json: bool,
    /// Run the scheduler (periodic jobs) instead of a worker. Any number may run: each
    /// period's jobs are queued once however many fire.
    #[arg(long)]
    pub scheduler: bool,
    /// Where this worker answers `/healthz` and `/readyz` (e.g. `0.0.0.0:9091`); off when unset.
    #[arg(long, env = "WORKER_HEALTH_ADDR")]
    pub health_addr: Option<String>,
    /// An operator command instead of running jobs.
    #[command(subcommand)]
    pub command: Option<operate::Command>,
}

/// What the invocation asks for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Mode {
    Work,
    Operate(operate::Command),
    List,
    Show(String),
    Scheduler,
}

impl Cli {
    pub fn mode(&self) -> Mode {
        if let Some(command) = &self.command {
            Mode::Operate(command.clone())
        } else if let Some(id) = &self.show {
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

impl Cli {
    /// The runtime's options from the command line.
    pub fn worker_options(&self) -> WorkerOptions {
        WorkerOptions {
            concurrency: self.concurrency,
            queues: self.queues.clone(),
            shutdown_timeout: Duration::from_secs(self.shutdown_timeout),
            ..WorkerOptions::default()
        }
    }
}
