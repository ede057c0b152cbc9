//! `RefreshAnalyses{day}`: once a day, queues a fresh analysis of every stored company that
//! filed a new 10-K or 10-Q since. Run by `handlers::refresh_analyses`.

use std::time::Duration;

use serde::{Deserialize, Serialize};

use crate::queue::Job;

/// Re-analyses every stored company that filed since its analysis.
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq, Eq)]
pub struct RefreshAnalyses {
    /// The UTC day this run is for (one run a day, even with two schedulers).
    pub day: String,
}

impl Job for RefreshAnalyses {
    const QUEUE: &'static str = "refresh";
    const TIMEOUT: Duration = Duration::from_secs(1800);

    const DEDUPE_RULE: Option<&'static str> = Some("refresh:{day}");

    fn dedupe_key(&self) -> Option<String> {
        Some(format!("refresh:{}", self.day))
    }
}
