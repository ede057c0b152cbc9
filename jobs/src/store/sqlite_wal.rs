//! Keeping SQLite's write-ahead log bounded. SQLite copies the log back into the database
//! (a checkpoint) every 1,000 pages on its own, but only as far as the oldest open read
//! allows, and it never shrinks the file: with reads always in flight (pages being served,
//! workers polling) a seeded database's log had grown to 2.5 GB. The rule: the process that
//! runs the workers asks for a full checkpoint every [`CHECKPOINT_EVERY`], which waits briefly
//! for the readers of the moment and then restarts the log from its beginning, and
//! `journal_size_limit` makes each such restart cut the file back to
//! [`JOURNAL_SIZE_LIMIT`]. So the log holds at most a minute of writes beyond that size.

use std::time::Duration;

use super::{Store, StoreResult};

/// The log file's size after a checkpoint that empties it, in bytes.
pub const JOURNAL_SIZE_LIMIT: u64 = 64 * 1024 * 1024;
/// How often the worker process asks for a full checkpoint.
pub const CHECKPOINT_EVERY: Duration = Duration::from_secs(60);

/// What one checkpoint did, as SQLite reports it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Checkpoint {
    /// False when a reader or writer kept it from finishing (the next one tries again).
    pub complete: bool,
    /// Pages in the log, and pages copied into the database.
    pub log_pages: i64,
    pub copied_pages: i64,
}

impl Store {
    /// Copies the whole log into the database and truncates it, when no reader holds it back.
    /// `None` on Postgres, which has no such log to keep.
    pub async fn checkpoint_sqlite_wal(&self) -> StoreResult<Option<Checkpoint>> {
        let Store::Sqlite(pool) = self else {
            return Ok(None);
        };
        let (busy, log_pages, copied_pages): (i64, i64, i64) =
            sqlx::query_as("PRAGMA wal_checkpoint(TRUNCATE)")
                .fetch_one(pool)
                .await?;
        Ok(Some(Checkpoint {
            complete: busy == 0,
            log_pages,
            copied_pages,
        }))
    }
}
