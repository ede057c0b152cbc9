//! A worker process's upkeep of its database between jobs: on SQLite, the full checkpoint that
//! keeps the write-ahead log bounded (the rule is in `store::sqlite_wal`).

use crate::store::{Store, sqlite_wal::CHECKPOINT_EVERY};

/// Checkpoints the SQLite log every [`CHECKPOINT_EVERY`] until aborted (at shutdown).
pub(super) fn spawn_wal_checkpoints(store: Store) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        let mut ticker = tokio::time::interval(CHECKPOINT_EVERY);
        ticker.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            ticker.tick().await;
            match store.checkpoint_sqlite_wal().await {
                Ok(Some(done)) if !done.complete => {
                    tracing::debug!(
                        ?done,
                        "the log checkpoint was held back; trying again later"
                    );
                }
                Ok(_) => {}
                Err(err) => tracing::warn!(%err, "could not checkpoint the SQLite log"),
            }
        }
    })
}
