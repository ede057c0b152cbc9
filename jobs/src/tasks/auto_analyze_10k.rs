//! `AutoAnalyze10K{symbol}`: drafts a stock's 14 notes sections from its latest 10-K for the
//! admin's bulk editor. Run by `handlers::auto_analyze_10k`.

use std::time::Duration;

use serde::{Deserialize, Serialize};

use crate::queue::Job;

/// Drafts `symbol`'s notes from its latest 10-K.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub struct AutoAnalyze10K {
    /// Upper-case ticker.
    pub symbol: String,
}

impl Job for AutoAnalyze10K {
    const QUEUE: &'static str = "auto-analyze-10k";
    const MAX_ATTEMPTS: u32 = 3;
    /// A language model writes 14 sections one after another.
    const TIMEOUT: Duration = Duration::from_secs(600);

    const DEDUPE_RULE: Option<&'static str> = Some("auto-analyze-10k:{symbol}");

    /// Clicking twice joins the running job.
    fn dedupe_key(&self) -> Option<String> {
        Some(format!("auto-analyze-10k:{}", self.symbol))
    }
}
