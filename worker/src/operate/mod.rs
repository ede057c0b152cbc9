//! Operator commands (`worker kinds`, `queues`, `retry`, `cancel`, `discard`, `pause`,
//! `resume`, `workers`, `schedules`, `market`, `health`): one module per group, the SQL in `jobs::store`.

mod fleet;
mod jobs_cmd;
mod market;
mod queues;
mod schedules;

use anyhow::Context;
use clap::{Args, Subcommand};
use jobs::{settings::DatabaseUrl, store::Store};
pub use market::MarketCommand;

/// An operator command.
#[derive(Debug, Clone, PartialEq, Eq, Subcommand)]
pub enum Command {
    /// Every registered job kind: queue, concurrency, timeout, attempts, backoff, dedupe rule.
    Kinds,
    /// Every queue: jobs by state, the oldest waiting job's age, failures in the last hour.
    Queues,
    /// Puts a failed or retrying job (or every one the filter selects) back to run now.
    Retry(Selection),
    /// Stops a job: a waiting one at once, a running one at its next progress report.
    Cancel {
        #[command(flatten)]
        selection: Selection,
        /// Recorded as the job's error.
        #[arg(long, default_value = "stopped by an operator")]
        reason: String,
    },
    /// Gives up on a waiting or retrying job without running it again.
    Discard {
        id: String,
        /// Recorded as the job's error.
        #[arg(long)]
        reason: String,
    },
    /// Holds a queue: no worker starts its jobs until it is resumed (running ones finish).
    Pause { queue: String },
    /// Lets workers take a paused queue's jobs again.
    Resume { queue: String },
    /// Every worker process: name, host, pid, version, age of its last heartbeat.
    Workers,
    /// Every schedule: its next 3 firings (UTC and Los Angeles), last run and outcome.
    Schedules,
    /// The nightly scoring of every filer: `start` it now, its `status`, `stop` it.
    Market {
        #[command(subcommand)]
        command: MarketCommand,
    },
    /// Database reachable, schema current, a worker heartbeat fresh; exits 1 when not.
    Health,
}

/// One job by id, or many by a filter (`--all` for every one).
#[derive(Debug, Clone, PartialEq, Eq, Args)]
pub struct Selection {
    /// The job's id; without it, the filter below selects the jobs.
    pub id: Option<String>,
    /// Only jobs of this queue.
    #[arg(long, conflicts_with = "id")]
    pub queue: Option<String>,
    /// Every job the command applies to, in every queue.
    #[arg(long, conflicts_with_all = ["id", "queue"])]
    pub all: bool,
}

/// Runs `command`; false when it found the fleet unhealthy (`health`).
pub async fn run(
    command: &Command,
    url: &DatabaseUrl,
    concurrency: usize,
    json: bool,
) -> anyhow::Result<bool> {
    if let Command::Health = command {
        return fleet::health(url, json).await;
    }
    let store = Store::connect(url)
        .await
        .context("connecting to the database")?;
    if changes_something(command) {
        // To stderr, so `--json` output stays one document.
        eprintln!("target database: {url}");
    }
    match command {
        Command::Kinds => queues::kinds(concurrency, json),
        Command::Queues => queues::queues(&store, json).await,
        Command::Pause { queue } => queues::pause(&store, queue, true, json).await,
        Command::Resume { queue } => queues::pause(&store, queue, false, json).await,
        Command::Retry(selection) => jobs_cmd::retry(&store, selection, json).await,
        Command::Cancel { selection, reason } => {
            jobs_cmd::cancel(&store, selection, reason, json).await
        }
        Command::Discard { id, reason } => jobs_cmd::discard(&store, id, reason, json).await,
        Command::Workers => fleet::workers(&store, json).await,
        Command::Schedules => schedules::schedules(&store, json).await,
        Command::Market { command } => market::market(&store, command, json).await,
        Command::Health => Ok(()),
    }?;
    Ok(true)
}

fn changes_something(command: &Command) -> bool {
    matches!(
        command,
        Command::Retry(_)
            | Command::Cancel { .. }
            | Command::Discard { .. }
            | Command::Pause { .. }
            | Command::Resume { .. }
            | Command::Market {
                command: MarketCommand::Start | MarketCommand::Stop
            }
    )
}

/// Prints `value` as pretty JSON.
fn print_json(value: &impl serde::Serialize) -> anyhow::Result<()> {
    println!("{}", serde_json::to_string_pretty(value)?);
    Ok(())
}
