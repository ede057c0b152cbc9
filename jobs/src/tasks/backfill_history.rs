//! `BackfillHistory{symbol}`: scores a company as of the end of each of its last
//! [`HISTORY_QUARTERS`] quarters from what was filed by then, so its score history and "what
//! changed" exist from its first analysis. Queued by every first analysis of a company and by
//! the admin's "Backfill history" on `/admin/trends`. Run by `handlers::backfill_history`.

use std::time::Duration;

use serde::{Deserialize, Serialize};

use crate::queue::Job;

/// How many past quarters a backfill scores (the stock page's history shows 12 points).
pub const HISTORY_QUARTERS: usize = 12;

/// Fills a company's missing past quarters.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub struct BackfillHistory {
    /// Upper-case ticker, as in the SEC directory.
    pub symbol: String,
}

impl Job for BackfillHistory {
    const QUEUE: &'static str = "backfill-history";
    const MAX_ATTEMPTS: u32 = 5;
    /// One download and twelve scorings; generous for a slow SEC day.
    const TIMEOUT: Duration = Duration::from_secs(600);
    const DEDUPE_RULE: Option<&'static str> = Some("backfill-history:{symbol}");

    /// Requests for one company join the backfill already waiting or running; a later one
    /// (after it ended) fills only what is still missing.
    fn dedupe_key(&self) -> Option<String> {
        Some(format!("backfill-history:{}", self.symbol))
    }
}
