//! Stored analyses: the structured record (what the page reads), the spec's plain-text form
//! (`python_analysis_cache`), and one row per symbol and quarter for trends
//! (`ai_stock_analysis_data`). All three are written together from one record.

use chrono::{DateTime, Datelike, Utc};
use serde::Serialize;
use sqlx::types::Json;

use super::{
    Backend, Store, StoreResult,
    analysis_changes::{self, CHANNEL},
    trends::upsert_quarter_row,
};
use crate::{
    analysis::{AnalysisRecord, record::PROVISIONAL_BELOW},
    securities::{SecurityKind, classify},
};

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

/// A row of the top-25 list.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, sqlx::FromRow, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct TopStock {
    pub symbol: String,
    pub score: i32,
    pub company_name: String,
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
        let quarter = quarter_key(computed_at.date_naive());
        let notifies = self.backend() == Backend::Postgres;
        let score = i32::from(record.score);
        let answered = i32::from(record.answered_questions);
        with_pool!(self, pool => {
            let mut tx = pool.begin().await?;
            sqlx::query(
                "INSERT INTO stock_analysis_records (symbol, company_name, record, score, answered_questions, latest_filing_accession, computed_at)
                 VALUES ($1, $2, $3, $4, $5, $6, $7)
                 ON CONFLICT (symbol) DO UPDATE SET company_name = excluded.company_name, record = excluded.record,
                   score = excluded.score, answered_questions = excluded.answered_questions,
                   latest_filing_accession = excluded.latest_filing_accession, computed_at = excluded.computed_at",
            )
            .bind(&record.symbol)
            .bind(&record.company_name)
            .bind(Json(record))
            .bind(score)
            .bind(answered)
            .bind(&record.latest_filing_accession)
            .bind(computed_at)
            .execute(&mut *tx)
            .await?;
            sqlx::query(
                "INSERT INTO python_analysis_cache (symbol, success, data, created_at, updated_at) VALUES ($1, $2, $3, $4, $4)
                 ON CONFLICT (symbol) DO UPDATE SET success = excluded.success, data = excluded.data, updated_at = excluded.updated_at",
            )
            .bind(&record.symbol)
            .bind(true)
            .bind(text)
            .bind(computed_at)
            .execute(&mut *tx)
            .await?;
            // The quarter's row for trends, with the record (see `store::trends`).
            upsert_quarter_row!(&mut *tx, record, &quarter, computed_at);
            if notifies {
                sqlx::query(NOTIFY).bind(CHANNEL).bind(&record.symbol).execute(&mut *tx).await?;
            }
            tx.commit().await?;
        });
        analysis_changes::changed();
        Ok(())
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
            let mut tx = pool.begin().await?;
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

    /// The Top 25: the highest scores (ties: more questions answered first), with company
    /// names. Only scores on at least [`PROVISIONAL_BELOW`] answered questions are ranked
    /// (provisional ones are left out, see `docs/scoring.md`), one row per company (share
    /// classes of one issuer count once, the best-ranked first), and never a security that
    /// is not common stock (a preferred analysed before that rule existed, say).
    pub async fn top_stocks(&self, limit: i64) -> StoreResult<Vec<TopStock>> {
        let sql =
            "SELECT r.symbol, r.score, COALESCE(r.company_name, r.symbol) AS company_name, t.cik
                   FROM stock_analysis_records r LEFT JOIN tickers t ON t.ticker = r.symbol
                   WHERE r.score IS NOT NULL AND r.answered_questions >= $1
                   ORDER BY r.score DESC, r.answered_questions DESC, r.symbol";
        let rows: Vec<(String, i32, String, Option<i64>)> = with_pool!(self, pool => sqlx::query_as(sql)
            .bind(i32::from(PROVISIONAL_BELOW))
            .fetch_all(pool)
            .await?);
        // Every ranked issuer's tickers in one query (not one per row), in SEC's order.
        let issuers_sql = "SELECT t.cik, t.ticker FROM tickers t
            WHERE t.cik IN (SELECT t2.cik FROM stock_analysis_records r JOIN tickers t2 ON t2.ticker = r.symbol
                            WHERE r.score IS NOT NULL AND r.answered_questions >= $1)
            ORDER BY t.cik, CASE WHEN t.rank IS NULL THEN 1 ELSE 0 END, t.rank, t.ticker";
        let pairs: Vec<(i64, String)> = with_pool!(self, pool => sqlx::query_as(issuers_sql)
            .bind(i32::from(PROVISIONAL_BELOW))
            .fetch_all(pool)
            .await?);
        let mut issuers: std::collections::HashMap<i64, Vec<String>> =
            std::collections::HashMap::new();
        for (cik, ticker) in pairs {
            issuers.entry(cik).or_default().push(ticker);
        }
        let mut companies = std::collections::HashSet::new();
        let mut top = Vec::new();
        for (symbol, score, company_name, cik) in rows {
            if top.len() as i64 >= limit {
                break;
            }
            if let Some(cik) = cik {
                let issuer = issuers.get(&cik).map(Vec::as_slice).unwrap_or_default();
                if matches!(classify(&symbol, issuer), SecurityKind::NotCommon { .. })
                    || !companies.insert(cik)
                {
                    continue;
                }
            }
            top.push(TopStock {
                symbol,
                score,
                company_name,
            });
        }
        Ok(top)
    }
}
