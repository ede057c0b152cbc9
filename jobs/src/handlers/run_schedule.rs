//! `RunSchedule{schedule_id, tick}`: one firing of an admin schedule. The scheduler queues it
//! once per schedule and tick (`enqueue_once` on that key); running it starts the schedule's
//! batch unless that tick's batch exists already, so a retried or duplicated job starts none.

use std::time::Duration;

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use crate::{
    queue::{
        Job, JobQueue,
        runner::{JobError, JobHandler, JobRun},
    },
    schedules::{self, ScheduleError, TickOutcome},
};

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub struct RunSchedule {
    pub schedule_id: i64,
    /// The due time this firing is for (the schedule's `next_run_time` when it fired).
    pub tick: DateTime<Utc>,
}

impl Job for RunSchedule {
    const QUEUE: &'static str = "schedule";
    const MAX_ATTEMPTS: u32 = 5;
    const TIMEOUT: Duration = Duration::from_secs(60);

    fn dedupe_key(&self) -> Option<String> {
        Some(format!(
            "schedule:{}:{}",
            self.schedule_id,
            self.tick.timestamp()
        ))
    }
}

impl JobHandler for RunSchedule {
    async fn run(self, run: &JobRun) -> Result<serde_json::Value, JobError> {
        let queue = JobQueue::new(run.store().clone());
        let outcome = schedules::run_tick(&queue, self.schedule_id, self.tick, Utc::now())
            .await
            .map_err(|err| match err {
                ScheduleError::Invalid(why) => JobError::permanent(why),
                other => JobError::retry(other.to_string()),
            })?;
        let summary = match &outcome {
            TickOutcome::Started(batch) => format!("batch {batch} started"),
            TickOutcome::AlreadyFired(batch) => format!("batch {batch} already started"),
            TickOutcome::Skipped(why) => format!("skipped: {why}"),
        };
        run.progress("Done", 100, &summary).await;
        Ok(serde_json::json!({ "schedule": self.schedule_id, "outcome": summary }))
    }
}
