//! `worker retry`, `cancel` and `discard`: one job by id, or (retry and cancel) every job a
//! filter selects. Without an id, a filter or `--all` they refuse: a bare `worker cancel`
//! stopping the whole fleet's work would be one typo away.

use anyhow::{Context, bail};
use jobs::store::{
    Store,
    apalis::{JobFilter, JobStatus},
    job_actions::{RetryOutcome, StopOutcome},
};
use serde::Serialize;

use super::{Selection, print_json};

/// What happened to each job selected.
#[derive(Debug, Default, Serialize)]
#[serde(rename_all = "camelCase")]
struct Tally {
    /// Back in the queue (retry) or failed for good (cancel of a waiting job).
    done: Vec<String>,
    /// Running: asked to stop at their next progress report.
    stop_requested: Vec<String>,
    /// Left as they were, with the reason.
    skipped: Vec<(String, String)>,
}

pub async fn retry(store: &Store, selection: &Selection, json: bool) -> anyhow::Result<()> {
    let ids = selected(
        store,
        selection,
        "retry",
        &[JobStatus::Failed, JobStatus::Retrying],
    )
    .await?;
    let mut tally = Tally::default();
    for id in ids {
        match store.retry_job(&id).await.context("retrying")? {
            Some(RetryOutcome::Requeued) => tally.done.push(id),
            Some(RetryOutcome::NotFailed(status)) => tally.skipped.push((
                id,
                format!(
                    "{} (only a failed or retrying job is retried)",
                    status.as_str()
                ),
            )),
            None => tally.skipped.push((id, "no such job".into())),
        }
    }
    report(&tally, "queued to run again", selection, json)
}

pub async fn cancel(
    store: &Store,
    selection: &Selection,
    reason: &str,
    json: bool,
) -> anyhow::Result<()> {
    let statuses = [JobStatus::Queued, JobStatus::Retrying, JobStatus::Running];
    let ids = selected(store, selection, "cancel", &statuses).await?;
    let mut tally = Tally::default();
    for id in ids {
        match store.cancel_job(&id, reason).await.context("cancelling")? {
            Some(StopOutcome::Stopped) => tally.done.push(id),
            Some(StopOutcome::StopRequested) => tally.stop_requested.push(id),
            Some(StopOutcome::Ended(status)) => tally
                .skipped
                .push((id, format!("already {}", status.as_str()))),
            Some(StopOutcome::Running) => tally.stop_requested.push(id),
            None => tally.skipped.push((id, "no such job".into())),
        }
    }
    report(&tally, "cancelled", selection, json)
}

pub async fn discard(store: &Store, id: &str, reason: &str, json: bool) -> anyhow::Result<()> {
    if reason.trim().is_empty() {
        bail!("--reason must say why the job is discarded");
    }
    let mut tally = Tally::default();
    match store.discard_job(id, reason).await.context("discarding")? {
        Some(StopOutcome::Stopped) => tally.done.push(id.to_string()),
        Some(StopOutcome::Ended(status)) => tally
            .skipped
            .push((id.into(), format!("already {}", status.as_str()))),
        Some(StopOutcome::Running | StopOutcome::StopRequested) => tally.skipped.push((
            id.into(),
            "running (discard leaves running jobs alone; `worker cancel` stops one)".into(),
        )),
        None => tally.skipped.push((id.into(), "no such job".into())),
    }
    let selection = Selection {
        id: Some(id.to_string()),
        queue: None,
        all: false,
    };
    report(&tally, "discarded", &selection, json)
}

/// The ids a selection names: its id, or the jobs in `statuses` that its filter selects.
async fn selected(
    store: &Store,
    selection: &Selection,
    verb: &str,
    statuses: &[JobStatus],
) -> anyhow::Result<Vec<String>> {
    if let Some(id) = &selection.id {
        return Ok(vec![id.clone()]);
    }
    if selection.queue.is_none() && !selection.all {
        bail!(
            "refusing to {verb} every job without a filter: give a job id, --queue QUEUE, or --all"
        );
    }
    if let Some(queue) = &selection.queue {
        jobs::runtime::select_queues(std::slice::from_ref(queue))?;
    }
    let mut ids = Vec::new();
    for status in statuses {
        let filter = JobFilter {
            status: Some(*status),
            queue: selection.queue.clone(),
            limit: 10_000,
        };
        let jobs = store.list_jobs(&filter).await.context("reading jobs")?;
        ids.extend(jobs.into_iter().map(|job| job.id));
    }
    Ok(ids)
}

/// Prints the tally; an error when a single job named by id could not be acted on.
fn report(tally: &Tally, done: &str, selection: &Selection, json: bool) -> anyhow::Result<()> {
    if json {
        print_json(tally)?;
    } else {
        for id in &tally.done {
            println!("{id}: {done}");
        }
        for id in &tally.stop_requested {
            println!("{id}: running; it stops at its next progress report");
        }
        for (id, why) in &tally.skipped {
            println!("{id}: left as it is: {why}");
        }
        if selection.id.is_none() {
            println!(
                "{} {done}, {} asked to stop, {} left as they were",
                tally.done.len(),
                tally.stop_requested.len(),
                tally.skipped.len()
            );
        }
    }
    if selection.id.is_some()
        && let Some((id, why)) = tally.skipped.first()
    {
        bail!("job {id} left as it is: {why}");
    }
    Ok(())
}
