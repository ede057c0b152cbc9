//! Quarterly trends (`ai_stock_analysis_data`): one row per symbol and quarter with the 12
//! question scores, the structured record it was computed from (migration 0011) and why the
//! score was provisional. The latest analysis writes its quarter's row (`save_analysis`); a
//! past quarter is written by [`Store::save_quarter_analysis`] without touching the latest
//! analysis. The comparison itself is `crate::trends`.

use chrono::{DateTime, Utc};
use sqlx::types::Json;

use super::{Backend, Store, StoreResult, transaction::BeginWrite};
use crate::analysis::AnalysisRecord;

/// Upserts the quarterly row of `$record` under `$quarter` on `$executor` (a pool or a
/// transaction of either backend): one SQL text, used by the latest analysis and by a past
/// quarter's alike, so both rows carry the same columns.
macro_rules! upsert_quarter_row {
    ($executor:expr, $record:expr, $quarter:expr, $at:expr) => {{
        let record: &$crate::analysis::AnalysisRecord = $record;
        let mut query = sqlx::query(
            "INSERT INTO ai_stock_analysis_data (stock_symbol, company_name, industry, sector, overall_score,
               q1_revenue_growth, q2_revenue_vs_expense, q3_earnings, q4_margin, q5_cash_flow, q6_debt,
               q7_yield_comparison, q8_forward_returns, q9_price_ratios, q10_ownership_dilution,
               q11_ownership_structure, q12_short_seller, analysis_quarter, analysis_date, record, provisional_reason)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21)
             ON CONFLICT (stock_symbol, analysis_quarter) DO UPDATE SET company_name = excluded.company_name,
               industry = excluded.industry, sector = excluded.sector, overall_score = excluded.overall_score,
               q1_revenue_growth = excluded.q1_revenue_growth, q2_revenue_vs_expense = excluded.q2_revenue_vs_expense,
               q3_earnings = excluded.q3_earnings, q4_margin = excluded.q4_margin, q5_cash_flow = excluded.q5_cash_flow,
               q6_debt = excluded.q6_debt, q7_yield_comparison = excluded.q7_yield_comparison,
               q8_forward_returns = excluded.q8_forward_returns, q9_price_ratios = excluded.q9_price_ratios,
               q10_ownership_dilution = excluded.q10_ownership_dilution,
               q11_ownership_structure = excluded.q11_ownership_structure,
               q12_short_seller = excluded.q12_short_seller, analysis_date = excluded.analysis_date,
               record = excluded.record, provisional_reason = excluded.provisional_reason",
        )
        .bind(&record.symbol)
        .bind(&record.company_name)
        .bind(&record.industry)
        .bind(&record.sector)
        .bind(i32::from(record.score));
        for i in 0..12 {
            let score = record.questions.get(i).and_then(|q| q.score).map(i32::from);
            query = query.bind(score);
        }
        let reason = if record.provisional {
            record.provisional_reason.clone()
        } else {
            None
        };
        query
            .bind($quarter)
            .bind($at)
            .bind(sqlx::types::Json(record))
            .bind(reason)
            .execute($executor)
            .await?
    }};
}
pub(crate) use upsert_quarter_row;

/// Postgres only, first in a transaction that stores a quarter's row: one writer per symbol
/// at a time, so [`keep_score_change!`] reads the other writer's quarter (SQLite writers are
/// one at a time anyway). The first key keeps these locks apart from other advisory locks.
pub(crate) const LOCK_SYMBOL_QUARTERS: &str = "SELECT pg_advisory_xact_lock(27, hashtext($1))";

/// Rewrites `$symbol`'s row of `score_changes` from its newest two stored quarters (none
/// when it has fewer), on `$executor`, after one of its quarters was stored: what the trends'
/// movers and changes list read instead of every quarter of every symbol.
macro_rules! keep_score_change {
    ($executor:expr, $symbol:expr) => {{
        let symbol: &str = $symbol;
        sqlx::query("DELETE FROM score_changes WHERE symbol = $1")
            .bind(symbol)
            .execute($executor)
            .await?;
        sqlx::query(
            "INSERT INTO score_changes (symbol, current_quarter, previous_quarter, score_change)
             SELECT cur.stock_symbol, cur.analysis_quarter, prev.analysis_quarter, cur.overall_score - prev.overall_score
             FROM (SELECT stock_symbol, analysis_quarter, overall_score FROM ai_stock_analysis_data
                    WHERE stock_symbol = $1 ORDER BY analysis_quarter DESC LIMIT 1) cur
             JOIN (SELECT stock_symbol, analysis_quarter, overall_score FROM ai_stock_analysis_data
                    WHERE stock_symbol = $1 ORDER BY analysis_quarter DESC LIMIT 1 OFFSET 1) prev
               ON prev.stock_symbol = cur.stock_symbol",
        )
        .bind(symbol)
        .execute($executor)
        .await?;
    }};
}
pub(crate) use keep_score_change;

/// Which way a score moved, for [`Store::score_moves`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Move {
    Rise,
    Fall,
}

/// The columns a [`QuarterRow`] reads (the record is read only where it is needed), as a
/// literal so the queries stay static SQL.
macro_rules! row_columns {
    () => {
        "stock_symbol, company_name, industry, sector, overall_score,
    q1_revenue_growth, q2_revenue_vs_expense, q3_earnings, q4_margin, q5_cash_flow, q6_debt,
    q7_yield_comparison, q8_forward_returns, q9_price_ratios, q10_ownership_dilution,
    q11_ownership_structure, q12_short_seller, analysis_quarter, analysis_date, provisional_reason"
    };
}

/// One symbol's stored quarter, without its record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct QuarterRow {
    pub symbol: String,
    pub company_name: Option<String>,
    pub industry: Option<String>,
    pub sector: Option<String>,
    pub score: Option<i32>,
    /// The 12 question scores (`None`: not enough data).
    pub questions: [Option<i32>; 12],
    /// `2026-Q3`.
    pub quarter: String,
    pub analysis_date: DateTime<Utc>,
    /// Set when the score was provisional (fewer than 9 of 12 answered).
    pub provisional_reason: Option<String>,
}

impl QuarterRow {
    /// How many of the 12 questions were answered.
    pub fn answered(&self) -> u8 {
        self.questions.iter().filter(|q| q.is_some()).count() as u8
    }
}

impl<'r, R: sqlx::Row> sqlx::FromRow<'r, R> for QuarterRow
where
    &'r str: sqlx::ColumnIndex<R>,
    String: sqlx::Decode<'r, R::Database> + sqlx::Type<R::Database>,
    i32: sqlx::Decode<'r, R::Database> + sqlx::Type<R::Database>,
    DateTime<Utc>: sqlx::Decode<'r, R::Database> + sqlx::Type<R::Database>,
{
    fn from_row(row: &'r R) -> Result<Self, sqlx::Error> {
        const QUESTIONS: [&str; 12] = [
            "q1_revenue_growth",
            "q2_revenue_vs_expense",
            "q3_earnings",
            "q4_margin",
            "q5_cash_flow",
            "q6_debt",
            "q7_yield_comparison",
            "q8_forward_returns",
            "q9_price_ratios",
            "q10_ownership_dilution",
            "q11_ownership_structure",
            "q12_short_seller",
        ];
        let mut questions = [None; 12];
        for (slot, column) in questions.iter_mut().zip(QUESTIONS) {
            *slot = row.try_get(column)?;
        }
        Ok(QuarterRow {
            symbol: row.try_get("stock_symbol")?,
            company_name: row.try_get("company_name")?,
            industry: row.try_get("industry")?,
            sector: row.try_get("sector")?,
            score: row.try_get("overall_score")?,
            questions,
            quarter: row.try_get("analysis_quarter")?,
            analysis_date: row.try_get("analysis_date")?,
            provisional_reason: row.try_get("provisional_reason")?,
        })
    }
}

/// A stored quarter with the record it was computed from (`None` for rows stored before the
/// records were kept).
#[derive(Debug, Clone)]
pub struct QuarterWithRecord {
    pub row: QuarterRow,
    pub record: Option<AnalysisRecord>,
}

impl Store {
    /// Stores an analysis of a past quarter: only that quarter's row, never the symbol's
    /// latest analysis (the page keeps showing the newest one).
    #[tracing::instrument(skip_all, err, fields(symbol = %record.symbol, quarter))]
    pub async fn save_quarter_analysis(
        &self,
        record: &AnalysisRecord,
        quarter: &str,
        computed_at: DateTime<Utc>,
    ) -> StoreResult<()> {
        let locks = self.backend() == Backend::Postgres;
        with_pool!(self, pool => {
            let mut tx = pool.begin_write().await?;
            if locks {
                sqlx::query(LOCK_SYMBOL_QUARTERS).bind(&record.symbol).execute(&mut *tx).await?;
            }
            upsert_quarter_row!(&mut *tx, record, quarter, computed_at);
            keep_score_change!(&mut *tx, &record.symbol);
            tx.commit().await?;
        });
        Ok(())
    }

    /// The newest two quarters of the first `limit` symbols after `after` (alphabetically)
    /// with two stored quarters, newest first per symbol: a page of the quarterly changes.
    #[tracing::instrument(skip(self), err)]
    pub async fn latest_two_quarters_page(
        &self,
        after: &str,
        limit: i64,
    ) -> StoreResult<Vec<QuarterRow>> {
        const SQL: &str = concat!(
            "SELECT ",
            row_columns!(),
            " FROM (SELECT symbol, current_quarter, previous_quarter FROM score_changes
               WHERE symbol > $1 ORDER BY symbol LIMIT $2) c
             JOIN ai_stock_analysis_data d ON d.stock_symbol = c.symbol
               AND d.analysis_quarter IN (c.current_quarter, c.previous_quarter)
             ORDER BY stock_symbol, analysis_quarter DESC"
        );
        Ok(
            with_pool!(self, pool => sqlx::query_as(SQL).bind(after).bind(limit).fetch_all(pool).await?),
        )
    }

    /// The newest two quarters of the `limit` symbols whose score rose (or fell) most
    /// between them, biggest move first (ties by symbol), newest quarter first per symbol:
    /// the first rows of an index of `score_changes`.
    #[tracing::instrument(skip(self), err)]
    pub async fn score_moves(&self, direction: Move, limit: i64) -> StoreResult<Vec<QuarterRow>> {
        const RISES: &str = concat!(
            "SELECT ", row_columns!(), " FROM (SELECT symbol, current_quarter, previous_quarter, score_change FROM score_changes
               WHERE score_change > 0 ORDER BY score_change DESC, symbol LIMIT $1) c
             JOIN ai_stock_analysis_data d ON d.stock_symbol = c.symbol
               AND d.analysis_quarter IN (c.current_quarter, c.previous_quarter)
             ORDER BY c.score_change DESC, stock_symbol, analysis_quarter DESC"
        );
        const FALLS: &str = concat!(
            "SELECT ", row_columns!(), " FROM (SELECT symbol, current_quarter, previous_quarter, score_change FROM score_changes
               WHERE score_change < 0 ORDER BY score_change, symbol LIMIT $1) c
             JOIN ai_stock_analysis_data d ON d.stock_symbol = c.symbol
               AND d.analysis_quarter IN (c.current_quarter, c.previous_quarter)
             ORDER BY c.score_change, stock_symbol, analysis_quarter DESC"
        );
        let sql = match direction {
            Move::Rise => RISES,
            Move::Fall => FALLS,
        };
        Ok(with_pool!(self, pool => sqlx::query_as(sql).bind(limit).fetch_all(pool).await?))
    }

    /// `symbol`'s newest `limit` quarters, newest first.
    #[tracing::instrument(skip(self), err)]
    pub async fn quarter_history(&self, symbol: &str, limit: i64) -> StoreResult<Vec<QuarterRow>> {
        const SQL: &str = concat!(
            "SELECT ",
            row_columns!(),
            " FROM ai_stock_analysis_data WHERE stock_symbol = $1
             ORDER BY analysis_quarter DESC LIMIT $2"
        );
        Ok(
            with_pool!(self, pool => sqlx::query_as(SQL).bind(symbol).bind(limit).fetch_all(pool).await?),
        )
    }

    /// `symbol`'s newest two quarters with their records, newest first (fewer when fewer are
    /// stored): what a change is explained from.
    pub async fn latest_quarter_records(
        &self,
        symbol: &str,
    ) -> StoreResult<Vec<QuarterWithRecord>> {
        self.quarter_records(symbol, 2).await
    }

    /// `symbol`'s newest `limit` quarters with their records, newest first.
    #[tracing::instrument(skip(self), err)]
    pub async fn quarter_records(
        &self,
        symbol: &str,
        limit: i64,
    ) -> StoreResult<Vec<QuarterWithRecord>> {
        const SQL: &str = concat!(
            "SELECT ",
            row_columns!(),
            ", record FROM ai_stock_analysis_data WHERE stock_symbol = $1
             ORDER BY analysis_quarter DESC LIMIT $2"
        );
        with_pool!(self, pool => {
            let rows = sqlx::query(SQL).bind(symbol).bind(limit).fetch_all(pool).await?;
            let mut out = Vec::with_capacity(rows.len());
            for row in &rows {
                use sqlx::{FromRow, Row};
                let record: Option<Json<AnalysisRecord>> = row.try_get("record")?;
                out.push(QuarterWithRecord {
                    row: QuarterRow::from_row(row)?,
                    record: record.map(|Json(r)| r),
                });
            }
            Ok(out)
        })
    }
}
