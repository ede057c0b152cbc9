//! `RefreshAnalyses`: once a day, looks for companies that filed a new 10-K or 10-Q after
//! their stored analysis was computed and queues a fresh analysis for each, and rescores every
//! watched stock not scored today (its prices moved). This is the "no newer filing" half of
//! freshness; the other half is the age limit the API applies.

use crate::tasks::{AnalyzeStock, RefreshAnalyses};

use crate::{
    queue::{
        JobQueue,
        runner::{JobError, JobHandler, JobRun},
    },
    sources::SourceError,
};

/// Periodic reports whose arrival makes a stored analysis out of date.
const PERIODIC_REPORTS: [&str; 4] = ["10-K", "10-Q", "10-K/A", "10-Q/A"];

impl JobHandler for RefreshAnalyses {
    async fn run(self, run: &JobRun) -> Result<serde_json::Value, JobError> {
        let store = run.store();
        let stored = store.analysis_dates().await?;
        let queue = JobQueue::new(store.clone());
        let mut queued = Vec::new();
        for (i, (symbol, computed_at)) in stored.iter().enumerate() {
            let percent = (i * 100 / stored.len().max(1)) as u8;
            run.progress("Checking filings", percent, symbol).await;
            let Some(company) = store.find_ticker(symbol).await? else {
                continue;
            };
            let submissions = match run
                .ctx
                .sources
                .submissions
                .submissions(company.cik as u64)
                .await
            {
                Ok(s) => s,
                Err(SourceError::NotFound) => continue,
                Err(err @ SourceError::RateLimited { .. }) => return Err(err.into()),
                Err(err) => {
                    tracing::warn!(%symbol, %err, "could not check filings");
                    continue;
                }
            };
            let filed = submissions
                .latest_filing(&PERIODIC_REPORTS)
                .and_then(|f| f.filing_date);
            if filed.is_some_and(|day| day > computed_at.date_naive()) {
                queue
                    .enqueue(&AnalyzeStock {
                        symbol: symbol.clone(),
                    })
                    .await
                    .map_err(JobError::retry)?;
                queued.push(symbol.clone());
            }
        }
        // Watched stocks are rescored every day whatever they filed: prices move their
        // market questions, and their watchers' alerts follow each rescore.
        let today = chrono::Utc::now().date_naive();
        for symbol in store.watched_symbols().await? {
            if queued.contains(&symbol) {
                continue;
            }
            let fresh = store
                .analysis_computed_at(&symbol)
                .await?
                .is_some_and(|at| at.date_naive() >= today);
            if !fresh {
                queue
                    .enqueue(&AnalyzeStock {
                        symbol: symbol.clone(),
                    })
                    .await
                    .map_err(JobError::retry)?;
                queued.push(symbol);
            }
        }
        run.progress(
            "Done",
            100,
            &format!("{} of {} stocks re-analysed", queued.len(), stored.len()),
        )
        .await;
        Ok(serde_json::json!({ "checked": stored.len(), "queued": queued }))
    }
}
