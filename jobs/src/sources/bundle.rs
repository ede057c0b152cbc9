//! One handle on every source an analysis reads, in snapshot or live mode, and the fetch of
//! all of a company's inputs. The job context builds a [`MarketSources`] once at start-up; the
//! `AnalyzeStock` job calls [`MarketSources::filings`] and [`MarketSources::with_market_data`]
//! per analysis (tests call both through [`MarketSources::gather`]); `analysis::analyze` does
//! the rest.

use std::sync::Arc;

use super::{
    CompanyFactsSource, OwnershipSource, PriceSource, ShortInterestSource, SourceError,
    SubmissionsSource, TreasurySource,
    finra::FinraClient,
    http::LiveConfig,
    live::{FredClient, SecClient, StooqClient},
    rate_limit::RateLimiter,
    snapshot::Snapshot,
};
use crate::market_data::AnalysisInputs;

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

    /// Fetches every input of `symbol` (SEC CIK `cik`): [`Self::filings`], then
    /// [`Self::with_market_data`]. The job handler makes the same two calls with its progress
    /// stages in between.
    pub async fn gather(&self, symbol: &str, cik: u64) -> Result<AnalysisInputs, SourceError> {
        let filings = self.filings(symbol, cik).await?;
        self.with_market_data(filings).await
    }

    /// The company's SEC filings: its XBRL facts (required: their `NotFound` is returned as
    /// is) and its submissions (`None` when there are none). The market inputs are still
    /// empty.
    pub async fn filings(&self, symbol: &str, cik: u64) -> Result<AnalysisInputs, SourceError> {
        let (facts, submissions) = tokio::join!(
            self.company_facts.company_facts(cik),
            self.submissions.submissions(cik),
        );
        Ok(AnalysisInputs {
            symbol: symbol.to_ascii_uppercase(),
            company_facts: facts?,
            submissions: optional(submissions)?,
            ..AnalysisInputs::default()
        })
    }

    /// Adds prices (adjusted, and as traded where the source has them), the 10-year Treasury yield, short interest and ownership to `inputs`.
    ///
    /// `NotFound` means "not available" and leaves the input `None`; any other error (rate
    /// limits, outages, corrupt files) is returned, so the job retries or fails with the
    /// reason instead of storing a half-empty analysis.
    pub async fn with_market_data(
        &self,
        mut inputs: AnalysisInputs,
    ) -> Result<AnalysisInputs, SourceError> {
        let symbol = inputs.symbol.as_str();
        let short_interest = async {
            match &self.short_interest {
                Some(source) => optional(source.short_interest(symbol).await).map(Option::flatten),
                None => Ok(None),
            }
        };
        let ownership = async {
            match &self.ownership {
                Some(source) => optional(source.ownership(symbol).await).map(Option::flatten),
                None => Ok(None),
            }
        };
        let (prices, traded, treasury, short_interest, ownership) = tokio::join!(
            self.prices.daily_closes(symbol),
            self.prices.traded_closes(symbol),
            self.treasury.ten_year_yield(),
            short_interest,
            ownership,
        );
        inputs.prices = optional(prices)?;
        inputs.traded_prices = optional(traded)?;
        inputs.treasury = optional(treasury)?;
        inputs.short_interest = short_interest?;
        inputs.ownership = ownership?;
        Ok(inputs)
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
