//! Stored analyses: the structured record (what the page reads), the spec's plain-text form
//! (`python_analysis_cache`), and one row per symbol and quarter for trends
//! (`ai_stock_analysis_data`). All three are written together from one record.

use super::transaction::BeginWrite;
use chrono::{DateTime, Datelike, Utc};
use sqlx::types::Json;

use super::{
    Backend, Store, StoreResult, StoreTx,
    analysis_changes::{self, CHANNEL},
    transaction::{Inner, with_tx},
    trends::{LOCK_SYMBOL_QUARTERS, keep_score_change, upsert_quarter_row},
};
use crate::analysis::{AnalysisRecord, standing::ScoreStanding};

/// Tells other processes' readers (Postgres) that a symbol's analysis changed, at commit.
const NOTIFY: &str = "SELECT pg_notify($1, $2)";

/// The latest analysis of a symbol.
#[derive(Debug, Clone)]
pub struct StoredAnalysis {
    pub record: AnalysisRecord,
    /// The spec's plain-text result.
    pub text: String,
    pub computed_at: DateTime<Utc>,
}

/// A stored analysis as the rankings read it (`crate::ranking`).
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct ScoreRow {
    pub symbol: String,
    pub company_name: String,
    pub score: i32,
    pub answered_questions: i32,
    /// Comma-separated numbers of the unanswered questions (`""` for none); `None` for a
    /// record stored before the column existed and not backfilled.
    pub unanswered_questions: Option<String>,
    /// How many data faults the record carries; `None` when the record predates the checks.
    pub data_fault_count: Option<i32>,
    /// The company's CIK, when the ticker is in SEC's list.
    pub cik: Option<i64>,
}

/// The quarter key of a date, e.g. `2026-Q4`.
pub fn quarter_key(date: chrono::NaiveDate) -> String {
    format!("{}-Q{}", date.year(), (date.month() - 1) / 3 + 1)
}

impl Store {
    /// Stores an analysis: replaces the symbol's record and text, and upserts its row for the
    /// quarter of `computed_at`, in one transaction.
    #[tracing::instrument(skip_all, err, fields(symbol = %record.symbol))]
    pub async fn save_analysis(
        &self,
        record: &AnalysisRecord,
        text: &str,
        computed_at: DateTime<Utc>,
    ) -> StoreResult<()> {
        let mut tx = self.begin().await?;
        tx.save_analysis(record, text, computed_at).await?;
        tx.commit().await
    }

    /// Records that `symbol` cannot be scored (IFRS filer, no usable statements), so repeat
    /// visits get the reason at once. A stored analysis of the symbol is left alone.
    pub async fn save_failed_analysis(
        &self,
        symbol: &str,
        message: &str,
        at: DateTime<Utc>,
    ) -> StoreResult<()> {
        let sql = "INSERT INTO python_analysis_cache (symbol, success, data, created_at, updated_at) VALUES ($1, $2, $3, $4, $4)
                   ON CONFLICT (symbol) DO UPDATE SET success = excluded.success, data = excluded.data, updated_at = excluded.updated_at";
        let notifies = self.backend() == Backend::Postgres;
        with_pool!(self, pool => {
            let mut tx = pool.begin_write().await?;
            sqlx::query(sql).bind(symbol).bind(false).bind(message).bind(at).execute(&mut *tx).await?;
            if notifies {
                sqlx::query(NOTIFY).bind(CHANNEL).bind(symbol).execute(&mut *tx).await?;
            }
            tx.commit().await?;
        });
        // A stored analysis of the symbol is no longer served (see `analysis_computed_at`).
        analysis_changes::changed();
        Ok(())
    }

    /// Why `symbol` could not be scored, and when that was found, if it could not.
    pub async fn analysis_failure(
        &self,
        symbol: &str,
    ) -> StoreResult<Option<(String, DateTime<Utc>)>> {
        let sql =
            "SELECT data, updated_at FROM python_analysis_cache WHERE symbol = $1 AND success = $2";
        Ok(
            with_pool!(self, pool => sqlx::query_as(sql).bind(symbol).bind(false).fetch_optional(pool).await?),
        )
    }

    /// The latest stored analysis of `symbol`.
    pub async fn latest_analysis(&self, symbol: &str) -> StoreResult<Option<StoredAnalysis>> {
        let sql = "SELECT r.record, c.data, r.computed_at FROM stock_analysis_records r
                   JOIN python_analysis_cache c ON c.symbol = r.symbol WHERE r.symbol = $1 AND c.success = $2";
        let row: Option<(Json<AnalysisRecord>, String, DateTime<Utc>)> = with_pool!(self, pool => sqlx::query_as(sql).bind(symbol).bind(true).fetch_optional(pool).await?);
        Ok(row.map(|(Json(record), text, computed_at)| StoredAnalysis {
            record,
            text,
            computed_at,
        }))
    }

    /// When the analysis [`Store::latest_analysis`] would return was computed, without
    /// reading the record: the analysis route's key to its ready answers (`answer_cache`).
    pub async fn analysis_computed_at(&self, symbol: &str) -> StoreResult<Option<DateTime<Utc>>> {
        let sql = "SELECT r.computed_at FROM stock_analysis_records r
                   JOIN python_analysis_cache c ON c.symbol = r.symbol WHERE r.symbol = $1 AND c.success = $2";
        Ok(
            with_pool!(self, pool => sqlx::query_scalar(sql).bind(symbol).bind(true).fetch_optional(pool).await?),
        )
    }

    /// Every analysed symbol with when its analysis was computed (for the daily refresh).
    pub async fn analysis_dates(&self) -> StoreResult<Vec<(String, DateTime<Utc>)>> {
        let sql = "SELECT symbol, computed_at FROM stock_analysis_records ORDER BY symbol";
        Ok(with_pool!(self, pool => sqlx::query_as(sql).fetch_all(pool).await?))
    }

    /// Every stored analysis with a score, as the rankings read it (best score first; the
    /// ranking rule itself is `crate::ranking`), with the company's CIK when the ticker is
    /// in SEC's list.
    pub async fn score_rows(&self) -> StoreResult<Vec<ScoreRow>> {
        let sql = "SELECT r.symbol, COALESCE(r.company_name, r.symbol) AS company_name, r.score,
                          r.answered_questions, r.unanswered_questions, r.data_fault_count, t.cik
                   FROM stock_analysis_records r LEFT JOIN tickers t ON t.ticker = r.symbol
                   WHERE r.score IS NOT NULL
                   ORDER BY r.score DESC, r.answered_questions DESC, r.symbol";
        Ok(with_pool!(self, pool => sqlx::query_as(sql).fetch_all(pool).await?))
    }

    /// The first `limit` stored scores in the rankings' order (`crate::ranking`) among those
    /// whose kept group is at most `max_group` (1: ranked, 2: listed): the first rows of an
    /// index, never the records, however many companies are stored.
    pub async fn score_rows_in_rank_order(
        &self,
        max_group: i32,
        limit: i64,
    ) -> StoreResult<Vec<ScoreRow>> {
        let sql = "SELECT r.symbol, COALESCE(r.company_name, r.symbol) AS company_name, r.score,
                          r.answered_questions, r.unanswered_questions, r.data_fault_count, t.cik
                   FROM (SELECT symbol, company_name, score, answered_questions, unanswered_questions,
                                data_fault_count, rank_group
                           FROM stock_analysis_records WHERE rank_group <= $1
                          ORDER BY rank_group, score DESC, answered_questions DESC, symbol LIMIT $2) r
                   LEFT JOIN tickers t ON t.ticker = r.symbol
                   ORDER BY r.rank_group, r.score DESC, r.answered_questions DESC, r.symbol";
        Ok(
            with_pool!(self, pool => sqlx::query_as(sql).bind(max_group).bind(limit).fetch_all(pool).await?),
        )
    }

    /// Every ticker of every company with a stored analysis, `(cik, ticker)` in SEC's order
    /// per company (main listing first): what `securities::classify` needs, in one query.
    pub async fn analysed_issuer_tickers(&self) -> StoreResult<Vec<(i64, String)>> {
        let sql = "SELECT t.cik, t.ticker FROM tickers t
            WHERE t.cik IN (SELECT t2.cik FROM stock_analysis_records r JOIN tickers t2 ON t2.ticker = r.symbol)
            ORDER BY t.cik, CASE WHEN t.rank IS NULL THEN 1 ELSE 0 END, t.rank, t.ticker";
        Ok(with_pool!(self, pool => sqlx::query_as(sql).fetch_all(pool).await?))
    }
}

impl StoreTx {
    /// [`Store::save_analysis`] in this transaction, with the rows it commits with (a market
    /// run stores the company's fingerprint beside its score).
    #[tracing::instrument(skip_all, err, fields(symbol = %record.symbol))]
    pub async fn save_analysis(
        &mut self,
        record: &AnalysisRecord,
        text: &str,
        computed_at: DateTime<Utc>,
    ) -> StoreResult<()> {
        let quarter = quarter_key(computed_at.date_naive());
        let postgres = matches!(self.inner, Inner::Postgres(_));
        let score = i32::from(record.score);
        let answered = i32::from(record.answered_questions);
        let unanswered = record
            .questions
            .iter()
            .filter(|q| q.score.is_none())
            .map(|q| q.number.to_string())
            .collect::<Vec<_>>()
            .join(",");
        let faults = i32::try_from(record.data_faults.len()).unwrap_or(i32::MAX);
        let rank_group = ScoreStanding::of(answered, Some(faults), Some(&unanswered)).group();
        with_tx!(self, tx => {
            if postgres {
                // Postgres: one writer of this symbol's quarters at a time (`keep_score_change!`).
                sqlx::query(LOCK_SYMBOL_QUARTERS).bind(&record.symbol).execute(&mut **tx).await?;
            }
            sqlx::query(
                "INSERT INTO stock_analysis_records (symbol, company_name, record, score, answered_questions, latest_filing_accession, computed_at,
                   unanswered_questions, data_fault_count, rank_group)
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
                 ON CONFLICT (symbol) DO UPDATE SET company_name = excluded.company_name, record = excluded.record,
                   score = excluded.score, answered_questions = excluded.answered_questions,
                   latest_filing_accession = excluded.latest_filing_accession, computed_at = excluded.computed_at,
                   unanswered_questions = excluded.unanswered_questions, data_fault_count = excluded.data_fault_count,
                   rank_group = excluded.rank_group",
            )
            .bind(&record.symbol)
            .bind(&record.company_name)
            .bind(Json(record))
            .bind(score)
            .bind(answered)
            .bind(&record.latest_filing_accession)
            .bind(computed_at)
            .bind(&unanswered)
            .bind(faults)
            .bind(rank_group)
            .execute(&mut **tx)
            .await?;
            sqlx::query(
                "INSERT INTO python_analysis_cache (symbol, success, data, created_at, updated_at) VALUES ($1, $2, $3, $4, $4)
                 ON CONFLICT (symbol) DO UPDATE SET success = excluded.success, data = excluded.data, updated_at = excluded.updated_at",
            )
            .bind(&record.symbol)
            .bind(true)
            .bind(text)
            .bind(computed_at)
            .execute(&mut **tx)
            .await?;
            // The quarter's row for trends, with the record (see `store::trends`).
            upsert_quarter_row!(&mut **tx, record, &quarter, computed_at);
            keep_score_change!(&mut **tx, &record.symbol);
            if postgres {
                sqlx::query(NOTIFY).bind(CHANNEL).bind(&record.symbol).execute(&mut **tx).await?;
            }
        });
        // Readers hear of the change once it is committed.
        self.after_commit(analysis_changes::changed);
        Ok(())
    }
}
