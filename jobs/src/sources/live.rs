//! Live HTTP implementations of the source traits: SEC (company facts, submissions) behind
//! the fleet-wide rate limiter, Stooq daily prices and FRED's DGS10. Same parsers as the
//! snapshot readers, so both modes read identical bytes identically.

use std::sync::Arc;

use super::{
    CompanyFactsSource, PriceSource, SubmissionsSource, TreasurySource,
    error::{SourceError, SourceFuture},
    http::{Expect, HttpFetcher, LiveConfig},
    rate_limit::RateLimiter,
    snapshot::{cik_file_name, parse_blocking},
};
use crate::market_data::{
    CompanyFacts, PricePoint, RatePoint, Submissions, parse_fred_csv, parse_price_csv,
};

/// The rate-limit key of every SEC request (SEC's budget is per user, across machines).
pub const SEC_RATE_LIMIT_KEY: &str = "sec";

/// data.sec.gov: company facts and submissions.
#[derive(Clone)]
pub struct SecClient {
    http: HttpFetcher,
    base_url: String,
    limiter: Arc<dyn RateLimiter>,
}

impl SecClient {
    /// A client for `config.sec_data_base_url` that asks `limiter` before every request.
    pub fn new(config: &LiveConfig, limiter: Arc<dyn RateLimiter>) -> Result<Self, SourceError> {
        Ok(SecClient {
            http: HttpFetcher::new(config)?,
            base_url: config.sec_data_base_url.trim_end_matches('/').to_string(),
            limiter,
        })
    }

    async fn get_json(&self, path: &str) -> Result<Vec<u8>, SourceError> {
        self.limiter.acquire(SEC_RATE_LIMIT_KEY).await;
        self.http
            .get(&format!("{}{path}", self.base_url), Expect::Json)
            .await
    }
}

impl CompanyFactsSource for SecClient {
    fn company_facts(&self, cik: u64) -> SourceFuture<'_, CompanyFacts> {
        Box::pin(async move {
            let body = self
                .get_json(&format!("/api/xbrl/companyfacts/{}", cik_file_name(cik)))
                .await?;
            parse_blocking(move || Ok(CompanyFacts::from_json(&body)?)).await
        })
    }
}

impl SubmissionsSource for SecClient {
    fn submissions(&self, cik: u64) -> SourceFuture<'_, Submissions> {
        Box::pin(async move {
            let body = self
                .get_json(&format!("/submissions/{}", cik_file_name(cik)))
                .await?;
            parse_blocking(move || Ok(Submissions::from_json(&body)?)).await
        })
    }
}

/// Stooq's free daily CSV (`/q/d/l/?s=aapl.us&i=d`).
#[derive(Debug, Clone)]
pub struct StooqClient {
    http: HttpFetcher,
    base_url: String,
}

impl StooqClient {
    /// A client for `config.stooq_base_url`.
    pub fn new(config: &LiveConfig) -> Result<Self, SourceError> {
        Ok(StooqClient {
            http: HttpFetcher::new(config)?,
            base_url: config.stooq_base_url.trim_end_matches('/').into(),
        })
    }
}

impl PriceSource for StooqClient {
    fn daily_closes<'a>(&'a self, symbol: &'a str) -> SourceFuture<'a, Vec<PricePoint>> {
        Box::pin(async move {
            if symbol.is_empty()
                || !symbol
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '.')
            {
                return Err(SourceError::NotFound);
            }
            let url = format!(
                "{}/q/d/l/?s={}.us&i=d",
                self.base_url,
                symbol.to_ascii_lowercase()
            );
            let body = self.http.get(&url, Expect::Csv).await?;
            // Stooq answers an unknown symbol with a 200 and the text "No data".
            if body.trim_ascii().eq_ignore_ascii_case(b"no data") {
                return Err(SourceError::NotFound);
            }
            let points = parse_price_csv(&body)?;
            if points.is_empty() {
                Err(SourceError::NotFound)
            } else {
                Ok(points)
            }
        })
    }
}

/// FRED's graph CSV for DGS10.
#[derive(Debug, Clone)]
pub struct FredClient {
    http: HttpFetcher,
    base_url: String,
}

impl FredClient {
    /// A client for `config.fred_base_url`.
    pub fn new(config: &LiveConfig) -> Result<Self, SourceError> {
        Ok(FredClient {
            http: HttpFetcher::new(config)?,
            base_url: config.fred_base_url.trim_end_matches('/').into(),
        })
    }
}

impl TreasurySource for FredClient {
    fn ten_year_yield(&self) -> SourceFuture<'_, Vec<RatePoint>> {
        Box::pin(async move {
            let body = self
                .http
                .get(
                    &format!("{}/graph/fredgraph.csv?id=DGS10", self.base_url),
                    Expect::Csv,
                )
                .await?;
            let points = parse_fred_csv(&body)?;
            if points.is_empty() {
                return Err(SourceError::Parse(
                    "FRED returned no DGS10 observations".into(),
                ));
            }
            Ok(points)
        })
    }
}
