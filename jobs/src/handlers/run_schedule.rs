//! `RunSchedule{schedule_id, tick}`: one firing of an admin schedule. The scheduler queues it
//! once per schedule and tick (`enqueue_once` on that key); running it starts the schedule's
//! batch unless that tick's batch exists already, so a retried or duplicated job starts none.

use crate::tasks::RunSchedule;

use chrono::Utc;

use crate::{
    queue::{
        JobQueue,
        runner::{JobError, JobHandler, JobRun},
    },
    schedules::{self, ScheduleError, TickOutcome},
};

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
