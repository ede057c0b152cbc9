//! `LoadTickers`: loads SEC's ticker directory into the store (daily, and at first start).

use serde::{Deserialize, Serialize};

use crate::{
    queue::{
        Job,
        runner::{JobError, JobHandler, JobRun},
    },
    sources::tickers::{self, TickerEntry},
};

/// Loads the SEC ticker list from the snapshot directory or sec.gov.
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq, Eq)]
pub struct LoadTickers {}

impl Job for LoadTickers {
    const QUEUE: &'static str = "tickers";
    const MAX_ATTEMPTS: u32 = 5;

    fn dedupe_key(&self) -> Option<String> {
        Some("load-tickers".into())
    }
}

impl JobHandler for LoadTickers {
    async fn run(self, run: &JobRun) -> Result<serde_json::Value, JobError> {
        run.progress("Fetching ticker list", 10, "Reading SEC's company tickers")
            .await;
        let entries = match &run.ctx.settings.market_data_dir {
            Some(dir) => {
                let dir = dir.clone();
                tokio::task::spawn_blocking(move || tickers::read_snapshot(&dir))
                    .await
                    .map_err(JobError::retry)?
                    .map_err(JobError::permanent)?
            }
            None => fetch_live(run).await?,
        };
        if entries.is_empty() {
            return Err(JobError::permanent("the ticker list is empty"));
        }
        run.progress(
            "Storing tickers",
            60,
            &format!("Storing {} tickers", entries.len()),
        )
        .await;
        let stored = run.store().replace_tickers(&entries).await?;
        run.progress("Done", 100, &format!("{stored} tickers loaded"))
            .await;
        Ok(serde_json::json!({ "tickers": stored }))
    }
}

/// Fetches `company_tickers_exchange.json` from sec.gov, within the fleet's SEC budget.
async fn fetch_live(run: &JobRun) -> Result<Vec<TickerEntry>, JobError> {
    let settings = &run.ctx.settings;
    run.ctx
        .limiter
        .acquire("sec", crate::limits::SEC_REQUESTS_PER_SECOND)
        .await;
    let url = format!(
        "{}/files/company_tickers_exchange.json",
        settings.sec_www_base_url
    );
    let response = run
        .ctx
        .http
        .get(&url)
        .send()
        .await
        .map_err(JobError::retry)?;
    let status = response.status();
    if status.as_u16() == 429 || status.as_u16() == 503 {
        let after = response
            .headers()
            .get(reqwest::header::RETRY_AFTER)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.trim().parse::<u64>().ok())
            .map(std::time::Duration::from_secs);
        return Err(JobError::Retry {
            reason: format!("SEC answered {status}"),
            after,
        });
    }
    if !status.is_success() {
        return Err(JobError::retry(format!("SEC answered {status} for {url}")));
    }
    let body = response.bytes().await.map_err(JobError::retry)?;
    tickers::parse_exchange_file(&body).map_err(JobError::retry)
}
