//! `SyncContent`: reads every feed in `CONTENT_FEEDS` and stores its new entries as content
//! items for the home page. Hourly from the scheduler (one job per hour, whatever the number
//! of schedulers), or at once from the admin's "Sync now".

use crate::tasks::SyncContent;

use crate::{
    content::{fetch::FeedFetcher, parse_feed},
    queue::runner::{JobError, JobHandler, JobRun},
    sources::SourceError,
};

impl JobHandler for SyncContent {
    async fn run(self, run: &JobRun) -> Result<serde_json::Value, JobError> {
        let feeds = &run.ctx.settings.content_feeds;
        if feeds.is_empty() {
            run.progress("Done", 100, "No feeds configured (CONTENT_FEEDS is empty)")
                .await;
            return Ok(serde_json::json!({ "feeds": [], "added": 0 }));
        }
        let fetcher = FeedFetcher::new(&run.ctx.settings.sec_user_agent)?;
        let mut report = Vec::new();
        let mut failures = Vec::new();
        let mut retryable = false;
        let mut added_total = 0;
        for (i, feed) in feeds.iter().enumerate() {
            let percent = (10 + i * 85 / feeds.len()) as u8;
            run.progress("Reading feeds", percent, &format!("Reading {feed}"))
                .await;
            match read_feed(&fetcher, feed).await {
                Ok(found) => {
                    let added = run.store().store_feed_items(&found.items).await?;
                    added_total += added;
                    report.push(serde_json::json!({
                        "feed": feed, "entries": found.items.len(),
                        "added": added, "skipped": found.skipped,
                    }));
                }
                Err(err) => {
                    tracing::warn!(%feed, %err, "content feed failed");
                    retryable |= err.is_retryable();
                    failures.push(format!("{feed}: {err}"));
                    report.push(serde_json::json!({ "feed": feed, "error": err.to_string() }));
                }
            }
        }
        let summary = format!(
            "{added_total} new item(s) from {} of {} feed(s)",
            feeds.len() - failures.len(),
            feeds.len()
        );
        if failures.is_empty() {
            run.progress("Done", 100, &summary).await;
            return Ok(serde_json::json!({ "feeds": report, "added": added_total }));
        }
        // The good feeds are stored; the job still fails so the admin sees which feed is
        // broken and why. A retry re-reads them all, which adds nothing twice.
        let reason = format!("{summary}; failed: {}", failures.join("; "));
        run.progress("Failed", 100, &reason).await;
        Err(if retryable {
            JobError::retry(reason)
        } else {
            JobError::permanent(reason)
        })
    }
}

/// Downloads and maps one feed (the parsing runs off the async threads).
async fn read_feed(
    fetcher: &FeedFetcher,
    feed: &str,
) -> Result<crate::content::FeedItems, SourceError> {
    let body = fetcher.get(feed).await?;
    let url = feed.to_string();
    tokio::task::spawn_blocking(move || parse_feed(&body, &url))
        .await
        .map_err(|err| SourceError::Parse(format!("the feed parser stopped: {err}")))?
        .map_err(SourceError::Parse)
}
