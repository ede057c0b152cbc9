//! Telling readers that a stored analysis changed, so a cache of ready answers can skip the
//! database on repeat reads and still never serve an analysis after a newer one is stored.
//!
//! A process-wide counter goes up after every analysis this process stores (or records as
//! failed), and, on Postgres, whenever another process says it stored one: the store sends
//! `NOTIFY analysis_stored` in the same transaction, and [`follow_other_processes`] listens.
//! A reader notes the counter *before* it checks the database; while the counter has not moved,
//! what it checked still holds. A SQLite worker in another process has no such signal: readers
//! bound that case by re-checking on a timer of their own (see `api::answer_cache`).

use std::sync::atomic::{AtomicU64, Ordering};

use sqlx::PgPool;

use super::channel_feed::follow_channel;

/// The channel the store notifies on Postgres; the payload is the symbol.
pub const CHANNEL: &str = "analysis_stored";

static GENERATION: AtomicU64 = AtomicU64::new(0);

/// The number of analysis changes this process has heard of so far.
pub fn generation() -> u64 {
    GENERATION.load(Ordering::Acquire)
}

/// Called after a change is committed (or may have been missed).
pub(crate) fn changed() {
    GENERATION.fetch_add(1, Ordering::AcqRel);
}

/// Listens for other processes' analyses on Postgres until the process ends. Every
/// notification is a change, and so is every gap in listening (notifications sent while the
/// connection was down are gone).
pub async fn follow_other_processes(pool: PgPool) {
    follow_channel(pool, CHANNEL, |_| changed()).await
}
