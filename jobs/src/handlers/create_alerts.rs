//! `CreateAlerts`: keeps the watched stock's score of the day (for "since last week") and
//! writes its watchers' alerts from the comparison of its two newest stored records
//! (`watchlist::alerts`). Idempotent: a re-run finds the alerts written and writes none.

use chrono::Utc;

use crate::{
    queue::runner::{JobError, JobHandler, JobRun},
    tasks::CreateAlerts,
    watchlist::alerts::create_alerts,
};

impl JobHandler for CreateAlerts {
    async fn run(self, run: &JobRun) -> Result<serde_json::Value, JobError> {
        let store = run.store();
        let symbol = self.symbol.as_str();
        run.progress("Reading the stored score", 20, symbol).await;
        if let Some(stored) = store.latest_analysis(symbol).await? {
            store
                .record_watched_score(
                    symbol,
                    stored.computed_at.date_naive(),
                    i32::from(stored.record.score),
                )
                .await?;
        }
        run.progress(
            "Comparing with the previous record",
            60,
            &format!("{symbol}'s newest record against the one before"),
        )
        .await;
        let done = create_alerts(store, symbol, Utc::now()).await?;
        run.progress(
            "Done",
            100,
            &format!("{} alerts for {} watchers", done.created, done.watchers),
        )
        .await;
        Ok(serde_json::json!({
            "symbol": symbol,
            "change": done.change,
            "created": done.created,
            "watchers": done.watchers,
        }))
    }
}
