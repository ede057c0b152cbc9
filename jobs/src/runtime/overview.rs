//! Every queue as operators see it, for `worker queues` and the admin Jobs page: paused or
//! not, jobs by state, how long the oldest due job has waited, failures in the last hour.

use serde::Serialize;

use super::registry::queue_names;
use crate::store::{Store, StoreResult, apalis::JobStatus};

/// One queue's figures.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct QueueOverview {
    pub queue: String,
    pub paused: bool,
    pub queued: i64,
    pub running: i64,
    pub retrying: i64,
    pub succeeded: i64,
    pub failed: i64,
    /// Seconds the oldest due job (waiting, its run time passed) has waited.
    pub oldest_waiting_secs: Option<i64>,
    /// Jobs whose last run failed (retrying or for good) in the last hour.
    pub failed_last_hour: i64,
}

/// Every registered queue, then any other found in the job table or paused (jobs of a retired
/// kind), with its figures.
pub async fn queue_overview(store: &Store) -> StoreResult<Vec<QueueOverview>> {
    let counts = store.job_counts().await?;
    let timings = store.queue_timings().await?;
    let paused = store.paused_queues().await?;
    let mut names: Vec<String> = queue_names().into_iter().map(String::from).collect();
    for name in counts.iter().map(|c| &c.queue).chain(&paused) {
        if !names.contains(name) {
            names.push(name.clone());
        }
    }
    Ok(names
        .into_iter()
        .map(|queue| {
            let count = |status| {
                counts
                    .iter()
                    .filter(|c| c.queue == queue && c.status == status)
                    .map(|c| c.count)
                    .sum()
            };
            let timing = timings.iter().find(|t| t.queue == queue);
            QueueOverview {
                paused: paused.contains(&queue),
                queued: count(JobStatus::Queued),
                running: count(JobStatus::Running),
                retrying: count(JobStatus::Retrying),
                succeeded: count(JobStatus::Succeeded),
                failed: count(JobStatus::Failed),
                oldest_waiting_secs: timing.and_then(|t| t.oldest_waiting_secs),
                failed_last_hour: timing.map_or(0, |t| t.failed_last_hour),
                queue,
            }
        })
        .collect())
}
