//! The admin's schedules (`scheduled_jobs`, migrations 0002 and 0010). Firing is guarded
//! twice: the scheduler advances `next_run_time` only from the value it read (compare and
//! set), and a fired tick's batch is unique per schedule and tick (`batch_runs_schedule_tick`).

use chrono::{DateTime, Utc};
use sqlx::types::Json;

use super::{Store, StoreResult};

/// A stored schedule, as the table holds it.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct ScheduleRow {
    pub id: i64,
    pub name: String,
    pub selected_stocks: Json<Vec<String>>,
    pub frequency: String,
    pub days_of_week: Json<Vec<u8>>,
    pub times: Json<Vec<String>>,
    pub is_enabled: bool,
    pub market_hours_only: bool,
    pub interval_minutes: Option<i32>,
    pub next_run_time: Option<DateTime<Utc>>,
    pub last_run_time: Option<DateTime<Utc>>,
    pub created_by: Option<String>,
    pub last_outcome: Option<String>,
    pub last_batch_id: Option<i64>,
}

/// What the store writes for a create or an update (the checked fields and the next run).
#[derive(Debug, Clone)]
pub struct ScheduleFields<'a> {
    pub name: &'a str,
    pub selected_stocks: &'a [String],
    pub frequency: &'a str,
    pub days_of_week: &'a [u8],
    pub times: &'a [String],
    pub is_enabled: bool,
    pub market_hours_only: bool,
    pub interval_minutes: Option<i32>,
    pub next_run_time: Option<DateTime<Utc>>,
}

/// The latest batch a schedule started, for its "last outcome".
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct ScheduleBatch {
    pub id: i64,
    pub status: String,
    pub completed_tickers: i32,
    pub total_tickers: i32,
}

const COLUMNS: &str = "id, name, selected_stocks, frequency, days_of_week, times, is_enabled,
    market_hours_only, interval_minutes, next_run_time, last_run_time, created_by, last_outcome,
    last_batch_id";

impl Store {
    /// Every schedule, oldest first.
    pub async fn schedules(&self) -> StoreResult<Vec<ScheduleRow>> {
        let sql = format!("SELECT {COLUMNS} FROM scheduled_jobs ORDER BY id");
        Ok(
            with_pool!(self, pool => sqlx::query_as(sqlx::AssertSqlSafe(sql)).fetch_all(pool).await?),
        )
    }

    pub async fn schedule(&self, id: i64) -> StoreResult<Option<ScheduleRow>> {
        let sql = format!("SELECT {COLUMNS} FROM scheduled_jobs WHERE id = $1");
        Ok(
            with_pool!(self, pool => sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(id).fetch_optional(pool).await?),
        )
    }

    /// Enabled schedules due at `now` (next run at or before it).
    pub async fn due_schedules(&self, now: DateTime<Utc>) -> StoreResult<Vec<ScheduleRow>> {
        let sql = format!(
            "SELECT {COLUMNS} FROM scheduled_jobs
             WHERE is_enabled = true AND next_run_time IS NOT NULL AND next_run_time <= $1
             ORDER BY next_run_time, id"
        );
        Ok(
            with_pool!(self, pool => sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(now).fetch_all(pool).await?),
        )
    }

    #[tracing::instrument(skip(self, fields), err)]
    pub async fn create_schedule(
        &self,
        fields: &ScheduleFields<'_>,
        created_by: Option<&str>,
        now: DateTime<Utc>,
    ) -> StoreResult<i64> {
        let sql = "INSERT INTO scheduled_jobs (name, selected_stocks, frequency, days_of_week,
                   times, is_enabled, market_hours_only, interval_minutes, next_run_time,
                   created_by, created_at, updated_at)
                   VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11) RETURNING id";
        Ok(with_pool!(self, pool => sqlx::query_scalar(sql)
            .bind(fields.name)
            .bind(Json(fields.selected_stocks))
            .bind(fields.frequency)
            .bind(Json(fields.days_of_week))
            .bind(Json(fields.times))
            .bind(fields.is_enabled)
            .bind(fields.market_hours_only)
            .bind(fields.interval_minutes)
            .bind(fields.next_run_time)
            .bind(created_by)
            .bind(now)
            .fetch_one(pool)
            .await?))
    }

    /// Replaces a schedule's fields; false when there is no such schedule.
    #[tracing::instrument(skip(self, fields), err)]
    pub async fn update_schedule(
        &self,
        id: i64,
        fields: &ScheduleFields<'_>,
        now: DateTime<Utc>,
    ) -> StoreResult<bool> {
        let sql = "UPDATE scheduled_jobs SET name = $2, selected_stocks = $3, frequency = $4,
                   days_of_week = $5, times = $6, is_enabled = $7, market_hours_only = $8,
                   interval_minutes = $9, next_run_time = $10, updated_at = $11
                   WHERE id = $1";
        let changed = with_pool!(self, pool => sqlx::query(sql)
            .bind(id)
            .bind(fields.name)
            .bind(Json(fields.selected_stocks))
            .bind(fields.frequency)
            .bind(Json(fields.days_of_week))
            .bind(Json(fields.times))
            .bind(fields.is_enabled)
            .bind(fields.market_hours_only)
            .bind(fields.interval_minutes)
            .bind(fields.next_run_time)
            .bind(now)
            .execute(pool)
            .await?
            .rows_affected());
        Ok(changed == 1)
    }

    /// Deletes a schedule (its past batches keep their rows, unlinked); false when absent.
    pub async fn delete_schedule(&self, id: i64) -> StoreResult<bool> {
        let sql = "DELETE FROM scheduled_jobs WHERE id = $1";
        let gone = with_pool!(self, pool => sqlx::query(sql).bind(id).execute(pool).await?.rows_affected());
        Ok(gone == 1)
    }

    /// Moves a fired schedule's next run from `tick` to `next`, only if no other scheduler
    /// did first: true for the one that moved it.
    pub async fn advance_schedule(
        &self,
        id: i64,
        tick: DateTime<Utc>,
        next: Option<DateTime<Utc>>,
        now: DateTime<Utc>,
    ) -> StoreResult<bool> {
        let sql = "UPDATE scheduled_jobs SET next_run_time = $3, last_run_time = $4
                   WHERE id = $1 AND next_run_time = $2";
        let moved = with_pool!(self, pool => sqlx::query(sql).bind(id).bind(tick).bind(next).bind(now).execute(pool).await?.rows_affected());
        Ok(moved == 1)
    }

    /// Records what a firing did and the batch it started (none when it skipped).
    pub async fn record_schedule_outcome(
        &self,
        id: i64,
        outcome: &str,
        batch_id: Option<i64>,
        now: DateTime<Utc>,
    ) -> StoreResult<()> {
        let sql = "UPDATE scheduled_jobs SET last_outcome = $2,
                   last_batch_id = $3, last_run_time = $4 WHERE id = $1";
        with_pool!(self, pool => sqlx::query(sql).bind(id).bind(outcome).bind(batch_id).bind(now).execute(pool).await?.rows_affected());
        Ok(())
    }

    /// The batch fired for a schedule's tick, if any.
    pub async fn batch_for_tick(&self, id: i64, tick: DateTime<Utc>) -> StoreResult<Option<i64>> {
        let sql = "SELECT id FROM batch_runs WHERE schedule_id = $1 AND schedule_tick = $2";
        Ok(
            with_pool!(self, pool => sqlx::query_scalar(sql).bind(id).bind(tick).fetch_optional(pool).await?),
        )
    }

    /// The batches by id, for the schedules' last outcomes.
    pub async fn schedule_batches(&self, ids: &[i64]) -> StoreResult<Vec<ScheduleBatch>> {
        if ids.is_empty() {
            return Ok(Vec::new());
        }
        // A JSON array parameter works on both databases (no array type on SQLite).
        let sql = per_backend!(self,
            sqlite: "SELECT id, status, completed_tickers, total_tickers FROM batch_runs
                     WHERE id IN (SELECT value FROM json_each($1))",
            postgres: "SELECT id, status, completed_tickers, total_tickers FROM batch_runs
                       WHERE id IN (SELECT jsonb_array_elements_text($1)::BIGINT)",
        );
        Ok(with_pool!(self, pool => sqlx::query_as(sql).bind(Json(ids)).fetch_all(pool).await?))
    }

    /// The oldest due time among enabled schedules that have not fired yet (the lag metric).
    pub async fn oldest_due_schedule(
        &self,
        now: DateTime<Utc>,
    ) -> StoreResult<Option<DateTime<Utc>>> {
        let sql = "SELECT MIN(next_run_time) FROM scheduled_jobs
                   WHERE is_enabled = true AND next_run_time <= $1";
        Ok(with_pool!(self, pool => sqlx::query_scalar(sql).bind(now).fetch_one(pool).await?))
    }
}
