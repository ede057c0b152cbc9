//! `ScoreMarket`: every filer, every night (`jobs/docs/market.md`). Finds SEC's bulk files
//! (downloaded once per run in live mode; a zip or folder on disk otherwise), lists every
//! company with its facts fingerprint, and decides each in CIK order: not common stock ->
//! skipped, same fingerprint as at its last score -> skipped, else one `ScoreMarketCompany`
//! child. Each batch's rows, counts and children commit in one transaction, so a planner
//! killed half-way resumes after the last committed batch. It then follows its children until
//! the last one ends the run, reporting progress all along.

use std::{path::PathBuf, time::Duration};

use chrono::Utc;

use crate::{
    queue::{
        JobQueue,
        runner::{JobError, JobHandler, JobRun},
    },
    securities::Directory,
    sources::bulk::{self, BulkEntry, BulkFile},
    store::market_runs::{MarketRun, NewItem, PlanCounts},
    tasks::{ComputeSectorStats, ScoreMarket, ScoreMarketCompany},
};

/// Companies decided per transaction.
const BATCH: usize = 500;
/// How often the planner looks at its children once all are queued.
const FOLLOW_EVERY: Duration = Duration::from_secs(2);
/// Longest a bulk download may take.
const DOWNLOAD_TIMEOUT: Duration = Duration::from_secs(3600);
/// Planning takes the first fifth of the progress bar, the children the rest.
const PLANNED_PERCENT: usize = 20;

impl JobHandler for ScoreMarket {
    async fn run(self, run: &JobRun) -> Result<serde_json::Value, JobError> {
        let store = run.store();
        report(run, "Finding SEC's bulk files", 0, "").await?;
        let market = match store.market_run_of_job(&run.job_id).await? {
            Some(market) => market,
            None => {
                let (facts, submissions) = bulk_files(run).await?;
                let path = |f: &BulkFile| f.path().display().to_string();
                store
                    .start_market_run(
                        &run.job_id,
                        &path(&facts),
                        submissions.as_ref().map(path).as_deref(),
                        Utc::now(),
                    )
                    .await?
            }
        };
        if !market.planned {
            plan(run, &market).await?;
        }
        follow(run, market.id).await
    }
}

/// Decides every company not decided yet, a batch per transaction.
async fn plan(run: &JobRun, market: &MarketRun) -> Result<(), JobError> {
    let store = run.store();
    report(run, "Listing the companies", 1, &market.facts_path).await?;
    let entries = BulkFile::at(&market.facts_path).entries().await?;
    let directory = Directory::load(store).await?;
    let fingerprints = store.market_fingerprints().await?;
    let total = entries.len();
    let todo: Vec<&BulkEntry> = entries
        .iter()
        .filter(|e| e.cik as i64 > market.planned_through_cik)
        .collect();
    let mut decided = total - todo.len();
    let queue = JobQueue::new(store.clone());
    for batch in todo.chunks(BATCH) {
        let mut counts = PlanCounts {
            total: batch.len() as i32,
            ..PlanCounts::default()
        };
        let mut items = Vec::new();
        for entry in batch {
            let cik = entry.cik as i64;
            match directory.common_stock_of(cik) {
                None => counts.skipped_not_common += 1,
                Some(_) if fingerprints.get(&cik) == Some(&entry.fingerprint) => {
                    counts.skipped_unchanged += 1
                }
                Some(symbol) => items.push(NewItem {
                    cik,
                    symbol: symbol.to_string(),
                    fingerprint: entry.fingerprint.clone(),
                }),
            }
        }
        let through = batch.last().map_or(-1, |e| e.cik as i64);
        let mut tx = store.begin().await?;
        let written = tx
            .add_market_batch(market.id, items, counts, through, Utc::now())
            .await?;
        let children: Vec<ScoreMarketCompany> = written
            .into_iter()
            .map(|item| ScoreMarketCompany {
                run_id: market.id,
                cik: item.cik,
                symbol: item.symbol,
            })
            .collect();
        queue
            .enqueue_once_in(&mut tx, children.iter().map(|c| (c, Duration::ZERO)))
            .await
            .map_err(JobError::retry)?;
        #[cfg(feature = "testing")]
        crate::testing::stop_point("market batch queued").await;
        tx.commit().await?;
        decided += batch.len();
        let now = store.market_run(market.id).await?;
        let message = now.as_ref().map(counts_message).unwrap_or_default();
        let percent = (decided * PLANNED_PERCENT / total.max(1)) as u8;
        report(run, "Deciding which companies changed", percent, &message).await?;
        if now.is_some_and(|m| m.status != "running") {
            return Ok(());
        }
    }
    let mut tx = store.begin().await?;
    if tx.finish_market_planning(market.id, Utc::now()).await? {
        queue_sector_stats(&queue, &mut tx).await?;
    }
    tx.commit().await?;
    Ok(())
}

/// Reports the children's progress until the run ends (the last child, or a stop, ends it).
async fn follow(run: &JobRun, id: i64) -> Result<serde_json::Value, JobError> {
    let store = run.store();
    loop {
        let market = store
            .market_run(id)
            .await?
            .ok_or_else(|| JobError::permanent(format!("market run {id} vanished")))?;
        let done = (market.scored + market.failed) as usize;
        let changed = market.changed as usize;
        let percent = PLANNED_PERCENT + done * (100 - PLANNED_PERCENT) / changed.max(1);
        let message = counts_message(&market);
        if market.status != "running" {
            report(run, "Done", 100, &format!("{}: {message}", market.status)).await?;
            return Ok(serde_json::to_value(&market).unwrap_or_default());
        }
        report(
            run,
            "Scoring the changed companies",
            percent as u8,
            &message,
        )
        .await?;
        tokio::time::sleep(FOLLOW_EVERY).await;
    }
}

/// Records progress; an operator's stop request (`worker cancel`, `worker market stop`)
/// stops the run first, so its children end without work, then ends this job.
async fn report(run: &JobRun, stage: &str, percent: u8, message: &str) -> Result<(), JobError> {
    let store = run.store();
    if let Some(reason) = store.cancel_request(&run.job_id).await? {
        store.stop_running_market_run(Utc::now()).await?;
        run.progress("Stopped", percent, &reason).await;
        return Err(JobError::permanent(reason));
    }
    run.progress(stage, percent, message).await;
    Ok(())
}

fn counts_message(m: &MarketRun) -> String {
    format!(
        "{} companies: {} to score ({} scored, {} failed), {} unchanged, {} not common stock",
        m.total, m.changed, m.scored, m.failed, m.skipped_unchanged, m.skipped_not_common
    )
}

/// The sector medians follow the run, in the transaction that ends it.
pub(super) async fn queue_sector_stats(
    queue: &JobQueue,
    tx: &mut crate::store::StoreTx,
) -> Result<(), JobError> {
    let job = ComputeSectorStats {
        day: Utc::now().date_naive().to_string(),
    };
    queue
        .enqueue_in(tx, [(&job, Duration::ZERO)])
        .await
        .map_err(JobError::retry)?;
    Ok(())
}

/// The company facts and submissions to read: the configured paths; else the snapshot's
/// folders; else (live) SEC's two zips, downloaded for this job (a retry reuses a finished
/// download).
async fn bulk_files(run: &JobRun) -> Result<(BulkFile, Option<BulkFile>), JobError> {
    let settings = &run.ctx.settings;
    let chosen = &settings.market_run;
    if let Some(dir) = &settings.market_data_dir {
        let facts = chosen
            .facts_path
            .clone()
            .unwrap_or_else(|| dir.join("sec/companyfacts"));
        let submissions = chosen
            .submissions_path
            .clone()
            .unwrap_or_else(|| dir.join("sec/submissions"));
        return Ok((BulkFile::at(facts), Some(BulkFile::at(submissions))));
    }
    let folder = chosen.download_dir.join(&run.job_id);
    let facts = match &chosen.facts_path {
        Some(path) => path.clone(),
        None => {
            fetch(
                run,
                bulk::COMPANY_FACTS_ZIP,
                folder.join("companyfacts.zip"),
            )
            .await?
        }
    };
    let submissions = match &chosen.submissions_path {
        Some(path) => path.clone(),
        None => fetch(run, bulk::SUBMISSIONS_ZIP, folder.join("submissions.zip")).await?,
    };
    forget_old_downloads(&chosen.download_dir, &folder).await;
    Ok((BulkFile::at(facts), Some(BulkFile::at(submissions))))
}

async fn fetch(run: &JobRun, path: &str, dest: PathBuf) -> Result<PathBuf, JobError> {
    if tokio::fs::metadata(&dest).await.is_ok() {
        return Ok(dest);
    }
    let url = format!(
        "{}{path}",
        run.ctx.settings.sec_www_base_url.trim_end_matches('/')
    );
    report(run, "Downloading SEC's bulk files", 0, &url).await?;
    let bytes = bulk::download(
        &run.ctx.http,
        run.ctx.limiter.as_ref(),
        &url,
        &dest,
        DOWNLOAD_TIMEOUT,
    )
    .await?;
    tracing::info!(%url, bytes, "bulk file downloaded");
    Ok(dest)
}

/// Earlier runs' downloads are not read again (a run reads its own), so each run removes them.
async fn forget_old_downloads(root: &std::path::Path, keep: &std::path::Path) {
    let Ok(mut dirs) = tokio::fs::read_dir(root).await else {
        return;
    };
    while let Ok(Some(dir)) = dirs.next_entry().await {
        if dir.path() != keep
            && let Err(err) = tokio::fs::remove_dir_all(dir.path()).await
        {
            tracing::warn!(path = %dir.path().display(), %err, "could not remove an old download");
        }
    }
}
