//! What the admin Jobs page shows that the job library does not keep: each failed run's
//! error ([`JobAttempt`], written by the runner) and who queued a job from which admin
//! screen ([`JobOrigin`], written when the API queues it). Times are Unix seconds.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use super::{Store, StoreResult};

/// One failed run of a job.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct JobAttempt {
    /// 1 for the first run.
    pub attempt: i64,
    pub error: String,
    pub failed_at: DateTime<Utc>,
}

/// Who queued a job, and from where: an admin's action on an admin screen.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct JobOrigin {
    /// The admin's username.
    pub started_by: String,
    /// The admin page the action is on, e.g. `/admin/content`.
    pub screen: String,
    /// The action, as its button says, e.g. `Sync Feeds Now`.
    pub action: String,
}

impl Store {
    /// Records that run `attempt` of a job failed with `error` (a repeat overwrites).
    pub async fn record_job_attempt(
        &self,
        job_id: &str,
        attempt: i64,
        error: &str,
    ) -> StoreResult<()> {
        let sql = "INSERT INTO job_attempts (job_id, attempt, error, failed_at)
            VALUES ($1, $2, $3, $4)
            ON CONFLICT (job_id, attempt) DO UPDATE SET error = excluded.error,
                failed_at = excluded.failed_at";
        let now = Utc::now().timestamp();
        with_pool!(self, pool => {
            sqlx::query(sql).bind(job_id).bind(attempt).bind(error).bind(now).execute(pool).await?;
        });
        Ok(())
    }

    /// A job's failed runs, first first.
    pub async fn job_attempts(&self, job_id: &str) -> StoreResult<Vec<JobAttempt>> {
        let sql = "SELECT attempt, error, failed_at FROM job_attempts WHERE job_id = $1
            ORDER BY attempt";
        let rows: Vec<(i64, String, i64)> =
            with_pool!(self, pool => sqlx::query_as(sql).bind(job_id).fetch_all(pool).await?);
        Ok(rows
            .into_iter()
            .map(|(attempt, error, failed_at)| JobAttempt {
                attempt,
                error,
                failed_at: DateTime::from_timestamp(failed_at, 0).unwrap_or_default(),
            })
            .collect())
    }

    /// Records who queued job `job_id` from where (the first record stands).
    pub async fn record_job_origin(&self, job_id: &str, origin: &JobOrigin) -> StoreResult<()> {
        let sql = "INSERT INTO job_origins (job_id, started_by, screen, action, queued_at)
            VALUES ($1, $2, $3, $4, $5) ON CONFLICT (job_id) DO NOTHING";
        let now = Utc::now().timestamp();
        with_pool!(self, pool => {
            sqlx::query(sql)
                .bind(job_id)
                .bind(&origin.started_by)
                .bind(&origin.screen)
                .bind(&origin.action)
                .bind(now)
                .execute(pool)
                .await?;
        });
        Ok(())
    }

    /// Who queued job `job_id` from where, and when; `None` when no admin did.
    pub async fn job_origin(
        &self,
        job_id: &str,
    ) -> StoreResult<Option<(JobOrigin, DateTime<Utc>)>> {
        let sql = "SELECT started_by, screen, action, queued_at FROM job_origins WHERE job_id = $1";
        let row: Option<(String, String, String, i64)> =
            with_pool!(self, pool => sqlx::query_as(sql).bind(job_id).fetch_optional(pool).await?);
        Ok(row.map(|(started_by, screen, action, queued_at)| {
            (
                JobOrigin {
                    started_by,
                    screen,
                    action,
                },
                DateTime::from_timestamp(queued_at, 0).unwrap_or_default(),
            )
        }))
    }
}
