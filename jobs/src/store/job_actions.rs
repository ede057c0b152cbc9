//! What an operator does to one job (`worker retry`, `cancel`, `discard`): each a single
//! conditional write on the job library's table, so a job that moved on in the meantime (a
//! worker claimed it, it finished) is never overwritten; the caller then reads what it is.

use sqlx::AssertSqlSafe;

use super::{Store, StoreResult, apalis::JobStatus};

/// What `retry` did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RetryOutcome {
    /// Back in the queue to run now (with one more attempt if it had used them all).
    Requeued,
    /// Not failed or retrying (queued, running or succeeded): nothing to retry.
    NotFailed(JobStatus),
}

/// What `cancel` or `discard` did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StopOutcome {
    /// It was waiting (queued or retrying) and has failed for good now.
    Stopped,
    /// It is running (or claimed by a worker): it stops at its next progress report.
    StopRequested,
    /// It is running, and `discard` leaves running jobs alone.
    Running,
    /// It had already ended.
    Ended(JobStatus),
}

/// The statuses a job waits in: not claimed by any worker, and will run.
const WAITING: &str = "(status = 'Pending' OR (status = 'Failed' AND attempts < max_attempts))";

impl Store {
    /// Puts a failed or retrying job back in the queue to run now. Its attempts keep
    /// counting; a job that used them all gets one more. `None`: no such job.
    pub async fn retry_job(&self, id: &str) -> StoreResult<Option<RetryOutcome>> {
        let (table, now) = self.jobs_table_and_now();
        let sql = format!(
            "UPDATE {table} SET status = 'Pending', run_at = {now},
                max_attempts = CASE WHEN attempts >= max_attempts THEN attempts + 1
                    ELSE max_attempts END,
                lock_by = NULL, lock_at = NULL, done_at = NULL, last_result = NULL
             WHERE id = $1 AND status IN ('Failed', 'Killed')"
        );
        let changed = with_pool!(self, pool => sqlx::query(AssertSqlSafe(sql.as_str()))
            .bind(id)
            .execute(pool)
            .await?
            .rows_affected());
        if changed == 0 {
            return Ok(self
                .job(id)
                .await?
                .map(|job| RetryOutcome::NotFailed(job.status)));
        }
        // The old run's progress and any stop request belong to the run that ended.
        with_pool!(self, pool => {
            sqlx::query("DELETE FROM job_progress WHERE job_id = $1").bind(id).execute(pool).await?;
            sqlx::query("DELETE FROM job_cancellations WHERE job_id = $1").bind(id).execute(pool).await?;
        });
        Ok(Some(RetryOutcome::Requeued))
    }

    /// Stops a job: a waiting one fails for good now with `cancelled: {reason}`; a running one
    /// gets a stop request that it honours at its next progress report. `None`: no such job.
    pub async fn cancel_job(&self, id: &str, reason: &str) -> StoreResult<Option<StopOutcome>> {
        let message = format!("cancelled: {reason}");
        if self.fail_waiting_job(id, &message).await? {
            return Ok(Some(StopOutcome::Stopped));
        }
        let Some(job) = self.job(id).await? else {
            return Ok(None);
        };
        if job.status.is_final() {
            return Ok(Some(StopOutcome::Ended(job.status)));
        }
        let sql = "INSERT INTO job_cancellations (job_id, reason, requested_at) VALUES ($1, $2, $3)
            ON CONFLICT (job_id) DO UPDATE SET reason = excluded.reason";
        let now = chrono::Utc::now().timestamp();
        with_pool!(self, pool => {
            sqlx::query(sql).bind(id).bind(&message).bind(now).execute(pool).await?;
        });
        Ok(Some(StopOutcome::StopRequested))
    }

    /// Gives up on a waiting or retrying job without running it again, recording
    /// `discarded: {reason}`. A running job is left alone (cancel it instead).
    pub async fn discard_job(&self, id: &str, reason: &str) -> StoreResult<Option<StopOutcome>> {
        if self
            .fail_waiting_job(id, &format!("discarded: {reason}"))
            .await?
        {
            return Ok(Some(StopOutcome::Stopped));
        }
        Ok(self.job(id).await?.map(|job| match job.status {
            status if status.is_final() => StopOutcome::Ended(status),
            _ => StopOutcome::Running,
        }))
    }

    /// The stop request for a running job, if an operator made one: the message to fail with.
    pub async fn cancel_request(&self, job_id: &str) -> StoreResult<Option<String>> {
        let sql = "SELECT reason FROM job_cancellations WHERE job_id = $1";
        Ok(
            with_pool!(self, pool => sqlx::query_scalar(sql).bind(job_id).fetch_optional(pool).await?),
        )
    }

    /// Fails a job that is waiting (not claimed by a worker) for good, with `message` as its
    /// error. False when the job is not waiting (or does not exist).
    async fn fail_waiting_job(&self, id: &str, message: &str) -> StoreResult<bool> {
        let (table, now) = self.jobs_table_and_now();
        let sql = format!(
            "UPDATE {table} SET status = 'Killed', last_result = $2, done_at = {now},
                lock_by = NULL, lock_at = NULL
             WHERE id = $1 AND {WAITING}"
        );
        let result = serde_json::json!({ "Err": message });
        let changed = per_backend!(self,
            sqlite(pool) => sqlx::query(AssertSqlSafe(sql.as_str()))
                .bind(id)
                .bind(result.to_string())
                .execute(pool)
                .await?
                .rows_affected(),
            postgres(pool) => sqlx::query(AssertSqlSafe(sql.as_str()))
                .bind(id)
                .bind(sqlx::types::Json(&result))
                .execute(pool)
                .await?
                .rows_affected(),
        );
        Ok(changed > 0)
    }

    /// The job table and "now" in its time type (Unix seconds on SQLite, timestamptz on
    /// Postgres).
    pub(super) fn jobs_table_and_now(&self) -> (&'static str, &'static str) {
        per_backend!(self,
            sqlite: ("Jobs", "CAST(strftime('%s', 'now') AS INTEGER)"),
            postgres: ("apalis.jobs", "now()"),
        )
    }
}
