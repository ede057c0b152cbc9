//! `SendEmail`: sends one outbox message (a failed SMTP send is retried with the
//! queue's exponential backoff instead of being recorded and forgotten). Idempotent: a
//! message already marked sent is not sent again.

use crate::tasks::SendEmail;

use crate::queue::runner::{JobError, JobHandler, JobRun};

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
