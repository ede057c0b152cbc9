//! Job handlers: they orchestrate sources, analysis and the store, and report progress.

pub mod diagnostics;
pub mod load_tickers;

use std::sync::Arc;

use crate::{limits::RateLimiter, settings::CommonSettings, store::Store};

/// What every handler can reach: the store, the shared settings, fleet-wide limits and an
/// HTTP client for the live sources.
#[derive(Debug)]
pub struct JobContext {
    pub store: Store,
    pub settings: CommonSettings,
    pub limiter: RateLimiter,
    pub http: reqwest::Client,
    /// Lets the diagnostic crash job really crash (only the reliability tests set it).
    pub allow_crash_jobs: bool,
}

impl JobContext {
    /// Builds the context: Redis limits when configured, in-process otherwise.
    pub async fn new(store: Store, settings: CommonSettings) -> anyhow::Result<Arc<Self>> {
        use anyhow::Context as _;
        let limiter = match &settings.redis_url {
            Some(url) => RateLimiter::redis(&url.0)
                .await
                .map_err(anyhow::Error::msg)?,
            None => RateLimiter::in_process(),
        };
        let http = reqwest::Client::builder()
            .user_agent(settings.sec_user_agent.clone())
            .timeout(std::time::Duration::from_secs(30))
            .build()
            .context("building the HTTP client")?;
        Ok(Arc::new(JobContext {
            store,
            settings,
            limiter,
            http,
            allow_crash_jobs: crate::settings::non_empty("WORKER_ALLOW_CRASH_JOBS").is_some(),
        }))
    }
}
