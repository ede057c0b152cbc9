//! Outgoing mail (`email_outbox`). Every message is written here first (in the transaction
//! of the change that causes it, where there is one); `mail::Mailer` then sends it over SMTP
//! or, without SMTP, leaves it here and logs it.

use chrono::{DateTime, Utc};

use super::{Store, StoreResult};

/// The insert every writer of the outbox uses (binds: to, subject, body, kind, created_at).
pub(crate) const INSERT_EMAIL: &str =
    "INSERT INTO email_outbox (to_address, subject, body, kind, created_at)
    VALUES ($1, $2, $3, $4, $5) RETURNING id";

/// A message to send.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewEmail {
    pub to: String,
    pub subject: String,
    pub body: String,
    /// What caused it, e.g. `password_reset`, `bug_report`.
    pub kind: String,
}

/// A message in the outbox.
#[derive(Debug, Clone, PartialEq, sqlx::FromRow)]
pub struct OutboxEmail {
    pub id: i64,
    pub to_address: String,
    pub subject: String,
    pub body: String,
    pub kind: String,
    pub created_at: DateTime<Utc>,
    pub sent_at: Option<DateTime<Utc>>,
    pub error: Option<String>,
    pub attempts: i32,
    /// Extra headers (`List-Unsubscribe`...) as a JSON object of names to values.
    pub headers: Option<String>,
}

const EMAIL_COLUMNS: &str =
    "id, to_address, subject, body, kind, created_at, sent_at, error, attempts, headers";

impl Store {
    /// Puts one message in the outbox; returns its id.
    #[tracing::instrument(skip_all, err, fields(kind = %email.kind))]
    pub async fn enqueue_email(&self, email: &NewEmail) -> StoreResult<i64> {
        Ok(with_pool!(self, pool => sqlx::query_scalar(INSERT_EMAIL)
            .bind(&email.to)
            .bind(&email.subject)
            .bind(&email.body)
            .bind(&email.kind)
            .bind(Utc::now())
            .fetch_one(pool)
            .await?))
    }

    /// One message by id.
    pub async fn email(&self, id: i64) -> StoreResult<Option<OutboxEmail>> {
        let sql = format!("SELECT {EMAIL_COLUMNS} FROM email_outbox WHERE id = $1");
        Ok(
            with_pool!(self, pool => sqlx::query_as(sqlx::AssertSqlSafe(sql.as_str())).bind(id).fetch_optional(pool).await?),
        )
    }

    /// Messages to `to_address`, newest first.
    pub async fn emails_to(&self, to_address: &str) -> StoreResult<Vec<OutboxEmail>> {
        let sql = format!(
            "SELECT {EMAIL_COLUMNS} FROM email_outbox WHERE to_address = $1 ORDER BY id DESC"
        );
        Ok(
            with_pool!(self, pool => sqlx::query_as(sqlx::AssertSqlSafe(sql.as_str())).bind(to_address).fetch_all(pool).await?),
        )
    }

    /// How many messages the outbox holds.
    pub async fn email_count(&self) -> StoreResult<i64> {
        Ok(
            with_pool!(self, pool => sqlx::query_scalar("SELECT COUNT(*) FROM email_outbox").fetch_one(pool).await?),
        )
    }

    /// Marks a message delivered.
    #[tracing::instrument(skip(self), err)]
    pub async fn mark_email_sent(&self, id: i64, now: DateTime<Utc>) -> StoreResult<()> {
        let sql = "UPDATE email_outbox SET sent_at = $2, error = NULL, attempts = attempts + 1 WHERE id = $1";
        with_pool!(self, pool => {
            sqlx::query(sql).bind(id).bind(now).execute(pool).await?;
        });
        Ok(())
    }

    /// Records a failed delivery attempt.
    #[tracing::instrument(skip(self), err)]
    pub async fn mark_email_failed(&self, id: i64, error: &str) -> StoreResult<()> {
        let sql = "UPDATE email_outbox SET error = $2, attempts = attempts + 1 WHERE id = $1";
        with_pool!(self, pool => {
            sqlx::query(sql).bind(id).bind(error).execute(pool).await?;
        });
        Ok(())
    }
}
