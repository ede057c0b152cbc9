//! `ScoreMarket{day}`: scores every filer in SEC's nightly bulk files whose facts changed
//! since its last score, one child `ScoreMarketCompany` job per company
//! (`jobs/docs/market.md`). Queued each trading day by the scheduler in live mode, or by an
//! operator (`worker market start`); run by `handlers::score_market`.

use std::time::Duration;

use serde::{Deserialize, Serialize};

use crate::queue::Job;

/// Plans one market run: reads the bulk files, skips unchanged and non-common companies, and
/// queues a child for each of the others.
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq, Eq)]
pub struct ScoreMarket {
    /// The UTC day the run is for: one nightly run a day even with two schedulers, and
    /// concurrent starts of one day join one job.
    pub day: String,
}

impl Job for ScoreMarket {
    const QUEUE: &'static str = "market";
    const MAX_ATTEMPTS: u32 = 5;
    // Two bulk downloads of a few gigabytes and 14,000 companies decided: an hour at most.
    const TIMEOUT: Duration = Duration::from_secs(7200);

    const DEDUPE_RULE: Option<&'static str> = Some("score-market:{day}");

    fn dedupe_key(&self) -> Option<String> {
        Some(format!("score-market:{}", self.day))
    }
}
