//! `SendEmail`: sends one outbox message (issue 15: a failed SMTP send is retried with the
//! queue's exponential backoff instead of being recorded and forgotten). Idempotent: a
//! message already marked sent is not sent again.

use serde::{Deserialize, Serialize};

use crate::queue::{
    Job,
    runner::{JobError, JobHandler, JobRun},
};

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

    fn dedupe_key(&self) -> Option<String> {
        Some(format!("mail:{}", self.outbox_id))
    }
}

impl JobHandler for SendEmail {
    async fn run(self, run: &JobRun) -> Result<serde_json::Value, JobError> {
        run.ctx
            .mailer
            .send_outbox(run.store(), self.outbox_id)
            .await
            .map_err(|err| JobError::retry(format!("SMTP: {err}")))?;
        Ok(serde_json::json!({ "outbox_id": self.outbox_id }))
    }
}
