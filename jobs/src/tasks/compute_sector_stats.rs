//! `ComputeSectorStats{day}`: recomputes each question's median and quartiles per peer group
//! over every scored company (`crate::peers`). Queued nightly after the close (the scheduler)
//! and after a market-wide scoring run; run by `handlers::compute_sector_stats`.

use std::time::Duration;

use serde::{Deserialize, Serialize};

use crate::queue::Job;

/// Recomputes the sector statistics from the stored analyses.
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq, Eq)]
pub struct ComputeSectorStats {
    /// The UTC day it runs for: one nightly run a day even with two schedulers, and
    /// concurrent requests of one day join one job.
    pub day: String,
}

impl Job for ComputeSectorStats {
    const QUEUE: &'static str = "sector-stats";
    const MAX_ATTEMPTS: u32 = 5;
    // Thousands of records read a page at a time: minutes, not hours.
    const TIMEOUT: Duration = Duration::from_secs(1800);

    const DEDUPE_RULE: Option<&'static str> = Some("sector-stats:{day}");

    fn dedupe_key(&self) -> Option<String> {
        Some(format!("sector-stats:{}", self.day))
    }
}
