//! The nightly scoring of every filer (`market_runs`, `market_run_items`,
//! `market_fingerprints`; `jobs/docs/market.md`). A run's planner writes each batch of
//! companies to score with their child jobs and its counts in one transaction; each child
//! records its outcome, and the company's fingerprint with its stored score, in one
//! transaction; whichever write leaves nothing open ends the run. Run states: `running`,
//! `completed`, `stopped`; item states: `pending`, `running`, `scored`, `failed`,
//! `cancelled`.

use std::collections::HashMap;

use chrono::{DateTime, Utc};
use serde::Serialize;

use super::{Store, StoreResult, StoreTx, transaction::with_tx};

/// A stored run.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct MarketRun {
    pub id: i64,
    /// The `ScoreMarket` job that plans it: a retry of that job resumes this run.
    pub job_id: String,
    pub status: String,
    pub facts_path: String,
    pub submissions_path: Option<String>,
    /// Every company of the bulk file has been decided (scored by a child, or skipped).
    pub planned: bool,
    /// Companies up to this CIK are decided (-1: none yet).
    pub planned_through_cik: i64,
    pub total: i32,
    pub changed: i32,
    pub skipped_unchanged: i32,
    pub skipped_not_common: i32,
    pub scored: i32,
    pub failed: i32,
    pub started_at: DateTime<Utc>,
    pub finished_at: Option<DateTime<Utc>>,
}

/// A company a run scores: its child's row.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewItem {
    pub cik: i64,
    pub symbol: String,
    pub fingerprint: String,
}

/// What one planner batch decided besides the companies it scores.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct PlanCounts {
    /// Companies in the batch.
    pub total: i32,
    pub skipped_unchanged: i32,
    pub skipped_not_common: i32,
}

/// How a child ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ItemOutcome {
    /// Scored and stored: the fingerprint is recorded.
    Scored(i32),
    /// The facts cannot be scored (IFRS, too little data): recorded with the fingerprint too,
    /// so the same facts are not tried again.
    Unscorable(String),
    /// Failed for a reason a later run may not meet (an upstream outage): no fingerprint, so
    /// the next run tries again.
    Failed(String),
}

/// What recording a child's outcome did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Recorded {
    /// Recorded; `run_ended` when it was the run's last open company.
    Yes { run_ended: bool },
    /// Recorded before (a second delivery), or the run was stopped: nothing written.
    AlreadyDone,
}

const COLUMNS: &str = "id, job_id, status, facts_path, submissions_path, planned,
    planned_through_cik, total, changed, skipped_unchanged, skipped_not_common, scored, failed,
    started_at, finished_at";

impl Store {
    /// The run planned by job `job_id`, or a new one (a run still `running` under another
    /// job is stopped first: its planner died or was cancelled).
    #[tracing::instrument(skip(self), err)]
    pub async fn start_market_run(
        &self,
        job_id: &str,
        facts_path: &str,
        submissions_path: Option<&str>,
        now: DateTime<Utc>,
    ) -> StoreResult<MarketRun> {
        if let Some(run) = self.market_run_of_job(job_id).await? {
            return Ok(run);
        }
        let mut tx = self.begin().await?;
        if let Some(stale) = tx.running_market_run().await? {
            tx.stop_market_run(stale, now).await?;
        }
        let insert = format!(
            "INSERT INTO market_runs (job_id, status, facts_path, submissions_path, started_at)
             VALUES ($1, 'running', $2, $3, $4) RETURNING {COLUMNS}"
        );
        let run = with_tx!(tx, conn => sqlx::query_as(sqlx::AssertSqlSafe(insert))
            .bind(job_id).bind(facts_path).bind(submissions_path).bind(now)
            .fetch_one(&mut **conn).await?);
        tx.commit().await?;
        Ok(run)
    }

    /// A run by id.
    pub async fn market_run(&self, id: i64) -> StoreResult<Option<MarketRun>> {
        let sql = format!("SELECT {COLUMNS} FROM market_runs WHERE id = $1");
        Ok(
            with_pool!(self, pool => sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(id).fetch_optional(pool).await?),
        )
    }

    /// The run planned by job `job_id`.
    pub async fn market_run_of_job(&self, job_id: &str) -> StoreResult<Option<MarketRun>> {
        let sql = format!("SELECT {COLUMNS} FROM market_runs WHERE job_id = $1");
        Ok(
            with_pool!(self, pool => sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(job_id).fetch_optional(pool).await?),
        )
    }

    /// The newest run.
    pub async fn latest_market_run(&self) -> StoreResult<Option<MarketRun>> {
        let sql = format!("SELECT {COLUMNS} FROM market_runs ORDER BY id DESC LIMIT 1");
        Ok(
            with_pool!(self, pool => sqlx::query_as(sqlx::AssertSqlSafe(sql)).fetch_optional(pool).await?),
        )
    }

    /// Every company's fingerprint at its last score, by CIK.
    pub async fn market_fingerprints(&self) -> StoreResult<HashMap<i64, String>> {
        let sql = "SELECT cik, fingerprint FROM market_fingerprints";
        let rows: Vec<(i64, String)> =
            with_pool!(self, pool => sqlx::query_as(sql).fetch_all(pool).await?);
        Ok(rows.into_iter().collect())
    }

    /// How each company of run `run_id` stands: (symbol, status, score).
    pub async fn market_run_items(
        &self,
        run_id: i64,
    ) -> StoreResult<Vec<(String, String, Option<i32>)>> {
        let sql =
            "SELECT symbol, status, score FROM market_run_items WHERE run_id = $1 ORDER BY cik";
        Ok(with_pool!(self, pool => sqlx::query_as(sql).bind(run_id).fetch_all(pool).await?))
    }

    /// Marks company `cik` of run `run_id` as being scored, unless it was recorded or the run
    /// stopped: false means "skip it". One already running is claimed again (its worker died).
    pub async fn claim_market_item(
        &self,
        run_id: i64,
        cik: i64,
        now: DateTime<Utc>,
    ) -> StoreResult<bool> {
        let sql = "UPDATE market_run_items SET status = 'running', updated_at = $3
                   WHERE run_id = $1 AND cik = $2 AND status IN ('pending', 'running')
                   AND EXISTS (SELECT 1 FROM market_runs WHERE id = $1 AND status = 'running')";
        let claimed = with_pool!(self, pool => sqlx::query(sql).bind(run_id).bind(cik).bind(now).execute(pool).await?.rows_affected());
        Ok(claimed == 1)
    }

    /// Stops the running run: its companies not yet scored are cancelled (their queued jobs
    /// then end without work). Answers the run, as it was, when one was running.
    #[tracing::instrument(skip(self), err)]
    pub async fn stop_running_market_run(
        &self,
        now: DateTime<Utc>,
    ) -> StoreResult<Option<MarketRun>> {
        let mut tx = self.begin().await?;
        let Some(id) = tx.running_market_run().await? else {
            return Ok(None);
        };
        tx.stop_market_run(id, now).await?;
        tx.commit().await?;
        self.market_run(id).await
    }
}

impl StoreTx {
    async fn running_market_run(&mut self) -> StoreResult<Option<i64>> {
        let sql = "SELECT id FROM market_runs WHERE status = 'running'";
        Ok(with_tx!(self, conn => sqlx::query_scalar(sql).fetch_optional(&mut **conn).await?))
    }

    async fn stop_market_run(&mut self, id: i64, now: DateTime<Utc>) -> StoreResult<()> {
        with_tx!(self, conn => {
            sqlx::query(
                "UPDATE market_runs SET status = 'stopped', finished_at = $2
                 WHERE id = $1 AND status = 'running'",
            )
            .bind(id)
            .bind(now)
            .execute(&mut **conn)
            .await?;
            sqlx::query(
                "UPDATE market_run_items SET status = 'cancelled', updated_at = $2
                 WHERE run_id = $1 AND status = 'pending'",
            )
            .bind(id)
            .bind(now)
            .execute(&mut **conn)
            .await?;
        });
        Ok(())
    }

    /// Records one planner batch of run `run_id`: the companies to score (a company already
    /// recorded for the run is left as it is), the counts, and that companies up to
    /// `through_cik` are decided. Answers the companies newly written, whose child jobs the
    /// caller queues in this transaction.
    #[tracing::instrument(skip(self, items), err, fields(count = items.len()))]
    pub async fn add_market_batch(
        &mut self,
        run_id: i64,
        items: Vec<NewItem>,
        counts: PlanCounts,
        through_cik: i64,
        now: DateTime<Utc>,
    ) -> StoreResult<Vec<NewItem>> {
        let mut written = Vec::with_capacity(items.len());
        with_tx!(self, conn => {
            for item in items {
                let inserted = sqlx::query(
                    "INSERT INTO market_run_items (run_id, cik, symbol, fingerprint, status, updated_at)
                     VALUES ($1, $2, $3, $4, 'pending', $5) ON CONFLICT (run_id, cik) DO NOTHING",
                )
                .bind(run_id)
                .bind(item.cik)
                .bind(&item.symbol)
                .bind(&item.fingerprint)
                .bind(now)
                .execute(&mut **conn)
                .await?
                .rows_affected();
                if inserted == 1 {
                    written.push(item);
                }
            }
            sqlx::query(
                "UPDATE market_runs SET total = total + $2, changed = changed + $3,
                   skipped_unchanged = skipped_unchanged + $4,
                   skipped_not_common = skipped_not_common + $5, planned_through_cik = $6
                 WHERE id = $1",
            )
            .bind(run_id)
            .bind(counts.total)
            .bind(written.len() as i32)
            .bind(counts.skipped_unchanged)
            .bind(counts.skipped_not_common)
            .bind(through_cik)
            .execute(&mut **conn)
            .await?;
        });
        Ok(written)
    }

    /// Records that every company of run `run_id` is decided; answers whether that ended the
    /// run (all its children had already finished, or it had none).
    pub async fn finish_market_planning(
        &mut self,
        run_id: i64,
        now: DateTime<Utc>,
    ) -> StoreResult<bool> {
        let sql = "UPDATE market_runs SET planned = TRUE WHERE id = $1";
        with_tx!(self, conn => {
            sqlx::query(sql).bind(run_id).execute(&mut **conn).await?;
        });
        self.end_market_run_if_done(run_id, now).await
    }

    /// Records how company `cik` of run `run_id` ended, with its fingerprint when the outcome
    /// is for these facts (scored, or not scorable), once: a second delivery, or a company of
    /// a stopped run, writes nothing. The caller stores the score in the same transaction.
    #[tracing::instrument(skip(self), err)]
    pub async fn finish_market_item(
        &mut self,
        run_id: i64,
        cik: i64,
        outcome: &ItemOutcome,
        now: DateTime<Utc>,
    ) -> StoreResult<Recorded> {
        let (status, score, error) = match outcome {
            ItemOutcome::Scored(score) => ("scored", Some(*score), None),
            ItemOutcome::Unscorable(why) => ("failed", None, Some(why.as_str())),
            ItemOutcome::Failed(why) => ("failed", None, Some(why.as_str())),
        };
        let recorded = with_tx!(self, conn => sqlx::query(
                "UPDATE market_run_items SET status = $3, score = $4, error = $5, updated_at = $6
                 WHERE run_id = $1 AND cik = $2 AND status IN ('pending', 'running')",
            )
            .bind(run_id)
            .bind(cik)
            .bind(status)
            .bind(score)
            .bind(error)
            .bind(now)
            .execute(&mut **conn)
            .await?
            .rows_affected());
        if recorded == 0 {
            return Ok(Recorded::AlreadyDone);
        }
        let keeps_fingerprint = !matches!(outcome, ItemOutcome::Failed(_));
        let (scored, failed) = if status == "scored" { (1, 0) } else { (0, 1) };
        with_tx!(self, conn => {
            if keeps_fingerprint {
                sqlx::query(
                    "INSERT INTO market_fingerprints (cik, fingerprint, symbol, outcome, run_id, recorded_at)
                     SELECT cik, fingerprint, symbol, $3, run_id, $4 FROM market_run_items
                     WHERE run_id = $1 AND cik = $2
                     ON CONFLICT (cik) DO UPDATE SET fingerprint = excluded.fingerprint,
                       symbol = excluded.symbol, outcome = excluded.outcome,
                       run_id = excluded.run_id, recorded_at = excluded.recorded_at",
                )
                .bind(run_id)
                .bind(cik)
                .bind(if status == "scored" { "scored" } else { "unscorable" })
                .bind(now)
                .execute(&mut **conn)
                .await?;
            }
            sqlx::query("UPDATE market_runs SET scored = scored + $2, failed = failed + $3 WHERE id = $1")
                .bind(run_id)
                .bind(scored)
                .bind(failed)
                .execute(&mut **conn)
                .await?;
        });
        let run_ended = self.end_market_run_if_done(run_id, now).await?;
        Ok(Recorded::Yes { run_ended })
    }

    /// Ends run `run_id` as `completed` when it is planned and every child has finished;
    /// answers whether this call ended it (only one call can).
    async fn end_market_run_if_done(
        &mut self,
        run_id: i64,
        now: DateTime<Utc>,
    ) -> StoreResult<bool> {
        let sql = "UPDATE market_runs SET status = 'completed', finished_at = $2
                   WHERE id = $1 AND status = 'running' AND planned = TRUE
                   AND scored + failed >= changed";
        let ended = with_tx!(self, conn => sqlx::query(sql).bind(run_id).bind(now).execute(&mut **conn).await?.rows_affected());
        Ok(ended == 1)
    }
}
