//! `SyncContent{period}`: reads every configured feed and stores its new entries for the home
//! page, hourly or from the admin's "Sync now". Run by `handlers::sync_content`.

use std::time::Duration;

use serde::{Deserialize, Serialize};

use crate::queue::Job;

/// Syncs the configured feeds once for `period`.
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq, Eq)]
pub struct SyncContent {
    /// The hour this run is for (`2026-11-23T07`), or `manual-<time>` for "Sync now".
    pub period: String,
}

impl SyncContent {
    /// The scheduler's job for the hour containing `now`.
    pub fn hourly(now: chrono::DateTime<chrono::Utc>) -> Self {
        SyncContent {
            period: now.format("%Y-%m-%dT%H").to_string(),
        }
    }
}

impl Job for SyncContent {
    const QUEUE: &'static str = "content";
    const MAX_ATTEMPTS: u32 = 3;
    const TIMEOUT: Duration = Duration::from_secs(300);

    const DEDUPE_RULE: Option<&'static str> = Some("sync-content:{period}");

    fn dedupe_key(&self) -> Option<String> {
        Some(format!("sync-content:{}", self.period))
    }
}
