//! All SQL over the job library's own tables (`Jobs` on SQLite, `apalis.jobs` on Postgres):
//! job status for the API and `worker --list`, counts for metrics, idempotency-key lookups,
//! and the few writes the library lacks (a durable retry time, the outcome, handing jobs back
//! at shutdown). Written for the apalis version in [`APALIS_VERSION`]: a test fails when
//! `Cargo.lock` moves to another, so these statements are checked against its schema first.

use chrono::{DateTime, Utc};
use serde::Serialize;
use sqlx::AssertSqlSafe;

use super::{Store, StoreResult, escape_like};

/// The apalis-sqlite and apalis-postgres version whose tables this file reads and writes.
pub const APALIS_VERSION: &str = "1.0.0";

/// What a job is doing, as users and operators see it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ts_rs::TS)]
#[serde(rename_all = "lowercase")]
pub enum JobStatus {
    /// Waiting to be picked up (or picked up but not started).
    Queued,
    Running,
    /// Failed, and will run again at `run_at`.
    Retrying,
    Succeeded,
    /// Failed for good: out of attempts, or stopped on purpose.
    Failed,
}

impl JobStatus {
    pub const ALL: [JobStatus; 5] = [
        JobStatus::Queued,
        JobStatus::Running,
        JobStatus::Retrying,
        JobStatus::Succeeded,
        JobStatus::Failed,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            JobStatus::Queued => "queued",
            JobStatus::Running => "running",
            JobStatus::Retrying => "retrying",
            JobStatus::Succeeded => "succeeded",
            JobStatus::Failed => "failed",
        }
    }

    pub fn parse(raw: &str) -> Option<JobStatus> {
        JobStatus::ALL
            .into_iter()
            .find(|s| s.as_str() == raw.trim().to_lowercase())
    }

    /// Whether the job has ended and will not change any more.
    pub fn is_final(self) -> bool {
        matches!(self, JobStatus::Succeeded | JobStatus::Failed)
    }

    /// The library's status values this status covers (before the attempts test).
    fn library_statuses(self) -> &'static [&'static str] {
        match self {
            JobStatus::Queued => &["Pending", "Queued"],
            JobStatus::Running => &["Running"],
            JobStatus::Retrying | JobStatus::Failed => &["Failed", "Killed"],
            JobStatus::Succeeded => &["Done"],
        }
    }

    fn from_library(status: &str, attempts: i64, max_attempts: i64) -> JobStatus {
        match status {
            "Pending" | "Queued" => JobStatus::Queued,
            "Running" => JobStatus::Running,
            "Done" => JobStatus::Succeeded,
            "Failed" if attempts < max_attempts => JobStatus::Retrying,
            _ => JobStatus::Failed,
        }
    }
}

/// One job as stored by the queue.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct JobRecord {
    pub id: String,
    pub queue: String,
    pub status: JobStatus,
    pub attempts: i64,
    pub max_attempts: i64,
    pub run_at: DateTime<Utc>,
    pub done_at: Option<DateTime<Utc>>,
    /// When a worker claimed it for its current (or last) run.
    pub locked_at: Option<DateTime<Utc>>,
    pub locked_by: Option<String>,
    /// The last error message, when the last run failed.
    pub error: Option<String>,
    /// The handler's output, when the job succeeded.
    #[serde(skip)]
    pub output: Option<serde_json::Value>,
    #[serde(skip)]
    pub payload: String,
}

#[derive(sqlx::FromRow)]
struct JobRow {
    id: String,
    job_type: String,
    status: String,
    attempts: i64,
    max_attempts: i64,
    run_at: i64,
    done_at: Option<i64>,
    lock_at: Option<i64>,
    lock_by: Option<String>,
    last_result: Option<String>,
    payload: Option<String>,
}

impl From<JobRow> for JobRecord {
    fn from(row: JobRow) -> Self {
        let (output, error) = match row.last_result.as_deref().map(RunResult::decode) {
            Some(Some(RunResult::Ok(value))) => (Some(value), None),
            Some(Some(RunResult::Err(reason))) => (None, Some(reason)),
            _ => (None, None),
        };
        JobRecord {
            status: JobStatus::from_library(&row.status, row.attempts, row.max_attempts),
            id: row.id,
            queue: row.job_type,
            attempts: row.attempts,
            max_attempts: row.max_attempts,
            run_at: epoch(row.run_at),
            done_at: row.done_at.map(epoch),
            locked_at: row.lock_at.map(epoch),
            locked_by: row.lock_by,
            output: if row.status == "Done" { output } else { None },
            error: if row.status == "Done" { None } else { error },
            payload: row.payload.unwrap_or_default(),
        }
    }
}

fn epoch(secs: i64) -> DateTime<Utc> {
    DateTime::from_timestamp(secs, 0).unwrap_or_default()
}

/// How a run ended, as stored in `last_result`: `{"Ok": output}` or `{"Err": "message"}`.
#[derive(Debug, Clone, PartialEq)]
enum RunResult {
    Ok(serde_json::Value),
    Err(String),
}

impl RunResult {
    /// Reads a stored result. Two writers store it: our runner, with the handler's own
    /// message, and the library's ack, with the text of the error our runner handed it. For a
    /// permanent failure that error is the library's `AbortError` around the message, whose
    /// text the library composes as `{AbortError}: {message}`; that wrapping is undone here,
    /// once, from the library's own type, so every reader gets the handler's message.
    fn decode(raw: &str) -> Option<RunResult> {
        let value: serde_json::Value = serde_json::from_str(raw).ok()?;
        if let Some(output) = value.get("Ok") {
            return Some(RunResult::Ok(output.clone()));
        }
        let err = value.get("Err")?;
        let text = match err.as_str() {
            Some(text) => text.to_string(),
            None => err.to_string(),
        };
        Some(RunResult::Err(unwrap_abort(text)))
    }
}

/// The handler's message out of the library's record of an `AbortError` around it (the text
/// as it is when the runner's own record stood).
fn unwrap_abort(text: String) -> String {
    use apalis_core::error::AbortError;
    static WRAPPING: std::sync::LazyLock<String> =
        std::sync::LazyLock::new(|| AbortError::new(String::new()).to_string());
    match text.strip_prefix(WRAPPING.as_str()) {
        Some(message) => message.to_string(),
        None => text,
    }
}

/// Filters of `worker --list`.
#[derive(Debug, Clone, Default)]
pub struct JobFilter {
    pub status: Option<JobStatus>,
    pub queue: Option<String>,
    pub limit: i64,
}

/// Job count per queue and status, for metrics.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct JobCount {
    pub queue: String,
    pub status: JobStatus,
    pub count: i64,
}

const SQLITE_COLUMNS: &str = "id, job_type, status, attempts, max_attempts, run_at, done_at,
    lock_at, lock_by, last_result, CAST(job AS TEXT) AS payload FROM Jobs";
const PG_COLUMNS: &str = "id, job_type, status, attempts::bigint AS attempts,
    max_attempts::bigint AS max_attempts, EXTRACT(EPOCH FROM run_at)::bigint AS run_at,
    EXTRACT(EPOCH FROM done_at)::bigint AS done_at,
    EXTRACT(EPOCH FROM lock_at)::bigint AS lock_at, lock_by, last_result::text AS last_result,
    convert_from(job, 'UTF8') AS payload FROM apalis.jobs";

impl Store {
    /// One job by id.
    pub async fn job(&self, id: &str) -> StoreResult<Option<JobRecord>> {
        let sql = format!("SELECT {} WHERE id = $1", self.job_columns());
        let row: Option<JobRow> = with_pool!(self, pool => sqlx::query_as(AssertSqlSafe(sql.as_str()))
            .bind(id)
            .fetch_optional(pool)
            .await?);
        Ok(row.map(JobRecord::from))
    }

    /// The output of job `id` once it has finished well (`None` while it runs, after a
    /// failure, or for an unknown id).
    pub async fn job_output(&self, id: &str) -> StoreResult<Option<serde_json::Value>> {
        Ok(self.job(id).await?.and_then(|job| job.output))
    }

    /// Jobs, newest first, filtered by status and queue.
    pub async fn list_jobs(&self, filter: &JobFilter) -> StoreResult<Vec<JobRecord>> {
        let statuses: Vec<String> = filter
            .status
            .map(|s| s.library_statuses().iter().map(|s| s.to_string()).collect())
            .unwrap_or_default();
        let status_list = statuses.join(",");
        let limit = filter.limit.clamp(1, 10_000);
        // `$1 = ''` disables a filter; statuses go in as one comma-joined text to keep the
        // statement identical on both backends.
        let sql = format!(
            "SELECT {} WHERE ($1 = '' OR job_type = $1)
               AND ($2 = '' OR (',' || $2 || ',') LIKE ('%,' || status || ',%'))
             ORDER BY run_at DESC, id DESC LIMIT $3",
            self.job_columns()
        );
        // The status refinement that needs attempts (retrying vs failed) happens below, so
        // fetch generously and cut after.
        let rows: Vec<JobRow> = with_pool!(self, pool => sqlx::query_as(AssertSqlSafe(sql.as_str()))
            .bind(filter.queue.clone().unwrap_or_default())
            .bind(&status_list)
            .bind(limit * 4)
            .fetch_all(pool)
            .await?);
        Ok(rows
            .into_iter()
            .map(JobRecord::from)
            .filter(|job| filter.status.is_none_or(|s| s == job.status))
            .take(limit as usize)
            .collect())
    }

    /// Number of jobs per queue and status.
    pub async fn job_counts(&self) -> StoreResult<Vec<JobCount>> {
        let sql_sqlite = "SELECT job_type, status, attempts < max_attempts AS can_retry,
            COUNT(*) FROM Jobs GROUP BY 1, 2, 3";
        let sql_pg = "SELECT job_type, status, attempts < max_attempts AS can_retry,
            COUNT(*) FROM apalis.jobs GROUP BY 1, 2, 3";
        let rows: Vec<(String, String, bool, i64)> = per_backend!(self,
            sqlite(pool) => sqlx::query_as(sql_sqlite).fetch_all(pool).await?,
            postgres(pool) => sqlx::query_as(sql_pg).fetch_all(pool).await?,
        );
        let mut counts: Vec<JobCount> = Vec::new();
        for (queue, status, can_retry, count) in rows {
            let status = JobStatus::from_library(&status, i64::from(!can_retry), 1);
            match counts
                .iter_mut()
                .find(|c| c.queue == queue && c.status == status)
            {
                Some(existing) => existing.count += count,
                None => counts.push(JobCount {
                    queue,
                    status,
                    count,
                }),
            }
        }
        Ok(counts)
    }

    /// Sets when a failed job may run again: the library retries failed jobs whose `run_at`
    /// has passed, so writing it before the handler returns its error makes the backoff
    /// durable across worker restarts.
    pub async fn set_job_run_at(&self, id: &str, run_at: DateTime<Utc>) -> StoreResult<()> {
        // SQLite keeps Unix seconds, Postgres a timestamptz.
        per_backend!(self,
            sqlite(pool) => sqlx::query("UPDATE Jobs SET run_at = $1 WHERE id = $2")
                .bind(run_at.timestamp())
                .bind(id)
                .execute(pool)
                .await?
                .rows_affected(),
            postgres(pool) => sqlx::query("UPDATE apalis.jobs SET run_at = $1 WHERE id = $2")
                .bind(run_at)
                .bind(id)
                .execute(pool)
                .await?
                .rows_affected(),
        );
        Ok(())
    }

    /// Records how a run ended, at once. The library acknowledges in batches from its poll
    /// loop, which a shutdown can cut short; writing the outcome here means a finished job is
    /// never handed back and run again. `status` is the library's: Done, Failed or Killed.
    pub async fn finish_job(
        &self,
        id: &str,
        status: &str,
        attempts: i64,
        result: &serde_json::Value,
    ) -> StoreResult<()> {
        // SQLite keeps text and Unix seconds, Postgres int4, jsonb and a timestamptz.
        per_backend!(self,
            sqlite(pool) => sqlx::query(
                "UPDATE Jobs SET status = $1, attempts = $2, last_result = $3,
                    done_at = strftime('%s', 'now') WHERE id = $4",
            )
            .bind(status)
            .bind(attempts)
            .bind(result.to_string())
            .bind(id)
            .execute(pool)
            .await?
            .rows_affected(),
            postgres(pool) => sqlx::query(
                "UPDATE apalis.jobs SET status = $1, attempts = $2, last_result = $3,
                    done_at = now() WHERE id = $4",
            )
            .bind(status)
            .bind(attempts as i32)
            .bind(sqlx::types::Json(result))
            .bind(id)
            .execute(pool)
            .await?
            .rows_affected(),
        );
        Ok(())
    }

    /// Hands every job locked by a worker whose name starts with `worker_prefix` back to the
    /// queue: fetched-but-unstarted jobs as they were, interrupted ones with the attempt
    /// counted. Returns how many.
    pub async fn hand_back_jobs(&self, worker_prefix: &str) -> StoreResult<u64> {
        let table = self.jobs_table();
        let pattern = format!("{}%", escape_like(worker_prefix));
        let sql = format!(
            "UPDATE {table} SET
                attempts = CASE WHEN status = 'Running' THEN attempts + 1 ELSE attempts END,
                status = 'Pending', lock_by = NULL, lock_at = NULL
            WHERE lock_by LIKE $1 ESCAPE '\\' AND status IN ('Queued', 'Running')"
        );
        Ok(
            with_pool!(self, pool => sqlx::query(AssertSqlSafe(sql.as_str())).bind(&pattern).execute(pool).await?.rows_affected()),
        )
    }

    /// The queues with a job a worker could claim now (the library's own claim conditions:
    /// waiting and unlocked, or failed with attempts left, and due), leaving out paused
    /// queues. One read over the claim indexes, for the process-wide poll (`runtime::poll`):
    /// asking once for every queue costs far less than each queue's worker trying a claim.
    pub async fn claimable_queues(&self) -> StoreResult<Vec<String>> {
        let due = per_backend!(self,
            sqlite: "(run_at IS NULL OR run_at <= CAST(strftime('%s', 'now') AS INTEGER))",
            postgres: "(run_at IS NULL OR run_at <= NOW())",
        );
        let table = self.jobs_table();
        let sql = format!(
            "SELECT job_type FROM {table} WHERE status = 'Pending' AND lock_by IS NULL AND {due}
             UNION
             SELECT job_type FROM {table} WHERE status = 'Failed' AND attempts < max_attempts
                AND {due}
             EXCEPT
             SELECT queue FROM paused_queues"
        );
        Ok(
            with_pool!(self, pool => sqlx::query_scalar(AssertSqlSafe(sql.as_str())).fetch_all(pool).await?),
        )
    }

    /// The id of the job enqueued with this idempotency key, if any.
    pub async fn job_id_by_key(&self, queue: &str, key: &str) -> StoreResult<Option<String>> {
        let table = self.jobs_table();
        let sql = format!("SELECT id FROM {table} WHERE job_type = $1 AND idempotency_key = $2");
        Ok(
            with_pool!(self, pool => sqlx::query_scalar(AssertSqlSafe(sql.as_str())).bind(queue).bind(key).fetch_optional(pool).await?),
        )
    }

    /// A job for this logical key that has not ended yet (keys are `{logical}#{generation}`),
    /// and how many generations exist, so the next enqueue can pick a fresh key.
    pub async fn active_job_for(
        &self,
        queue: &str,
        logical: &str,
    ) -> StoreResult<(Option<String>, i64)> {
        let table = self.jobs_table();
        let pattern = format!("{}#%", escape_like(logical));
        let active_sql = format!(
            "SELECT id FROM {table} WHERE job_type = $1 AND idempotency_key LIKE $2 ESCAPE '\\'
               AND (status IN ('Pending', 'Queued', 'Running')
                    OR (status = 'Failed' AND attempts < max_attempts))
             ORDER BY run_at DESC LIMIT 1"
        );
        let count_sql = format!(
            "SELECT COUNT(*) FROM {table} WHERE job_type = $1 AND idempotency_key LIKE $2 ESCAPE '\\'"
        );
        // Count first, then look for an active job: a job committed between the two reads
        // is then found as active, instead of being counted and missed.
        with_pool!(self, pool => {
            let count: i64 = sqlx::query_scalar(AssertSqlSafe(count_sql.as_str()))
                .bind(queue)
                .bind(&pattern)
                .fetch_one(pool)
                .await?;
            let active: Option<String> = sqlx::query_scalar(AssertSqlSafe(active_sql.as_str()))
                .bind(queue)
                .bind(&pattern)
                .fetch_optional(pool)
                .await?;
            Ok((active, count))
        })
    }

    /// The columns of a [`JobRow`] and the table, in each backend's types.
    fn job_columns(&self) -> &'static str {
        per_backend!(self, sqlite: SQLITE_COLUMNS, postgres: PG_COLUMNS)
    }

    fn jobs_table(&self) -> &'static str {
        per_backend!(self, sqlite: "Jobs", postgres: "apalis.jobs")
    }
}

#[cfg(test)]
mod tests {
    use apalis_core::error::AbortError;

    use super::RunResult;

    /// Whichever writer's record stands (the runner's, or the library's ack after it), a
    /// reader gets the handler's message and the output.
    #[test]
    fn a_stored_result_reads_as_the_handlers_message_whoever_wrote_it() {
        let message = "The SEC has no 10-K for ZZZZ";
        let by_runner = serde_json::json!({ "Err": message }).to_string();
        let by_library =
            serde_json::json!({ "Err": AbortError::new(message.to_string()).to_string() })
                .to_string();
        for raw in [by_runner, by_library] {
            assert_eq!(
                RunResult::decode(&raw),
                Some(RunResult::Err(message.into()))
            );
        }
        assert_eq!(
            RunResult::decode(r#"{"Ok": {"score": 71}}"#),
            Some(RunResult::Ok(serde_json::json!({ "score": 71 })))
        );
        assert_eq!(RunResult::decode("not json"), None);
    }

    /// The statements above name the library's tables, columns and status values; a new
    /// apalis version may change them. Re-read its migrations (and check that
    /// migrations/postgres/0008 still drops only duplicates, and that 0016's `get_jobs` and
    /// in-flight index still match the library's fetch and orphan queries), then move the pin.
    #[test]
    fn written_for_the_locked_apalis_version() {
        let lock = include_str!("../../../Cargo.lock");
        for name in ["apalis-sqlite", "apalis-postgres"] {
            let entry = format!("name = \"{name}\"\nversion = \"{}\"", super::APALIS_VERSION);
            assert!(
                lock.contains(&entry),
                "Cargo.lock has another {name} than {}: check store/apalis.rs against its schema",
                super::APALIS_VERSION
            );
        }
    }
}
