//! The scheduler: fires periodic jobs. Each firing carries an idempotency key per period, so
//! any number of schedulers enqueue each job once (run several for availability).

use std::time::Duration;

use chrono::{DateTime, Timelike, Utc};

use crate::{
    queue::JobQueue,
    schedules::market_calendar,
    settings::CommonSettings,
    store::Store,
    tasks::{ComputeSectorStats, ScoreMarket},
    tasks::{
        load_tickers::LoadTickers, refresh_analyses::RefreshAnalyses, sync_content::SyncContent,
    },
};

/// How often the scheduler looks at the clock.
const TICK: Duration = Duration::from_secs(30);

/// Runs until `signal` resolves.
pub async fn run(
    store: Store,
    settings: CommonSettings,
    signal: impl std::future::Future<Output = std::io::Result<()>> + Send + 'static,
) -> anyhow::Result<()> {
    let queue = JobQueue::new(store);
    tokio::pin!(signal);
    loop {
        tick(&queue).await;
        if market_run_scheduled(&settings) {
            market_tick(&queue, Utc::now()).await;
        }
        tokio::select! {
            _ = &mut signal => return Ok(()),
            _ = tokio::time::sleep(TICK) => {}
        }
    }
}

/// The day the nightly work (the check for new filings and the rescoring of watched stocks)
/// runs for: each UTC day the New York Stock Exchange trades. A weekend or an exchange holiday
/// brings no new closes and next to no filings (EDGAR takes none on weekends and federal
/// holidays), so its work waits for the next trading day.
pub fn nightly_day(now: DateTime<Utc>) -> Option<String> {
    let day = now.date_naive();
    market_calendar::is_trading_day(day).then(|| day.to_string())
}

/// The UTC hour from which a trading day's sector statistics are recomputed: after the
/// close (16:00 in New York is 20:00 UTC in summer, 21:00 in winter), so the day's prices and
/// rescored companies are in.
const SECTOR_STATS_HOUR_UTC: u32 = 22;

/// The trading day whose sector statistics are due at `now`: each trading day, once it is
/// past [`SECTOR_STATS_HOUR_UTC`].
pub fn sector_stats_day(now: DateTime<Utc>) -> Option<String> {
    (now.hour() >= SECTOR_STATS_HOUR_UTC)
        .then(|| nightly_day(now))
        .flatten()
}

/// The UTC hour from which a trading day's market run (`ScoreMarket`) is due: SEC rebuilds its
/// bulk files overnight (US Eastern), and the run has hours to finish before the sector
/// statistics at [`SECTOR_STATS_HOUR_UTC`] (the run's end queues them again anyway).
const MARKET_RUN_HOUR_UTC: u32 = 11;

/// The trading day whose market run is due at `now`.
pub fn market_run_day(now: DateTime<Utc>) -> Option<String> {
    (now.hour() >= MARKET_RUN_HOUR_UTC)
        .then(|| nightly_day(now))
        .flatten()
}

/// The nightly market run is for live mode (a snapshot does not change overnight), unless
/// `MARKET_RUN_NIGHTLY=off`.
pub fn market_run_scheduled(settings: &CommonSettings) -> bool {
    settings.market_run.nightly && settings.market_data_dir.is_none()
}

/// Queues the day's market run once (the day is in its idempotency key).
pub async fn market_tick(queue: &JobQueue, now: DateTime<Utc>) {
    if let Some(day) = market_run_day(now)
        && let Err(err) = queue.enqueue_once(&ScoreMarket { day }).await
    {
        tracing::warn!(%err, "could not queue the market run");
    }
}

/// One look at the clock: the daily ticker refresh, the nightly check for new filings and the
/// admin's due schedules.
pub async fn tick(queue: &JobQueue) {
    // One refresh per trading day: the day is in the idempotency key.
    if let Some(day) = nightly_day(Utc::now())
        && let Err(err) = queue.enqueue_once(&RefreshAnalyses { day }).await
    {
        tracing::warn!(%err, "could not queue the filings check");
    }
    // The sector medians, once per trading day after the close (`crate::peers`).
    if let Some(day) = sector_stats_day(Utc::now())
        && let Err(err) = queue.enqueue_once(&ComputeSectorStats { day }).await
    {
        tracing::warn!(%err, "could not queue the sector statistics");
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

#[cfg(test)]
mod tests {
    use super::{market_run_day, nightly_day, sector_stats_day};

    fn at(day: &str) -> chrono::DateTime<chrono::Utc> {
        format!("{day}T23:00:00Z").parse().unwrap()
    }

    #[test]
    fn the_nightly_work_runs_on_trading_days_only() {
        // Thanksgiving and Good Friday 2026 and 2027, and a Saturday: no nightly work.
        for holiday in [
            "2026-11-26",
            "2026-04-03",
            "2027-11-25",
            "2027-03-26",
            "2026-11-28",
        ] {
            assert_eq!(nightly_day(at(holiday)), None, "{holiday}");
        }
        // The day after Thanksgiving trades (to its early close): the work runs.
        assert_eq!(nightly_day(at("2026-11-27")), Some("2026-11-27".into()));
        assert_eq!(nightly_day(at("2027-11-26")), Some("2027-11-26".into()));
    }

    #[test]
    fn the_sector_statistics_run_after_the_close_of_trading_days() {
        let at = |moment: &str| moment.parse::<chrono::DateTime<chrono::Utc>>().unwrap();
        assert_eq!(sector_stats_day(at("2026-11-27T21:59:00Z")), None, "before");
        assert_eq!(
            sector_stats_day(at("2026-11-27T22:00:00Z")),
            Some("2026-11-27".into())
        );
        assert_eq!(
            sector_stats_day(at("2026-11-26T23:00:00Z")),
            None,
            "Thanksgiving"
        );
    }

    #[test]
    fn the_market_run_is_due_before_the_sector_statistics_on_trading_days() {
        let at = |moment: &str| moment.parse::<chrono::DateTime<chrono::Utc>>().unwrap();
        assert_eq!(market_run_day(at("2026-11-27T10:59:00Z")), None, "before");
        assert_eq!(
            market_run_day(at("2026-11-27T11:00:00Z")),
            Some("2026-11-27".into())
        );
        assert_eq!(market_run_day(at("2026-11-28T12:00:00Z")), None, "Saturday");
        const { assert!(super::MARKET_RUN_HOUR_UTC < super::SECTOR_STATS_HOUR_UTC) };
    }
}
