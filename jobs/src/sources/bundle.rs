//! One handle on every source an analysis reads, in snapshot or live mode, and the fetch of
//! all of a company's inputs. The job handler builds a [`MarketSources`] once at start-up and
//! calls [`MarketSources::gather`] per analysis; `analysis::analyze` does the rest.

use std::sync::Arc;

use super::{
    SourceError,
    company_facts::CompanyFactsSource,
    finra::FinraClient,
    http::LiveConfig,
    live::{FredClient, SecClient, StooqClient},
    ownership::OwnershipSource,
    prices::PriceSource,
    rate_limit::RateLimiter,
    short_interest::ShortInterestSource,
    snapshot::Snapshot,
    submissions::SubmissionsSource,
    treasury::TreasurySource,
};
use crate::analysis::AnalysisInputs;

/// The sources of one analysis. Ownership has no free live source, so in live mode it is
/// absent (question 11 then falls back to the cover-page estimate). Live short interest is
/// FINRA's file, which has no float: question 12 then says 'not enough data'.
#[derive(Clone)]
pub struct MarketSources {
    pub company_facts: Arc<dyn CompanyFactsSource>,
    pub submissions: Arc<dyn SubmissionsSource>,
    pub prices: Arc<dyn PriceSource>,
    pub treasury: Arc<dyn TreasurySource>,
    pub short_interest: Option<Arc<dyn ShortInterestSource>>,
    pub ownership: Option<Arc<dyn OwnershipSource>>,
}

impl MarketSources {
    /// Everything from one snapshot directory.
    pub fn snapshot(snapshot: Snapshot) -> Self {
        let shared = Arc::new(snapshot);
        MarketSources {
            company_facts: shared.clone(),
            submissions: shared.clone(),
            prices: shared.clone(),
            treasury: shared.clone(),
            short_interest: Some(shared.clone()),
            ownership: Some(shared),
        }
    }

    /// Live SEC (behind `limiter`), Stooq, FRED and FINRA clients.
    pub fn live(config: &LiveConfig, limiter: Arc<dyn RateLimiter>) -> Result<Self, SourceError> {
        let sec = Arc::new(SecClient::new(config, limiter)?);
        Ok(MarketSources {
            company_facts: sec.clone(),
            submissions: sec,
            prices: Arc::new(StooqClient::new(config)?),
            treasury: Arc::new(FredClient::new(config)?),
            short_interest: Some(Arc::new(FinraClient::new(config)?)),
            ownership: None,
        })
    }

    /// Fetches every input of `symbol` (SEC CIK `cik`) at once.
    ///
    /// Company facts are required: their `NotFound` is returned as is. For the other inputs
    /// `NotFound` means "not available" and becomes `None`; any other error (rate limits,
    /// outages, corrupt files) is returned, so the job retries or fails with the reason
    /// instead of storing a half-empty analysis.
    pub async fn gather(&self, symbol: &str, cik: u64) -> Result<AnalysisInputs, SourceError> {
        let (facts, submissions, prices, treasury) = tokio::join!(
            self.company_facts.company_facts(cik),
            self.submissions.submissions(cik),
            self.prices.daily_closes(symbol),
            self.treasury.ten_year_yield(),
        );
        let short_interest = match &self.short_interest {
            Some(source) => optional(source.short_interest(symbol).await)?.flatten(),
            None => None,
        };
        let ownership = match &self.ownership {
            Some(source) => optional(source.ownership(symbol).await)?.flatten(),
            None => None,
        };
        Ok(AnalysisInputs {
            symbol: symbol.to_ascii_uppercase(),
            company_facts: facts?,
            submissions: optional(submissions)?,
            prices: optional(prices)?,
            treasury: optional(treasury)?,
            short_interest,
            ownership,
        })
    }
}

fn optional<T>(result: Result<T, SourceError>) -> Result<Option<T>, SourceError> {
    match result {
        Ok(value) => Ok(Some(value)),
        Err(SourceError::NotFound) => Ok(None),
        Err(err) => Err(err),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_missing_company_is_not_found_and_other_gaps_are_none() {
        let sources = MarketSources::snapshot(Snapshot::new("/nonexistent-market-data"));
        assert_eq!(
            sources.gather("ZZZ", 1).await.unwrap_err(),
            SourceError::NotFound
        );
        assert_eq!(optional::<u8>(Err(SourceError::NotFound)), Ok(None));
        let limited = SourceError::RateLimited { retry_after: None };
        assert_eq!(optional::<u8>(Err(limited.clone())), Err(limited));
    }
}
