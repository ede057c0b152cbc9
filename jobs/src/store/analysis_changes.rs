//! Telling readers that a stored analysis changed, so a cache of ready answers can skip the
//! database on repeat reads and still never serve an analysis after a newer one is stored.
//!
//! A process-wide counter goes up after every analysis this process stores (or records as
//! failed), and, on Postgres, whenever another process says it stored one: the store sends
//! `NOTIFY analysis_stored` in the same transaction, and [`follow_other_processes`] listens.
//! A reader notes the counter *before* it checks the database; while the counter has not moved,
//! what it checked still holds. A SQLite worker in another process has no such signal: readers
//! bound that case by re-checking on a timer of their own (see `api::answer_cache`).

use std::{
    sync::atomic::{AtomicU64, Ordering},
    time::Duration,
};

use sqlx::{PgPool, postgres::PgListener};

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

/// Listens for other processes' analyses on Postgres until the process ends. A lost connection
/// counts as a change (notifications sent while it was down are gone), and it reconnects with
/// a pause.
pub async fn follow_other_processes(pool: PgPool) {
    let mut pause = Duration::from_millis(100);
    loop {
        match listen(&pool).await {
            Ok(mut listener) => {
                // Anything stored before the LISTEN took hold went unheard.
                changed();
                pause = Duration::from_millis(100);
                // `Ok(None)`: the connection dropped; the next call reconnects.
                while let Ok(event) = listener.try_recv().await {
                    changed();
                    if event.is_none() {
                        tracing::warn!("lost the analysis change feed; reconnecting");
                    }
                }
            }
            Err(err) => tracing::warn!(%err, "could not listen for analysis changes"),
        }
        changed();
        tokio::time::sleep(pause).await;
        pause = (pause * 2).min(Duration::from_secs(10));
    }
}

async fn listen(pool: &PgPool) -> Result<PgListener, sqlx::Error> {
    let mut listener = PgListener::connect_with(pool).await?;
    listener.listen(CHANNEL).await?;
    Ok(listener)
}
