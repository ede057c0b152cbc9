//! The fleet as operators see it (`worker queues`, `workers`, `health`, `pause`, `resume`):
//! per-queue figures from the job library's table, paused queues, the worker processes'
//! heartbeats, and whether the database schema matches this binary's migrations.

use serde::Serialize;
use sqlx::AssertSqlSafe;

use super::{Store, StoreResult};

/// Figures of one queue that the job counts by status do not give.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct QueueTiming {
    pub queue: String,
    /// Seconds the oldest job that is due (waiting, its run time passed) has waited.
    pub oldest_waiting_secs: Option<i64>,
    /// Jobs whose last run failed (retrying or for good) in the last hour.
    pub failed_last_hour: i64,
}

/// A queue and one figure of it.
type PerQueue = (String, i64);

/// One `worker` process, as its heartbeat row says.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct WorkerProcess {
    pub name: String,
    pub host: String,
    pub pid: i64,
    pub version: String,
    /// The queues it serves, comma-separated.
    pub queues: String,
    /// Unix seconds.
    pub started_at: i64,
    /// Unix seconds of its last heartbeat.
    pub last_seen: i64,
}

/// The schema this binary expects and the one the database has.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SchemaVersion {
    /// The newest migration this binary carries.
    pub expected: i64,
    /// The newest migration applied to the database (`None`: never migrated).
    pub applied: Option<i64>,
}

impl SchemaVersion {
    pub fn is_current(&self) -> bool {
        self.applied == Some(self.expected)
    }
}

impl Store {
    /// Per queue: how long its oldest due job has waited and how many failed in the last hour.
    pub async fn queue_timings(&self) -> StoreResult<Vec<QueueTiming>> {
        let now = chrono::Utc::now().timestamp();
        let (waiting_sql, failed_sql) = per_backend!(self,
            sqlite: (
                "SELECT job_type, $1 - MIN(run_at) FROM Jobs
                  WHERE (status = 'Pending' OR (status = 'Failed' AND attempts < max_attempts))
                    AND run_at <= $1 GROUP BY job_type",
                "SELECT job_type, COUNT(*) FROM Jobs
                  WHERE status IN ('Failed', 'Killed') AND done_at >= $1 - 3600 GROUP BY job_type",
            ),
            postgres: (
                "SELECT job_type, $1 - EXTRACT(EPOCH FROM MIN(run_at))::bigint FROM apalis.jobs
                  WHERE (status = 'Pending' OR (status = 'Failed' AND attempts < max_attempts))
                    AND run_at <= to_timestamp($1) GROUP BY job_type",
                "SELECT job_type, COUNT(*) FROM apalis.jobs
                  WHERE status IN ('Failed', 'Killed') AND done_at >= to_timestamp($1 - 3600)
                  GROUP BY job_type",
            ),
        );
        let (waiting, failed): (Vec<PerQueue>, Vec<PerQueue>) = with_pool!(self, pool => (
            sqlx::query_as(AssertSqlSafe(waiting_sql)).bind(now).fetch_all(pool).await?,
            sqlx::query_as(AssertSqlSafe(failed_sql)).bind(now).fetch_all(pool).await?,
        ));
        let mut timings: Vec<QueueTiming> = Vec::new();
        for (queue, age) in waiting {
            timing_of(&mut timings, &queue).oldest_waiting_secs = Some(age.max(0));
        }
        for (queue, count) in failed {
            timing_of(&mut timings, &queue).failed_last_hour = count;
        }
        Ok(timings)
    }

    /// Holds a queue: workers claim none of its jobs until it is resumed. False when it was
    /// already paused.
    pub async fn pause_queue(&self, queue: &str) -> StoreResult<bool> {
        let sql = "INSERT INTO paused_queues (queue, paused_at) VALUES ($1, $2)
            ON CONFLICT (queue) DO NOTHING";
        let now = chrono::Utc::now().timestamp();
        Ok(
            with_pool!(self, pool => sqlx::query(sql).bind(queue).bind(now).execute(pool).await?.rows_affected())
                > 0,
        )
    }

    /// Lets workers claim the queue's jobs again. False when it was not paused.
    pub async fn resume_queue(&self, queue: &str) -> StoreResult<bool> {
        let sql = "DELETE FROM paused_queues WHERE queue = $1";
        Ok(
            with_pool!(self, pool => sqlx::query(sql).bind(queue).execute(pool).await?.rows_affected())
                > 0,
        )
    }

    /// The paused queues.
    pub async fn paused_queues(&self) -> StoreResult<Vec<String>> {
        let sql = "SELECT queue FROM paused_queues ORDER BY queue";
        Ok(with_pool!(self, pool => sqlx::query_scalar(sql).fetch_all(pool).await?))
    }

    /// Writes a worker process's heartbeat (its row is created on the first).
    pub async fn beat_worker_process(&self, process: &WorkerProcess) -> StoreResult<()> {
        let sql = "INSERT INTO worker_processes
                (name, host, pid, version, queues, started_at, last_seen)
            VALUES ($1, $2, $3, $4, $5, $6, $7)
            ON CONFLICT (name) DO UPDATE SET last_seen = excluded.last_seen";
        with_pool!(self, pool => {
            sqlx::query(sql)
                .bind(&process.name)
                .bind(&process.host)
                .bind(process.pid)
                .bind(&process.version)
                .bind(&process.queues)
                .bind(process.started_at)
                .bind(chrono::Utc::now().timestamp())
                .execute(pool)
                .await?;
        });
        Ok(())
    }

    /// Removes a worker process that stopped cleanly.
    pub async fn remove_worker_process(&self, name: &str) -> StoreResult<()> {
        let sql = "DELETE FROM worker_processes WHERE name = $1";
        with_pool!(self, pool => {
            sqlx::query(sql).bind(name).execute(pool).await?;
        });
        Ok(())
    }

    /// Every worker process that has a heartbeat row, most recently seen first.
    pub async fn worker_processes(&self) -> StoreResult<Vec<WorkerProcess>> {
        let sql = "SELECT name, host, pid, version, queues, started_at, last_seen
            FROM worker_processes ORDER BY last_seen DESC, name";
        Ok(with_pool!(self, pool => sqlx::query_as(sql).fetch_all(pool).await?))
    }

    /// The newest migration this binary carries and the newest applied to the database.
    pub async fn schema_version(&self) -> StoreResult<SchemaVersion> {
        let expected = per_backend!(self,
            sqlite: newest(&sqlx::migrate!("../migrations/sqlite")),
            postgres: newest(&sqlx::migrate!("../migrations/postgres")),
        );
        let sql = "SELECT MAX(version) FROM app_migrations WHERE success";
        let applied: Result<Option<i64>, sqlx::Error> =
            with_pool!(self, pool => sqlx::query_scalar(sql).fetch_one(pool).await);
        let applied = match applied {
            Ok(version) => version,
            // A database that was never migrated has no history table.
            Err(sqlx::Error::Database(err)) if err.message().contains("app_migrations") => None,
            Err(err) => return Err(err.into()),
        };
        Ok(SchemaVersion { expected, applied })
    }
}

/// The entry of `queue`, added when missing.
fn timing_of<'a>(timings: &'a mut Vec<QueueTiming>, queue: &str) -> &'a mut QueueTiming {
    match timings.iter().position(|t| t.queue == queue) {
        Some(i) => &mut timings[i],
        None => {
            timings.push(QueueTiming {
                queue: queue.to_string(),
                ..QueueTiming::default()
            });
            let last = timings.len() - 1;
            &mut timings[last]
        }
    }
}

fn newest(migrator: &sqlx::migrate::Migrator) -> i64 {
    migrator.iter().map(|m| m.version).max().unwrap_or_default()
}
