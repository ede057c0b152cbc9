//! What every job handler can reach while it runs, built once per worker process.

use std::sync::Arc;

use crate::{
    infra::{FleetLimiter, Infra},
    settings::CommonSettings,
    sources::{
        MarketSources, Snapshot,
        http::{HttpFetcher, LiveConfig},
    },
    store::Store,
};

/// What every handler can reach: the store, the shared settings, fleet-wide limits and an
/// HTTP client for the live sources.
pub struct JobContext {
    pub store: Store,
    pub settings: CommonSettings,
    pub limiter: Arc<FleetLimiter>,
    /// Where market data comes from: the snapshot directory, or the live sources.
    pub sources: MarketSources,
    /// HTTP for live downloads that are not a market-data source (SEC's ticker list).
    pub http: HttpFetcher,
    /// Lets the diagnostic crash job really crash (only the reliability tests set it).
    pub allow_crash_jobs: bool,
    /// Sends the outbox's mail (the `mail` queue).
    pub mailer: crate::mail::Mailer,
}

impl std::fmt::Debug for JobContext {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("JobContext")
            .field("settings", &self.settings)
            .finish_non_exhaustive()
    }
}

impl JobContext {
    /// Builds the context: Redis limits when configured, in-process otherwise.
    pub async fn new(store: Store, settings: CommonSettings) -> anyhow::Result<Arc<Self>> {
        use anyhow::Context as _;
        let redis_url = settings.redis_url.as_ref().map(|url| url.0.as_str());
        let infra = Infra::new(redis_url, &settings.redis_prefix)?;
        let limiter = Arc::new(FleetLimiter::new(infra));
        let sources = match &settings.market_data_dir {
            Some(dir) => MarketSources::snapshot(Snapshot::new(dir)),
            None => MarketSources::live(&LiveConfig::from_settings(&settings), limiter.clone())
                .context("building the live data sources")?,
        };
        let http = HttpFetcher::new(&LiveConfig::from_settings(&settings))
            .context("building the HTTP client")?;
        let mailer =
            crate::mail::Mailer::new(&settings.mail).map_err(|e| anyhow::anyhow!("mail: {e}"))?;
        Ok(Arc::new(JobContext {
            store,
            settings,
            limiter,
            sources,
            http,
            allow_crash_jobs: crate::settings::non_empty("WORKER_ALLOW_CRASH_JOBS").is_some(),
            mailer,
        }))
    }
}
