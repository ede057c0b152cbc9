//! Batch re-analysis (`batch_runs`, `batch_run_items`, from the data model): a batch row plus
//! one row per symbol (its child). The children's jobs live on the durable queue; these rows
//! record what each came to, and a batch's status is read from them. Run states: `running`,
//! `completed`, `stopped`, `failed`; child states: `pending`, `running`, `completed`,
//! `failed`, `cancelled`.

use super::transaction::BeginWrite;
use chrono::{DateTime, Utc};
use sqlx::types::Json;

use super::{Store, StoreResult, StoreTx, transaction::with_tx};
use crate::analysis::AnalysisRecord;

/// A stored batch.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct BatchRun {
    pub id: i64,
    pub delay_seconds: i32,
    pub status: String,
    pub started_at: DateTime<Utc>,
    pub completed_at: Option<DateTime<Utc>>,
    pub error_message: Option<String>,
}

/// One symbol of a batch.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct BatchChild {
    pub symbol: String,
    pub status: String,
    pub score: Option<i32>,
    pub error: Option<String>,
}

/// A symbol a batch analysed: its score then, with its company from the stored analysis.
#[derive(Debug, Clone)]
pub struct BatchResultRow {
    pub id: i64,
    pub symbol: String,
    pub company_name: Option<String>,
    pub industry: Option<String>,
    pub score: Option<i32>,
    pub analysis_date: DateTime<Utc>,
}

/// The schedule a batch was fired by, and for which tick (none for Run Now).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BatchOrigin {
    pub schedule_id: i64,
    pub tick: Option<DateTime<Utc>>,
}

/// How a child ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ChildOutcome {
    Scored(i32),
    Failed(String),
}

impl Store {
    /// Stores a running batch of `symbols` (in order, no duplicates) in one transaction and
    /// answers its id. Fails with `StoreError::Conflict` when another batch is running (the
    /// data model allows one running row).
    pub async fn start_batch(
        &self,
        symbols: &[String],
        delay_seconds: i32,
        started_by: Option<&str>,
        now: DateTime<Utc>,
    ) -> StoreResult<i64> {
        self.start_batch_for(symbols, delay_seconds, started_by, None, now)
            .await
    }

    /// [`Store::start_batch`] for a schedule: `origin` is the schedule and the tick it fired
    /// for (no tick for Run Now); a second batch for one tick is refused (`Conflict`).
    pub async fn start_batch_for(
        &self,
        symbols: &[String],
        delay_seconds: i32,
        started_by: Option<&str>,
        origin: Option<BatchOrigin>,
        now: DateTime<Utc>,
    ) -> StoreResult<i64> {
        let mut tx = self.begin().await?;
        let id = tx
            .insert_batch(symbols, delay_seconds, started_by, origin, now)
            .await?;
        tx.commit().await?;
        Ok(id)
    }
    /// The newest batch, if any ran.
    pub async fn latest_batch(&self) -> StoreResult<Option<BatchRun>> {
        let sql = "SELECT id, delay_seconds, status, started_at, completed_at, error_message
                   FROM batch_runs ORDER BY id DESC LIMIT 1";
        Ok(with_pool!(self, pool => sqlx::query_as(sql).fetch_optional(pool).await?))
    }

    /// A batch by id.
    pub async fn batch(&self, id: i64) -> StoreResult<Option<BatchRun>> {
        let sql = "SELECT id, delay_seconds, status, started_at, completed_at, error_message
                   FROM batch_runs WHERE id = $1";
        Ok(with_pool!(self, pool => sqlx::query_as(sql).bind(id).fetch_optional(pool).await?))
    }

    /// When the last batch ended (completed, stopped or failed), for the cool-down.
    pub async fn last_batch_end(&self) -> StoreResult<Option<DateTime<Utc>>> {
        let sql = "SELECT completed_at FROM batch_runs WHERE completed_at IS NOT NULL
                   ORDER BY completed_at DESC LIMIT 1";
        Ok(with_pool!(self, pool => sqlx::query_scalar(sql).fetch_optional(pool).await?))
    }

    /// The symbols of a batch, in the order given.
    pub async fn batch_children(&self, batch_id: i64) -> StoreResult<Vec<BatchChild>> {
        let sql = "SELECT symbol, status, score, error FROM batch_run_items
                   WHERE batch_run_id = $1 ORDER BY id";
        Ok(with_pool!(self, pool => sqlx::query_as(sql).bind(batch_id).fetch_all(pool).await?))
    }

    /// Marks a child as running under `job_id`, unless it ended or was cancelled: false means
    /// "skip it". A child already running is claimed again (its worker died and the queue
    /// retried the job).
    pub async fn claim_batch_child(
        &self,
        batch_id: i64,
        symbol: &str,
        job_id: &str,
        now: DateTime<Utc>,
    ) -> StoreResult<bool> {
        let sql = "UPDATE batch_run_items SET status = 'running', job_id = $3, updated_at = $4
                   WHERE batch_run_id = $1 AND symbol = $2 AND status IN ('pending', 'running')";
        let claimed = with_pool!(self, pool => sqlx::query(sql).bind(batch_id).bind(symbol).bind(job_id).bind(now).execute(pool).await?.rows_affected());
        Ok(claimed == 1)
    }

    /// Records how a child ended and, when it was the last open one of a running batch, ends
    /// the batch: `completed`, or `failed` when every child failed; failures are summarised
    /// in its error message. One transaction, so two last children cannot both miss the end.
    #[tracing::instrument(skip(self), err)]
    pub async fn finish_batch_child(
        &self,
        batch_id: i64,
        symbol: &str,
        outcome: &ChildOutcome,
        now: DateTime<Utc>,
    ) -> StoreResult<()> {
        let (status, score, error) = match outcome {
            ChildOutcome::Scored(score) => ("completed", Some(*score), None),
            ChildOutcome::Failed(why) => ("failed", None, Some(why.as_str())),
        };
        with_pool!(self, pool => {{
            let mut tx = pool.begin_write().await?;
            // The child's write comes first: it takes SQLite's write lock. A child that had
            // already ended (a retried run) changes nothing and is not counted again.
            let ended_now = sqlx::query(
                "UPDATE batch_run_items SET status = $3, score = $4, error = $5, updated_at = $6
                 WHERE batch_run_id = $1 AND symbol = $2 AND status IN ('pending', 'running')",
            )
            .bind(batch_id)
            .bind(symbol)
            .bind(status)
            .bind(score)
            .bind(error)
            .bind(now)
            .execute(&mut *tx)
            .await?
            .rows_affected();
            if ended_now == 0 {
                return Ok(());
            }
            // One statement counts the child and, on Postgres, takes the batch row's lock
            // until the commit: concurrent children end one at a time only for as long as
            // this statement and the commit take (a count of the items under the lock made
            // every child of a batch wait three round trips for each other). Only a child's
            // first end counts, and a batch's items are all written with it, so the counter
            // reaches `total_tickers` exactly when the last child ends.
            let (ended, total): (i32, i32) = sqlx::query_as(
                "UPDATE batch_runs SET completed_tickers = completed_tickers + 1 WHERE id = $1
                 RETURNING completed_tickers, total_tickers",
            )
            .bind(batch_id)
            .fetch_one(&mut *tx)
            .await?;
            if ended >= total {
                // Only the last child reads the failures, to summarise them.
                let failures: Vec<(String, Option<String>)> = sqlx::query_as(
                    "SELECT symbol, error FROM batch_run_items
                     WHERE batch_run_id = $1 AND status = 'failed' ORDER BY id",
                )
                .bind(batch_id)
                .fetch_all(&mut *tx)
                .await?;
                let failed = failures.len() as i32;
                let run_status = if total > 0 && failed == total { "failed" } else { "completed" };
                let message = (failed > 0).then(|| {
                    let each: Vec<String> = failures
                        .iter()
                        .map(|(symbol, e)| format!("{symbol}: {}", e.as_deref().unwrap_or("failed")))
                        .collect();
                    format!("{failed} of {total} stocks failed. {}", each.join("; "))
                });
                sqlx::query(
                    "UPDATE batch_runs SET status = $2, completed_at = $3, error_message = $4
                     WHERE id = $1 AND status = 'running'",
                )
                .bind(batch_id)
                .bind(run_status)
                .bind(now)
                .bind(message)
                .execute(&mut *tx)
                .await?;
            }
            tx.commit().await?;
            Ok(())
        }})
    }

    /// Ends the running batch `batch_id` as `stopped` (the admin's Stop) or `failed` (its
    /// children could not be queued, with `reason`): its children that have not started are
    /// cancelled, so their queued jobs end without work. Answers whether it was running.
    #[tracing::instrument(skip(self), err)]
    pub async fn end_batch(
        &self,
        batch_id: i64,
        failed_because: Option<&str>,
        now: DateTime<Utc>,
    ) -> StoreResult<bool> {
        let status = if failed_because.is_some() {
            "failed"
        } else {
            "stopped"
        };
        with_pool!(self, pool => {{
            let mut tx = pool.begin_write().await?;
            let ended = sqlx::query(
                "UPDATE batch_runs SET status = $2, completed_at = $3, error_message = $4
                 WHERE id = $1 AND status = 'running'",
            )
            .bind(batch_id)
            .bind(status)
            .bind(now)
            .bind(failed_because)
            .execute(&mut *tx)
            .await?
            .rows_affected();
            if ended == 1 {
                sqlx::query(
                    "UPDATE batch_run_items SET status = 'cancelled', updated_at = $2
                     WHERE batch_run_id = $1 AND status = 'pending'",
                )
                .bind(batch_id)
                .bind(now)
                .execute(&mut *tx)
                .await?;
            }
            tx.commit().await?;
            Ok(ended == 1)
        }})
    }

    /// The running batch's id, if one runs.
    pub async fn running_batch(&self) -> StoreResult<Option<i64>> {
        let sql = "SELECT id FROM batch_runs WHERE status = 'running'";
        Ok(with_pool!(self, pool => sqlx::query_scalar(sql).fetch_optional(pool).await?))
    }

    /// The symbols batches scored, newest first (at most `limit`), with the company and
    /// industry of their stored analysis.
    pub async fn batch_results(&self, limit: i64) -> StoreResult<Vec<BatchResultRow>> {
        let sql = "SELECT i.id, i.symbol, r.company_name, r.record, i.score, i.updated_at
                   FROM batch_run_items i LEFT JOIN stock_analysis_records r ON r.symbol = i.symbol
                   WHERE i.status = 'completed' ORDER BY i.updated_at DESC, i.id DESC LIMIT $1";
        type Row = (
            i64,
            String,
            Option<String>,
            Option<Json<AnalysisRecord>>,
            Option<i32>,
            DateTime<Utc>,
        );
        let rows: Vec<Row> =
            with_pool!(self, pool => sqlx::query_as(sql).bind(limit).fetch_all(pool).await?);
        Ok(rows
            .into_iter()
            .map(
                |(id, symbol, company_name, record, score, analysis_date)| BatchResultRow {
                    id,
                    symbol,
                    company_name,
                    industry: record.and_then(|Json(r)| r.industry),
                    score,
                    analysis_date,
                },
            )
            .collect())
    }
}

impl StoreTx {
    /// Writes a running batch of `symbols` (in order, no duplicates) and its children in this
    /// transaction, so its children's jobs can be queued in it too; answers its id. `Conflict`
    /// as [`Store::start_batch_for`].
    #[tracing::instrument(skip(self, symbols), err, fields(count = symbols.len()))]
    pub async fn insert_batch(
        &mut self,
        symbols: &[String],
        delay_seconds: i32,
        started_by: Option<&str>,
        origin: Option<BatchOrigin>,
        now: DateTime<Utc>,
    ) -> StoreResult<i64> {
        let list = Json(symbols);
        with_tx!(self, conn => {{
            let id: i64 = sqlx::query_scalar(
                "INSERT INTO batch_runs (symbols, delay_seconds, status, total_tickers, started_at,
                 created_by, schedule_id, schedule_tick)
                 VALUES ($1, $2, 'running', $3, $4, $5, $6, $7) RETURNING id",
            )
            .bind(list)
            .bind(delay_seconds)
            .bind(symbols.len() as i32)
            .bind(now)
            .bind(started_by)
            .bind(origin.map(|o| o.schedule_id))
            .bind(origin.and_then(|o| o.tick))
            .fetch_one(&mut **conn)
            .await?;
            for symbol in symbols {
                sqlx::query(
                    "INSERT INTO batch_run_items (batch_run_id, symbol, status, created_at, updated_at)
                     VALUES ($1, $2, 'pending', $3, $3)",
                )
                .bind(id)
                .bind(symbol)
                .bind(now)
                .execute(&mut **conn)
                .await?;
            }
            Ok(id)
        }})
    }
}
