//! The admin storage page (`/admin/kv`): how many bytes each stock holds across the
//! analysis text (`python_analysis_cache`), the analysis record (`stock_analysis_records`),
//! the notes (`stock_analysis`) and its documents (`rag_documents`, extracted text), and when
//! any of them last changed.

use chrono::{DateTime, Utc};
use serde::Serialize;
use sqlx::AssertSqlSafe;

use super::{Store, StoreResult, notes_admin::SECTIONS};

/// One stock on the storage page (the spec's "KV stock entry").
#[derive(Debug, Clone, PartialEq, Eq, Serialize, sqlx::FromRow, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct KvStock {
    pub symbol: String,
    /// Bytes stored for the stock: text lengths in UTF-8 summed (on Postgres the analysis
    /// record counts as stored, compressed).
    #[ts(type = "number")]
    pub data_size: i64,
    pub has_data: bool,
    pub last_updated: Option<DateTime<Utc>>,
}

/// How the analysis record's size is read per database. Every other value is text, measured
/// with `octet_length` on both (SQLite reads the length from the value's header, Postgres from
/// its TOAST pointer); Postgres JSONB is measured as stored (`pg_column_size`) rather than
/// converted to text. Neither reads the value itself.
const SQLITE_RECORD: &str = "octet_length(record)";
const POSTGRES_RECORD: &str = "pg_column_size(record)";

/// Each stock's size and last change, over the stocks the `symbols` subquery names (`$1`,
/// `$2` bound by the caller).
fn sizes_sql(record_bytes: &str, symbols: &str) -> String {
    let bytes = |column: &str| format!("octet_length({column})");
    let notes = std::iter::once("ten_k_date")
        .chain(SECTIONS.iter().map(|(_, column)| *column))
        .map(|column| format!("COALESCE({}, 0)", bytes(column)))
        .collect::<Vec<_>>()
        .join(" + ");
    format!(
        "WITH page AS ({symbols})
         SELECT symbol, CAST(SUM(size) AS BIGINT) AS data_size, MAX(at) AS last_updated FROM (
            SELECT symbol, {cache} AS size, updated_at AS at FROM python_analysis_cache WHERE symbol IN (SELECT symbol FROM page)
            UNION ALL SELECT symbol, {record_bytes}, computed_at FROM stock_analysis_records WHERE symbol IN (SELECT symbol FROM page)
            UNION ALL SELECT symbol, {notes}, updated_at FROM stock_analysis WHERE symbol IN (SELECT symbol FROM page)
            UNION ALL SELECT symbol, COALESCE({doc}, 0), uploaded_at FROM rag_documents WHERE symbol IN (SELECT symbol FROM page)
        ) AS parts GROUP BY symbol ORDER BY symbol",
        cache = bytes("data"),
        doc = bytes("content"),
    )
}

/// The first `$2` stocks with anything stored, alphabetically after `$1`: each table's own
/// first `$2` (an index range), merged.
const PAGE: &str = "SELECT symbol FROM (
        SELECT symbol FROM (SELECT symbol FROM python_analysis_cache WHERE symbol > $1 ORDER BY symbol LIMIT $2) a
        UNION SELECT symbol FROM (SELECT symbol FROM stock_analysis_records WHERE symbol > $1 ORDER BY symbol LIMIT $2) b
        UNION SELECT symbol FROM (SELECT symbol FROM stock_analysis WHERE symbol > $1 ORDER BY symbol LIMIT $2) c
        UNION SELECT symbol FROM (SELECT DISTINCT symbol FROM rag_documents WHERE symbol > $1 ORDER BY symbol LIMIT $2) d
    ) AS stocks ORDER BY symbol LIMIT $2";

/// Every stock with anything stored.
const ALL: &str =
    "SELECT symbol FROM python_analysis_cache UNION SELECT symbol FROM stock_analysis_records
    UNION SELECT symbol FROM stock_analysis UNION SELECT symbol FROM rag_documents";

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

#[derive(sqlx::FromRow)]
struct Row {
    symbol: String,
    data_size: i64,
    last_updated: Option<DateTime<Utc>>,
}

impl Store {
    /// Up to `limit` stocks with anything stored, alphabetically after `after`; a page
    /// shorter than `limit` is the last.
    pub async fn kv_stocks_page(&self, after: &str, limit: i64) -> StoreResult<Vec<KvStock>> {
        let limit = limit.clamp(1, KV_PAGE_MAX);
        let rows: Vec<Row> = per_backend!(self,
            sqlite(pool) => sqlx::query_as(AssertSqlSafe(sizes_sql(SQLITE_RECORD, PAGE))).bind(after).bind(limit).fetch_all(pool).await?,
            postgres(pool) => sqlx::query_as(AssertSqlSafe(sizes_sql(POSTGRES_RECORD, PAGE))).bind(after).bind(limit).fetch_all(pool).await?,
        );
        Ok(rows
            .into_iter()
            .map(|row| KvStock {
                symbol: row.symbol,
                data_size: row.data_size,
                has_data: row.data_size > 0,
                last_updated: row.last_updated,
            })
            .collect())
    }

    /// The storage page's totals over every stock. Reads each stored value's length only
    /// (see [`SQLITE_RECORD`]), never the value.
    pub async fn kv_totals(&self) -> StoreResult<KvTotals> {
        let totals = |record_bytes: &str| {
            format!(
                "SELECT CAST(COUNT(*) AS BIGINT) AS stocks, CAST(COALESCE(SUM(data_size), 0) AS BIGINT) AS total_bytes
                 FROM ({}) AS sized WHERE data_size > 0",
                sizes_sql(record_bytes, ALL)
            )
        };
        Ok(per_backend!(self,
            sqlite(pool) => sqlx::query_as(AssertSqlSafe(totals(SQLITE_RECORD))).fetch_one(pool).await?,
            postgres(pool) => sqlx::query_as(AssertSqlSafe(totals(POSTGRES_RECORD))).fetch_one(pool).await?,
        ))
    }
}
