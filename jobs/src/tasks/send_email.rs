//! `SendEmail{outbox_id}`: sends one outbox message, a failed SMTP send retried with the
//! queue's backoff. Run by `handlers::send_email`.

use serde::{Deserialize, Serialize};

use crate::queue::Job;

/// Sends outbox message `outbox_id`.
#[derive(Debug, Clone, Copy, Default, Serialize, Deserialize, PartialEq, Eq)]
pub struct SendEmail {
    pub outbox_id: i64,
}

impl Job for SendEmail {
    const QUEUE: &'static str = "mail";
    /// With the backoff (2 s, 4 s, ... capped at 10 min) eight tries span about 15 minutes,
    /// enough for a mail server restart; the outbox row keeps the last error after that.
    const MAX_ATTEMPTS: u32 = 8;

    const DEDUPE_RULE: Option<&'static str> = Some("mail:{outbox_id}");

    fn dedupe_key(&self) -> Option<String> {
        Some(format!("mail:{}", self.outbox_id))
    }
}
