//! `worker kinds`, `worker queues`, `worker pause` / `resume`.

use anyhow::Context;
use jobs::{runtime, store::Store};

use super::print_json;

pub fn kinds(concurrency: usize, json: bool) -> anyhow::Result<()> {
    let kinds = runtime::kinds(concurrency);
    if json {
        return print_json(&kinds);
    }
    println!(
        "{:<12}  {:>11}  {:>7}  {:>8}  {:<34}  BACKOFF",
        "QUEUE", "CONCURRENCY", "TIMEOUT", "ATTEMPTS", "DEDUPE"
    );
    for kind in &kinds {
        println!(
            "{:<12}  {:>11}  {:>6}s  {:>8}  {:<34}  {}",
            kind.queue,
            kind.concurrency,
            kind.timeout_secs,
            kind.max_attempts,
            kind.dedupe_rule.unwrap_or("(none: each enqueue is a job)"),
            kind.backoff
        );
    }
    Ok(())
}

pub async fn queues(store: &Store, json: bool) -> anyhow::Result<()> {
    let rows = runtime::queue_overview(store)
        .await
        .context("reading the queues")?;
    if json {
        return print_json(&rows);
    }
    println!(
        "{:<12}  {:<6}  {:>7}  {:>7}  {:>8}  {:>9}  {:>7}  {:>14}  {:>9}",
        "QUEUE",
        "PAUSED",
        "QUEUED",
        "RUNNING",
        "RETRYING",
        "SUCCEEDED",
        "FAILED",
        "OLDEST WAITING",
        "FAILED 1H"
    );
    for row in &rows {
        println!(
            "{:<12}  {:<6}  {:>7}  {:>7}  {:>8}  {:>9}  {:>7}  {:>14}  {:>9}",
            row.queue,
            if row.paused { "yes" } else { "" },
            row.queued,
            row.running,
            row.retrying,
            row.succeeded,
            row.failed,
            row.oldest_waiting_secs
                .map(|s| format!("{s}s"))
                .unwrap_or_default(),
            row.failed_last_hour
        );
    }
    Ok(())
}

/// Pauses (`hold`) or resumes a registered queue.
pub async fn pause(store: &Store, queue: &str, hold: bool, json: bool) -> anyhow::Result<()> {
    let queue = runtime::select_queues(&[queue.to_string()])?
        .into_iter()
        .next()
        .context("no queue named")?;
    let changed = if hold {
        store.pause_queue(queue).await
    } else {
        store.resume_queue(queue).await
    }
    .context("writing the paused queues")?;
    let state = if hold { "paused" } else { "running" };
    if json {
        return print_json(
            &serde_json::json!({ "queue": queue, "state": state, "changed": changed }),
        );
    }
    match (hold, changed) {
        (true, true) => println!(
            "queue {queue} paused: workers start none of its jobs until `worker resume {queue}`"
        ),
        (true, false) => println!("queue {queue} was already paused"),
        (false, true) => println!("queue {queue} resumed"),
        (false, false) => println!("queue {queue} was not paused"),
    }
    Ok(())
}
