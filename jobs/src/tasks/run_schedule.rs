//! `RunSchedule{schedule_id, tick}`: one firing of an admin schedule, queued once per schedule
//! and tick (`enqueue_once` on that key). Run by `handlers::run_schedule`.

use std::time::Duration;

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use crate::queue::Job;

/// One firing of schedule `schedule_id`.
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

    const DEDUPE_RULE: Option<&'static str> = Some("schedule:{schedule_id}:{tick}");

    fn dedupe_key(&self) -> Option<String> {
        Some(format!(
            "schedule:{}:{}",
            self.schedule_id,
            self.tick.timestamp()
        ))
    }
}
