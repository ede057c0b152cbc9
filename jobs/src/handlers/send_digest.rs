//! `SendDigest`: one user's weekly digest. Nothing changed for them this week: no e-mail (the
//! week is still marked decided). Otherwise the outbox row, the week's mark and the
//! `SendEmail` job commit in one transaction, so a crash sends nobody a second copy: before
//! the commit nothing exists, after it a re-run finds the week decided.

use std::time::Duration;

use chrono::Utc;

use crate::{
    queue::{
        JobQueue,
        runner::{JobError, JobHandler, JobRun},
    },
    tasks::{SendDigest, SendEmail},
    watchlist::{digest, unsubscribe},
};

/// The window a digest covers, ending when it runs.
const WEEK: chrono::Duration = chrono::Duration::days(7);

impl JobHandler for SendDigest {
    async fn run(self, run: &JobRun) -> Result<serde_json::Value, JobError> {
        let store = run.store();
        let (user_id, week) = (self.user_id, self.iso_week.as_str());
        run.progress("Checking the week", 10, week).await;
        if let Some(outbox_id) = store.digest_decision(user_id, week).await? {
            return Ok(serde_json::json!({ "alreadyDecided": true, "outboxId": outbox_id }));
        }
        let Some(user) = store.user_by_id(user_id).await? else {
            return Err(JobError::permanent("the account no longer exists"));
        };
        if !store.alert_settings(user_id).await?.digest_enabled {
            return Ok(serde_json::json!({ "unsubscribed": true }));
        }
        let now = Utc::now();
        let alerts = store.alerts_between(user_id, now - WEEK, now).await?;
        run.progress(
            "Writing the digest",
            50,
            &format!("{} changes this week", alerts.len()),
        )
        .await;
        let secret = unsubscribe::secret(store).await?;
        let base = &run.ctx.settings.public_base_url;
        let link = unsubscribe::link(base, &secret, user_id);
        let email = digest::email(&user.username, &alerts, base, &link);
        let count = i32::try_from(alerts.len()).unwrap_or(i32::MAX);
        let mut tx = store.begin().await?;
        let decided = tx
            .record_digest(
                user_id,
                week,
                email.as_ref().map(|(e, h)| (e, h.as_str())),
                count,
                now,
            )
            .await?;
        if let Some(Some(outbox_id)) = decided {
            JobQueue::new(store.clone())
                .enqueue_in(&mut tx, [(&SendEmail { outbox_id }, Duration::ZERO)])
                .await
                .map_err(JobError::retry)?;
        }
        tx.commit().await?;
        let outbox_id = decided.flatten();
        run.progress(
            "Done",
            100,
            if outbox_id.is_some() {
                "digest in the outbox"
            } else {
                "nothing changed: no e-mail"
            },
        )
        .await;
        Ok(serde_json::json!({ "changes": alerts.len(), "outboxId": outbox_id }))
    }
}
