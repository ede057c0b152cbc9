//! `AnalyzeQuarter{symbol, quarter}`: scores a company as of a past quarter's last day and
//! stores it as that quarter's trends row (how trends get a history for companies first
//! analysed today). Run by `handlers::analyze_quarter`.

use std::time::Duration;

use serde::{Deserialize, Serialize};

use crate::queue::Job;

/// Analyses one stock as of a past quarter.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub struct AnalyzeQuarter {
    /// Upper-case ticker, as in the SEC directory.
    pub symbol: String,
    /// `2026-Q2`: a quarter before the current one.
    pub quarter: String,
}

impl Job for AnalyzeQuarter {
    const QUEUE: &'static str = "analyze-quarter";
    const MAX_ATTEMPTS: u32 = 5;
    const TIMEOUT: Duration = Duration::from_secs(120);

    const DEDUPE_RULE: Option<&'static str> = Some("analyze-quarter:{symbol}:{quarter}");

    /// Requests for the same symbol and quarter join one job.
    fn dedupe_key(&self) -> Option<String> {
        Some(format!("analyze-quarter:{}:{}", self.symbol, self.quarter))
    }
}
