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
    /// Bytes stored for the stock (UTF-8 text lengths summed).
    #[ts(type = "number")]
    pub data_size: i64,
    pub has_data: bool,
    pub last_updated: Option<DateTime<Utc>>,
}

/// The query, with `bytes(x)` spelled per database: SQLite's `length` counts characters of
/// text, so the text is cast to a blob first; Postgres has `octet_length` (JSONB as text).
fn sql(bytes: fn(&str) -> String) -> String {
    let notes = std::iter::once("ten_k_date")
        .chain(SECTIONS.iter().map(|(_, column)| *column))
        .map(|column| format!("COALESCE({}, 0)", bytes(column)))
        .collect::<Vec<_>>()
        .join(" + ");
    format!(
        "SELECT symbol, CAST(SUM(size) AS BIGINT) AS data_size, MAX(at) AS last_updated FROM (
            SELECT symbol, {cache} AS size, updated_at AS at FROM python_analysis_cache
            UNION ALL SELECT symbol, {record}, computed_at FROM stock_analysis_records
            UNION ALL SELECT symbol, {notes}, updated_at FROM stock_analysis
            UNION ALL SELECT symbol, COALESCE({doc}, 0), uploaded_at FROM rag_documents
        ) AS parts GROUP BY symbol ORDER BY symbol",
        cache = bytes("data"),
        record = bytes("record"),
        doc = bytes("content"),
    )
}

#[derive(sqlx::FromRow)]
struct Row {
    symbol: String,
    data_size: i64,
    last_updated: Option<DateTime<Utc>>,
}

impl Store {
    /// Every stock with anything stored, alphabetically.
    pub async fn kv_stocks(&self) -> StoreResult<Vec<KvStock>> {
        let sqlite = sql(|c| format!("length(CAST({c} AS BLOB))"));
        let postgres = sql(|c| format!("octet_length({c}::text)"));
        let rows: Vec<Row> = per_backend!(self,
            sqlite(pool) => sqlx::query_as(AssertSqlSafe(sqlite.as_str())).fetch_all(pool).await?,
            postgres(pool) => sqlx::query_as(AssertSqlSafe(postgres.as_str())).fetch_all(pool).await?,
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
}
