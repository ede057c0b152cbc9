//! `AnalyzeStock{symbol}`: fetches a company's filings and market data, scores the 12
//! questions and stores the result. Run by `handlers::analyze_stock`.

use std::time::Duration;

use serde::{Deserialize, Serialize};

use crate::queue::Job;

/// Analyses one stock and stores the result.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub struct AnalyzeStock {
    /// Upper-case ticker, as in the SEC directory.
    pub symbol: String,
}

impl Job for AnalyzeStock {
    const QUEUE: &'static str = "analyze";
    const MAX_ATTEMPTS: u32 = 5;
    const TIMEOUT: Duration = Duration::from_secs(120);

    const DEDUPE_RULE: Option<&'static str> = Some("analyze:{symbol}");

    /// Concurrent requests for one symbol join one job.
    fn dedupe_key(&self) -> Option<String> {
        Some(format!("analyze:{}", self.symbol))
    }
}
