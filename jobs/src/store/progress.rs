//! Durable job progress: the handler writes its stage as it really happens; the API reads it
//! for `GET /api/jobs/{id}` and the event stream.

use chrono::{DateTime, Utc};
use serde::Serialize;

use super::{Store, StoreResult};

/// The latest progress a job reported.
#[derive(Debug, Clone, PartialEq, Serialize, sqlx::FromRow, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct Progress {
    pub stage: String,
    pub percent: i32,
    pub message: String,
    pub updated_at: DateTime<Utc>,
}

impl Store {
    /// Records a job's current stage (one row per job, overwritten) and answers the stop
    /// request an operator made for the job, if any: a progress report is where a run checks
    /// for one, and reading it in the same statement saves every report a round trip.
    #[tracing::instrument(skip(self, message), err)]
    pub async fn set_progress(
        &self,
        job_id: &str,
        queue: &str,
        stage: &str,
        percent: u8,
        message: &str,
    ) -> StoreResult<Option<String>> {
        let sql = "INSERT INTO job_progress (job_id, queue, stage, percent, message, updated_at)
            VALUES ($1, $2, $3, $4, $5, $6)
            ON CONFLICT (job_id) DO UPDATE SET stage = excluded.stage,
                percent = excluded.percent, message = excluded.message,
                updated_at = excluded.updated_at
            RETURNING (SELECT reason FROM job_cancellations WHERE job_id = $1)";
        let percent = i32::from(percent.min(100));
        Ok(with_pool!(self, pool => {
            sqlx::query_scalar(sql)
            .bind(job_id)
            .bind(queue)
            .bind(stage)
            .bind(percent)
            .bind(message)
            .bind(Utc::now())
            .fetch_one(pool)
            .await?
        }))
    }

    /// The latest progress of a job, if it reported any.
    pub async fn progress(&self, job_id: &str) -> StoreResult<Option<Progress>> {
        let sql = "SELECT stage, percent, message, updated_at FROM job_progress WHERE job_id = $1";
        Ok(with_pool!(self, pool => sqlx::query_as(sql).bind(job_id).fetch_optional(pool).await?))
    }
}
