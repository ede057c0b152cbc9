//! The scheduler: fires periodic jobs. Each firing carries an idempotency key per period, so
//! any number of schedulers enqueue each job once (run several for availability).

use std::time::Duration;

use crate::{
    queue::JobQueue,
    settings::CommonSettings,
    store::Store,
    tasks::{
        load_tickers::LoadTickers, refresh_analyses::RefreshAnalyses, sync_content::SyncContent,
    },
};

/// How often the scheduler looks at the clock.
const TICK: Duration = Duration::from_secs(30);

/// Runs until `signal` resolves.
pub async fn run(
    store: Store,
    _settings: CommonSettings,
    signal: impl std::future::Future<Output = std::io::Result<()>> + Send + 'static,
) -> anyhow::Result<()> {
    let queue = JobQueue::new(store);
    tokio::pin!(signal);
    loop {
        tick(&queue).await;
        tokio::select! {
            _ = &mut signal => return Ok(()),
            _ = tokio::time::sleep(TICK) => {}
        }
    }
}

/// One look at the clock: the daily ticker refresh, the daily check for new filings and the
/// admin's due schedules.
pub async fn tick(queue: &JobQueue) {
    // One refresh per UTC day: the day is in the idempotency key.
    let day = chrono::Utc::now().date_naive().to_string();
    if let Err(err) = queue.enqueue_once(&RefreshAnalyses { day }).await {
        tracing::warn!(%err, "could not queue the filings check");
    }
    // The dedupe key joins a load already queued or running; a finished one from earlier
    // today does not block, so the daily check below decides.
    match queue.store().tickers_loaded_today().await {
        Ok(true) => {}
        Ok(false) => match queue.enqueue(&LoadTickers::default()).await {
            Ok(job) => {
                tracing::info!(job = %job.id, joined = job.joined, "daily ticker refresh queued")
            }
            Err(err) => tracing::warn!(%err, "could not queue the ticker refresh"),
        },
        Err(err) => tracing::warn!(%err, "could not check the ticker directory"),
    }
    // The content feeds, once an hour (the hour is in the idempotency key).
    if let Err(err) = queue
        .enqueue_once(&SyncContent::hourly(chrono::Utc::now()))
        .await
    {
        tracing::warn!(%err, "could not queue the content sync");
    }
    // The admin's schedules: each due one queued once per tick (see `schedules::fire_due`).
    if let Err(err) = crate::schedules::fire_due(queue, chrono::Utc::now()).await {
        tracing::warn!(%err, "could not fire the due schedules");
    }
    // The weekly digests: each user's once per ISO week, on their digest day.
    if let Err(err) = crate::watchlist::due::queue_due_digests(queue, chrono::Utc::now()).await {
        tracing::warn!(%err, "could not queue the weekly digests");
    }
}
