//! The admin storage page (`/admin/kv`): how many bytes each stock holds across the
//! analysis text (`python_analysis_cache`), the analysis record (`stock_analysis_records`),
//! the notes (`stock_analysis`) and its documents (`rag_documents`, extracted text), and when
//! any of them last changed. Both are kept by database triggers as the four tables are
//! written (`migrations/*/0027_kept_storage_and_trending.sql`), so the page and its totals
//! never read the values themselves.

use chrono::{DateTime, Utc};
use serde::Serialize;

use super::{Store, StoreResult};

/// One stock on the storage page (the spec's "KV stock entry").
#[derive(Debug, Clone, PartialEq, Eq, Serialize, sqlx::FromRow, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct KvStock {
    pub symbol: String,
    /// Bytes stored for the stock, before any compression: text lengths in UTF-8 summed (on
    /// Postgres the analysis record counts at its JSONB size).
    #[ts(type = "number")]
    pub data_size: i64,
    pub has_data: bool,
    pub last_updated: Option<DateTime<Utc>>,
}

/// The storage page's totals (its three cards), over every stock.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, sqlx::FromRow, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct KvTotals {
    /// Stocks with at least one byte stored.
    #[ts(type = "number")]
    pub stocks: i64,
    #[ts(type = "number")]
    pub total_bytes: i64,
}

/// How many stocks a page of the storage list holds at most.
pub const KV_PAGE_MAX: i64 = 500;

/// A row of `stock_storage`, kept by triggers on the four tables (migration 0027): one
/// size and one time of last change per kind of stored value.
#[derive(sqlx::FromRow)]
struct Row {
    symbol: String,
    data_size: i64,
    cache_at: Option<DateTime<Utc>>,
    record_at: Option<DateTime<Utc>>,
    notes_at: Option<DateTime<Utc>>,
    documents_at: Option<DateTime<Utc>>,
}

impl Store {
    /// Up to `limit` stocks with anything stored, alphabetically after `after`; a page
    /// shorter than `limit` is the last. Reads the first rows of the kept sizes' index.
    pub async fn kv_stocks_page(&self, after: &str, limit: i64) -> StoreResult<Vec<KvStock>> {
        let limit = limit.clamp(1, KV_PAGE_MAX);
        let sql = "SELECT symbol, CAST(cache_bytes + record_bytes + notes_bytes + documents_bytes AS BIGINT) AS data_size,
                cache_at, record_at, notes_at, documents_at
            FROM stock_storage WHERE symbol > $1 ORDER BY symbol LIMIT $2";
        let rows: Vec<Row> = with_pool!(self, pool => sqlx::query_as(sql).bind(after).bind(limit).fetch_all(pool).await?);
        Ok(rows
            .into_iter()
            .map(|row| KvStock {
                has_data: row.data_size > 0,
                last_updated: [row.cache_at, row.record_at, row.notes_at, row.documents_at]
                    .into_iter()
                    .flatten()
                    .max(),
                symbol: row.symbol,
                data_size: row.data_size,
            })
            .collect())
    }

    /// The storage page's totals over every stock: the sum of a few dozen kept rows (one per
    /// last character of the symbol), however many stocks there are.
    pub async fn kv_totals(&self) -> StoreResult<KvTotals> {
        let sql = "SELECT CAST(COALESCE(SUM(stocks), 0) AS BIGINT) AS stocks, CAST(COALESCE(SUM(bytes), 0) AS BIGINT) AS total_bytes
            FROM storage_totals";
        Ok(with_pool!(self, pool => sqlx::query_as(sql).fetch_one(pool).await?))
    }
}
