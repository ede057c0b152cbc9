//! `SendDigest{user_id, iso_week}`: one user's weekly digest, queued once per user and ISO week
//! by the scheduler on the user's digest day. Run by `handlers::send_digest`.

use std::time::Duration;

use serde::{Deserialize, Serialize};

use crate::queue::Job;

/// Writes `user_id`'s digest of `iso_week` to the outbox when something changed for them.
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq, Eq)]
pub struct SendDigest {
    pub user_id: i64,
    /// `2026-W48`.
    pub iso_week: String,
}

impl Job for SendDigest {
    const QUEUE: &'static str = "digest";
    const MAX_ATTEMPTS: u32 = 5;
    const TIMEOUT: Duration = Duration::from_secs(120);

    const DEDUPE_RULE: Option<&'static str> = Some("digest:{user_id}:{iso_week}");

    fn dedupe_key(&self) -> Option<String> {
        Some(format!("digest:{}:{}", self.user_id, self.iso_week))
    }
}
