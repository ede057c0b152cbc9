//! Bug reports (`bug_reports`), stored with their e-mail to the admin in one transaction.

use super::transaction::BeginWrite;
use chrono::{DateTime, Utc};
use serde::Serialize;

use super::{
    Store, StoreResult,
    outbox::{INSERT_EMAIL, NewEmail},
};

/// A stored report.
#[derive(Debug, Clone, PartialEq, Serialize, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct BugReport {
    pub id: i64,
    pub email: String,
    pub subject: String,
    pub description: String,
    pub user_id: Option<i64>,
    pub created_at: DateTime<Utc>,
}

/// A report to store.
#[derive(Debug, Clone)]
pub struct NewBugReport {
    pub email: String,
    pub subject: String,
    pub description: String,
    pub user_id: Option<i64>,
}

impl Store {
    /// Stores a report and, when `notify` is given, its e-mail to the admin. Returns the
    /// report and the outbox id of the e-mail.
    #[tracing::instrument(skip_all, err)]
    pub async fn create_bug_report(
        &self,
        report: &NewBugReport,
        notify: Option<&NewEmail>,
        now: DateTime<Utc>,
    ) -> StoreResult<(BugReport, Option<i64>)> {
        let sql = "INSERT INTO bug_reports (email, subject, description, user_id, created_at)
            VALUES ($1, $2, $3, $4, $5) RETURNING id, email, subject, description, user_id, created_at";
        with_pool!(self, pool => {{
            let mut tx = pool.begin_write().await?;
            let stored: BugReport = sqlx::query_as(sql)
                .bind(&report.email)
                .bind(&report.subject)
                .bind(&report.description)
                .bind(report.user_id)
                .bind(now)
                .fetch_one(&mut *tx)
                .await?;
            let mut email_id = None;
            if let Some(email) = notify {
                email_id = Some(sqlx::query_scalar(INSERT_EMAIL)
                    .bind(&email.to)
                    .bind(&email.subject)
                    .bind(&email.body)
                    .bind(&email.kind)
                    .bind(now)
                    .fetch_one(&mut *tx)
                    .await?);
            }
            tx.commit().await?;
            Ok((stored, email_id))
        }})
    }

    /// The newest reports first, at most `limit`.
    #[tracing::instrument(skip(self), err)]
    pub async fn bug_reports(&self, limit: i64) -> StoreResult<Vec<BugReport>> {
        let sql = "SELECT id, email, subject, description, user_id, created_at FROM bug_reports
            ORDER BY id DESC LIMIT $1";
        Ok(with_pool!(self, pool => sqlx::query_as(sql).bind(limit).fetch_all(pool).await?))
    }

    /// How many reports are stored.
    pub async fn bug_report_count(&self) -> StoreResult<i64> {
        Ok(
            with_pool!(self, pool => sqlx::query_scalar("SELECT COUNT(*) FROM bug_reports").fetch_one(pool).await?),
        )
    }
}
