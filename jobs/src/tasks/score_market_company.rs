//! `ScoreMarketCompany{run_id, cik, symbol}`: one company of a market run, scored from the
//! run's bulk files (no per-company SEC request), its score and facts fingerprint stored in
//! one transaction. Queued by `handlers::score_market`; run by
//! `handlers::score_market_company`.

use std::time::Duration;

use serde::{Deserialize, Serialize};

use crate::queue::Job;

/// One company of a market run.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub struct ScoreMarketCompany {
    pub run_id: i64,
    pub cik: i64,
    /// The common stock it is scored under.
    pub symbol: String,
}

impl Job for ScoreMarketCompany {
    const QUEUE: &'static str = "market-company";
    const MAX_ATTEMPTS: u32 = 3;
    const TIMEOUT: Duration = Duration::from_secs(300);

    // Queued once per run and company (the run's rows and the key both say so).
    const DEDUPE_RULE: Option<&'static str> = Some("market:{run_id}:{cik}");

    fn dedupe_key(&self) -> Option<String> {
        Some(format!("market:{}:{}", self.run_id, self.cik))
    }
}
