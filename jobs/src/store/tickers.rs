//! The SEC ticker directory: bulk replacement by the `LoadTickers` job and the ranked
//! server-side search behind `GET /api/tickers/search`.

use super::transaction::BeginWrite;
use serde::Serialize;

use super::{Store, StoreResult};
use crate::market_data::TickerEntry;

/// One search hit, as the browser receives it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, sqlx::FromRow, ts_rs::TS)]
pub struct TickerHit {
    pub ticker: String,
    pub name: String,
}

/// A company found by its ticker.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, sqlx::FromRow)]
pub struct TickerRow {
    pub ticker: String,
    pub cik: i64,
    pub name: String,
    pub exchange: Option<String>,
}

/// A directory row with its search signals.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct DirectoryEntry {
    pub ticker: String,
    pub cik: i64,
    pub name: String,
    pub exchange: Option<String>,
    /// Position in SEC's list (ordered by company size); `None` for rows loaded before ranks.
    pub rank: Option<i32>,
}

impl From<DirectoryEntry> for TickerRow {
    fn from(entry: DirectoryEntry) -> Self {
        TickerRow {
            ticker: entry.ticker,
            cik: entry.cik,
            name: entry.name,
            exchange: entry.exchange,
        }
    }
}

/// The columns of a [`DirectoryEntry`], and SEC's order (tickers loaded before ranks existed
/// last): the directory's three readers differ only in their `WHERE`.
const ENTRY_COLUMNS: &str = "SELECT ticker, cik, name, exchange, rank FROM tickers";
const SEC_ORDER: &str = " ORDER BY CASE WHEN rank IS NULL THEN 1 ELSE 0 END, rank, ticker";

impl Store {
    /// Replaces the directory with `entries` in one transaction, so searches never see a
    /// half-loaded list. Returns the number of tickers stored.
    #[tracing::instrument(skip_all, err, fields(count = entries.len()))]
    pub async fn replace_tickers(&self, entries: &[TickerEntry]) -> StoreResult<u64> {
        // Bind parameters per statement are limited (SQLite 32766), so insert in chunks.
        // `entries` must be in SEC's order (by company size): a ticker's position is its rank.
        const CHUNK: usize = 500;
        with_pool!(self, pool => {{
                let mut tx = pool.begin_write().await?;
                sqlx::query("DELETE FROM tickers").execute(&mut *tx).await?;
                let mut stored = 0;
                for (chunk_index, chunk) in entries.chunks(CHUNK).enumerate() {
                    let stored_rows = chunk_index * CHUNK;
                    let mut sql = String::from("INSERT INTO tickers (ticker, cik, name, exchange, rank) VALUES ");
                    for i in 0..chunk.len() {
                        let n = i * 5;
                        if i > 0 {
                            sql.push(',');
                        }
                        sql.push_str(&format!("(${}, ${}, ${}, ${}, ${})", n + 1, n + 2, n + 3, n + 4, n + 5));
                    }
                    sql.push_str(" ON CONFLICT (ticker) DO NOTHING");
                    let mut query = sqlx::query(sqlx::AssertSqlSafe(sql.as_str()));
                    for (offset, entry) in chunk.iter().enumerate() {
                        // SEC's list is ordered by company size: its position is the rank.
                        let rank = i32::try_from(stored_rows + offset).unwrap_or(i32::MAX);
                        query = query
                            .bind(&entry.ticker)
                            .bind(entry.cik)
                            .bind(&entry.name)
                            .bind(&entry.exchange)
                            .bind(rank);
                    }
                    stored += query.execute(&mut *tx).await?.rows_affected();
                }
                tx.commit().await?;
                Ok(stored)
        }})
    }

    /// Every ticker with its company name (the API searches them in memory).
    pub async fn all_tickers(&self) -> StoreResult<Vec<TickerHit>> {
        let sql = "SELECT ticker, name FROM tickers ORDER BY ticker";
        Ok(with_pool!(self, pool => sqlx::query_as(sql).fetch_all(pool).await?))
    }

    /// The whole directory with what search ranks by (exchange, position in SEC's list), in
    /// SEC's order (tickers loaded before ranks existed last).
    pub async fn ticker_directory(&self) -> StoreResult<Vec<DirectoryEntry>> {
        with_pool!(self, pool => {
            let mut query = sqlx::QueryBuilder::new(ENTRY_COLUMNS);
            query.push(SEC_ORDER);
            Ok(query.build_query_as().fetch_all(pool).await?)
        })
    }

    /// The directory's entries of the companies of `symbols` (every ticker of each), in SEC's
    /// order.
    pub async fn ticker_directory_of(
        &self,
        symbols: &[String],
    ) -> StoreResult<Vec<DirectoryEntry>> {
        if symbols.is_empty() {
            return Ok(Vec::new());
        }
        with_pool!(self, pool => {
            let mut query = sqlx::QueryBuilder::new(ENTRY_COLUMNS);
            query.push(" WHERE cik IN (SELECT cik FROM tickers WHERE ticker IN (");
            let mut list = query.separated(", ");
            for symbol in symbols {
                list.push_bind(symbol);
            }
            query.push("))").push(SEC_ORDER);
            Ok(query.build_query_as().fetch_all(pool).await?)
        })
    }

    /// The directory's entries of the companies `ciks` (every ticker of each), in SEC's order
    /// within each thousand CIKs (read a thousand at a time, below every database's limit on
    /// bound values).
    pub async fn ticker_directory_of_companies(
        &self,
        ciks: &[i64],
    ) -> StoreResult<Vec<DirectoryEntry>> {
        let mut entries = Vec::new();
        for chunk in ciks.chunks(1000) {
            with_pool!(self, pool => {
                let mut query = sqlx::QueryBuilder::new(ENTRY_COLUMNS);
                query.push(" WHERE cik IN (");
                let mut list = query.separated(", ");
                for cik in chunk {
                    list.push_bind(*cik);
                }
                query.push(")").push(SEC_ORDER);
                entries.extend(query.build_query_as::<DirectoryEntry>().fetch_all(pool).await?);
            });
        }
        Ok(entries)
    }

    /// Finds one company by its ticker (case-insensitive).
    #[tracing::instrument(skip(self), err)]
    pub async fn find_ticker(&self, ticker: &str) -> StoreResult<Option<TickerRow>> {
        let sql = "SELECT ticker, cik, name, exchange FROM tickers WHERE ticker = $1";
        let ticker = ticker.trim().to_uppercase();
        Ok(with_pool!(self, pool => sqlx::query_as(sql).bind(&ticker).fetch_optional(pool).await?))
    }

    /// All tickers of the company `cik`, its main listing first (SEC's order; tickers loaded
    /// before ranks existed last, alphabetically).
    pub async fn issuer_tickers(&self, cik: i64) -> StoreResult<Vec<String>> {
        let sql = "SELECT ticker FROM tickers WHERE cik = $1
            ORDER BY CASE WHEN rank IS NULL THEN 1 ELSE 0 END, rank, ticker";
        Ok(with_pool!(self, pool => sqlx::query_scalar(sql).bind(cik).fetch_all(pool).await?))
    }

    /// Whether the directory was loaded today (UTC): the scheduler refreshes it daily.
    pub async fn tickers_loaded_today(&self) -> StoreResult<bool> {
        let sql = "SELECT MAX(updated_at) FROM tickers";
        let latest: Option<chrono::DateTime<chrono::Utc>> =
            with_pool!(self, pool => sqlx::query_scalar(sql).fetch_one(pool).await?);
        Ok(latest.is_some_and(|t| t.date_naive() == chrono::Utc::now().date_naive()))
    }

    /// How many tickers the directory holds.
    pub async fn ticker_count(&self) -> StoreResult<i64> {
        let sql = "SELECT COUNT(*) FROM tickers";
        Ok(with_pool!(self, pool => sqlx::query_scalar(sql).fetch_one(pool).await?))
    }
}
