//! `worker market start|status|stop`: the nightly scoring of every filer (`ScoreMarket`,
//! `jobs/docs/market.md`) on demand. Start queues today's run (joining one already queued or
//! running); status shows the newest run's counts and its planner's progress; stop ends the
//! running run (its companies not yet scored are cancelled) and its planner.

use anyhow::Context;
use clap::Subcommand;
use jobs::{queue::JobQueue, store::Store, tasks::ScoreMarket};
use serde_json::json;

use super::print_json;

/// What to do with the market run.
#[derive(Debug, Clone, PartialEq, Eq, Subcommand)]
pub enum MarketCommand {
    /// Queues today's run now (or joins the one queued or running).
    Start,
    /// The newest run: counts, state and its planner's progress.
    Status,
    /// Stops the running run: companies not yet scored are skipped, running ones finish.
    Stop,
}

pub async fn market(store: &Store, command: &MarketCommand, json: bool) -> anyhow::Result<()> {
    match command {
        MarketCommand::Start => {
            let day = chrono::Utc::now().date_naive().to_string();
            let job = JobQueue::new(store.clone())
                .enqueue(&ScoreMarket { day })
                .await
                .context("queueing the market run")?;
            if json {
                return print_json(&job);
            }
            let verb = if job.joined {
                "already queued"
            } else {
                "queued"
            };
            println!("market run {verb}: job {}", job.id);
        }
        MarketCommand::Status => {
            let Some(run) = store
                .latest_market_run()
                .await
                .context("reading the runs")?
            else {
                if json {
                    return print_json(&serde_json::Value::Null);
                }
                println!("no market run yet");
                return Ok(());
            };
            let progress = store
                .progress(&run.job_id)
                .await
                .context("reading progress")?;
            if json {
                return print_json(&json!({ "run": run, "progress": progress.map(|p| json!({
                    "stage": p.stage, "percent": p.percent, "message": p.message,
                })) }));
            }
            let ended = run.finished_at.map_or(String::new(), |at| {
                format!(", ended {}", at.format("%Y-%m-%d %H:%M UTC"))
            });
            println!(
                "run {} ({}), job {}, started {}{ended}",
                run.id,
                run.status,
                run.job_id,
                run.started_at.format("%Y-%m-%d %H:%M UTC")
            );
            println!("  facts        {}", run.facts_path);
            println!(
                "  companies    {} ({} to score, {} unchanged, {} not common stock)",
                run.total, run.changed, run.skipped_unchanged, run.skipped_not_common
            );
            println!("  scored       {}  failed {}", run.scored, run.failed);
            if let Some(p) = progress {
                println!("  progress     {}% {}: {}", p.percent, p.stage, p.message);
            }
        }
        MarketCommand::Stop => {
            let stopped = store
                .stop_running_market_run(chrono::Utc::now())
                .await
                .context("stopping the run")?;
            if let Some(run) = &stopped {
                // Its planner stops at its next progress report (the usual stop request).
                store
                    .cancel_job(&run.job_id, "the market run was stopped")
                    .await
                    .context("stopping the planner")?;
            }
            if json {
                return print_json(&json!({ "stopped": stopped.as_ref().map(|r| r.id) }));
            }
            match stopped {
                Some(run) => println!("market run {} stopped", run.id),
                None => println!("no market run is running"),
            }
        }
    }
    Ok(())
}
