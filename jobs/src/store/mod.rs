//! All SQL of the product, for both databases. `Store` is chosen once at start-up from the
//! database URL and held as an enum so callers stay concrete; each resource lives in its own
//! file with native SQL per backend.

/// Runs one expression against whichever pool the store holds. Queries written with `$N`
/// placeholders run unchanged on both backends; the body is compiled once per pool type.
/// This is the rule: one SQL text for both databases.
macro_rules! with_pool {
    ($store:expr, $pool:ident => $body:expr) => {
        match $store {
            $crate::store::Store::Sqlite($pool) => $body,
            $crate::store::Store::Postgres($pool) => $body,
        }
    };
}

/// The one visible exception to `with_pool!`: where the two databases must differ (the job
/// library's tables and types, full-text search, date arithmetic), each side is written out.
/// `per_backend!(store, sqlite(pool) => .., postgres(pool) => ..)` runs one of two
/// expressions; `per_backend!(store, sqlite: a, postgres: b)` picks one of two values.
macro_rules! per_backend {
    ($store:expr, sqlite($sp:ident) => $sqlite:expr, postgres($pp:ident) => $postgres:expr $(,)?) => {
        match $store {
            $crate::store::Store::Sqlite($sp) => $sqlite,
            $crate::store::Store::Postgres($pp) => $postgres,
        }
    };
    ($store:expr, sqlite: $sqlite:expr, postgres: $postgres:expr $(,)?) => {
        match $store {
            $crate::store::Store::Sqlite(_) => $sqlite,
            $crate::store::Store::Postgres(_) => $postgres,
        }
    };
}

pub mod analyses;
pub mod analysis_changes;
pub mod anonymous;
pub mod apalis;
pub mod bug_reports;
pub mod channel_feed;
mod connect;
pub mod content;
mod error;
pub mod fleet_status;
pub mod job_actions;
pub mod job_history;
pub mod notes;
pub mod outbox;
pub mod progress;
pub mod refunds;
pub mod resets;
pub mod sessions;
pub mod sqlite_wal;
pub mod tickers;
pub mod transaction;
pub mod usage;
pub mod users;
// The assistant.
pub mod chat_credits;
pub mod chat_log;
pub mod passages;
// The admin area.
pub mod notes_admin;
pub mod storage;
// Payments.
pub mod purchases;
// Batch re-analysis.
pub mod batches;
// Newsletters.
pub mod newsletters;
// Schedules.
pub mod schedules;
// Quarterly trends.
pub mod trending;
pub mod trends;
// Each question's statistics per peer group.
pub mod sector_stats;
// Document uploads.
pub mod documents;

use sqlx::{PgPool, SqlitePool};

pub use connect::postgres_options;
pub use error::{StoreError, StoreResult};
pub use transaction::{StoreTx, TxConnection};

/// Which database a store talks to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

/// The product's storage: one SQLite file (embedded mode) or a Postgres database (scale-out).
#[derive(Clone, Debug)]
pub enum Store {
    Sqlite(SqlitePool),
    Postgres(PgPool),
}

impl Store {
    /// Connects to the database named by `url` (see [`crate::settings::DatabaseUrl`]).
    #[tracing::instrument(skip_all, err)]
    pub async fn connect(url: &crate::settings::DatabaseUrl) -> StoreResult<Store> {
        connect::connect(url).await
    }

    pub fn backend(&self) -> Backend {
        match self {
            Store::Sqlite(_) => Backend::Sqlite,
            Store::Postgres(_) => Backend::Postgres,
        }
    }

    /// Applies our migrations (history table `app_migrations`) and the job library's own.
    #[tracing::instrument(skip_all, err)]
    pub async fn migrate(&self) -> StoreResult<()> {
        per_backend!(self,
            sqlite(pool) => {
                // The job library's tables first (ours seed planner statistics for them).
                // Not `SqliteStorage::setup()`: it would switch a pooled connection to
                // `synchronous=OFF`. The library keeps its history in `_sqlx_migrations`.
                apalis_sqlite::SqliteStorage::migrations().run(pool).await?;
                let mut ours = sqlx::migrate!("../migrations/sqlite");
                ours.dangerous_set_table_name("app_migrations");
                ours.run(pool).await?;
            },
            postgres(pool) => {
                apalis_postgres::PostgresStorage::<()>::migrations()
                    .run(pool)
                    .await?;
                let mut ours = sqlx::migrate!("../migrations/postgres");
                ours.dangerous_set_table_name("app_migrations");
                ours.run(pool).await?;
            }
        );
        Ok(())
    }

    /// A cheap round trip, for readiness checks.
    pub async fn ping(&self) -> StoreResult<()> {
        with_pool!(self, pool => {
            sqlx::query("SELECT 1").execute(pool).await?;
        });
        Ok(())
    }

    pub async fn close(&self) {
        with_pool!(self, pool => pool.close().await)
    }
}

/// Escapes LIKE wildcards (with `\\` as the escape character) so user text matches literally.
pub(crate) fn escape_like(text: &str) -> String {
    text.replace('\\', "\\\\")
        .replace('%', "\\%")
        .replace('_', "\\_")
}
// The 10-K auto-analysis.
pub mod tenk;
// Watchlists, alerts and the weekly digest.
pub mod watchlist;
// Personal access tokens (the MCP endpoint).
pub mod access_tokens;
// The nightly scoring of every filer from SEC's bulk files.
pub mod market_runs;
