//! `LoadTickers`: loads SEC's ticker directory into the store (daily, and at first start).

use crate::tasks::LoadTickers;

use crate::{
    market_data::tickers::{TickerEntry, parse_exchange_file},
    queue::runner::{JobError, JobHandler, JobRun},
    sources::{http::Expect, tickers},
};

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
    run.ctx
        .limiter
        .acquire("sec", crate::infra::SEC_REQUESTS_PER_SECOND)
        .await;
    let url = format!(
        "{}/files/company_tickers_exchange.json",
        run.ctx.settings.sec_www_base_url
    );
    let body = run.ctx.http.get(&url, Expect::Json).await?;
    parse_exchange_file(&body).map_err(JobError::retry)
}
