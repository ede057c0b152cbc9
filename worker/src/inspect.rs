//! `worker --list` and `worker --show ID`: what the queue holds, for operators.

use anyhow::Context;
use jobs::store::{
    Store,
    apalis::{JobFilter, JobRecord, JobStatus},
};

use crate::Cli;

/// Prints jobs as a table (or JSON lines with `--json`).
pub async fn list(store: &Store, cli: &Cli) -> anyhow::Result<()> {
    let status = match &cli.status {
        Some(raw) => Some(JobStatus::parse(raw).with_context(|| {
            format!(
                "unknown status '{raw}'; use one of queued, running, retrying, succeeded, failed"
            )
        })?),
        None => None,
    };
    let filter = JobFilter {
        status,
        queue: cli.queue.clone(),
        limit: cli.limit,
    };
    let jobs = store.list_jobs(&filter).await.context("reading jobs")?;
    if cli.json {
        println!("{}", serde_json::to_string_pretty(&jobs)?);
        return Ok(());
    }
    print!("{}", render_table(&jobs));
    Ok(())
}

/// Prints one job with its progress.
pub async fn show(store: &Store, id: &str, json: bool) -> anyhow::Result<()> {
    let job = store
        .job(id)
        .await
        .context("reading the job")?
        .with_context(|| format!("no job with id {id}"))?;
    let progress = store.progress(id).await.context("reading progress")?;
    if json {
        let value = serde_json::json!({ "job": job, "payload": serde_json::from_str::<serde_json::Value>(&job.payload).ok(), "progress": progress });
        println!("{}", serde_json::to_string_pretty(&value)?);
        return Ok(());
    }
    println!("id:        {}", job.id);
    println!("queue:     {}", job.queue);
    println!("status:    {}", job.status.as_str());
    println!("attempts:  {} of {}", job.attempts, job.max_attempts);
    println!("run at:    {}", job.run_at.format("%Y-%m-%d %H:%M:%S UTC"));
    if let Some(done) = job.done_at {
        println!("done at:   {}", done.format("%Y-%m-%d %H:%M:%S UTC"));
    }
    if let Some(worker) = &job.locked_by {
        println!("worker:    {worker}");
    }
    if let Some(p) = progress {
        println!("progress:  {}% {} {}", p.percent, p.stage, p.message);
    }
    if let Some(error) = &job.error {
        println!("error:     {error}");
    }
    println!("payload:   {}", job.payload);
    Ok(())
}

/// The `--list` table: id, queue, status, attempts, run at, what the job belongs to (its
/// batch or schedule), last error.
pub fn render_table(jobs: &[JobRecord]) -> String {
    let mut out = format!(
        "{:<26}  {:<10}  {:<9}  {:>8}  {:<19}  {:<10}  {}\n",
        "ID", "QUEUE", "STATUS", "ATTEMPTS", "RUN AT (UTC)", "FOR", "LAST ERROR"
    );
    for job in jobs {
        let error: String = job
            .error
            .as_deref()
            .unwrap_or("")
            .chars()
            .take(60)
            .collect();
        out.push_str(&format!(
            "{:<26}  {:<10}  {:<9}  {:>8}  {:<19}  {:<10}  {}\n",
            job.id,
            job.queue,
            job.status.as_str(),
            format!("{}/{}", job.attempts, job.max_attempts),
            job.run_at.format("%Y-%m-%d %H:%M:%S"),
            owner(&job.payload),
            error
        ));
    }
    if jobs.is_empty() {
        out.push_str("(no jobs)\n");
    }
    out
}

/// What a job belongs to, from its payload: `batch 12` for a batch's child, `schedule 3` for
/// a schedule's firing, `market run 4` for a market run's company, else empty.
fn owner(payload: &str) -> String {
    let Ok(value) = serde_json::from_str::<serde_json::Value>(payload) else {
        return String::new();
    };
    if let Some(id) = value["job"]["batch_id"].as_i64() {
        return format!("batch {id}");
    }
    if let Some(id) = value["job"]["schedule_id"].as_i64() {
        return format!("schedule {id}");
    }
    if let Some(id) = value["job"]["run_id"].as_i64() {
        return format!("market run {id}");
    }
    String::new()
}

#[cfg(test)]
mod tests {
    use super::owner;

    #[test]
    fn a_batch_child_names_its_batch_and_a_firing_its_schedule() {
        assert_eq!(
            owner(r#"{"v":1,"job":{"batch_id":12,"symbol":"AAPL"}}"#),
            "batch 12"
        );
        assert_eq!(
            owner(r#"{"v":1,"job":{"schedule_id":3,"tick":"2026-11-23T14:30:00Z"}}"#),
            "schedule 3"
        );
        assert_eq!(
            owner(r#"{"v":1,"job":{"run_id":4,"cik":320193,"symbol":"AAPL"}}"#),
            "market run 4"
        );
        assert_eq!(owner(r#"{"v":1,"job":{"symbol":"AAPL"}}"#), "");
        assert_eq!(owner("not json"), "");
    }
}
