//! `CreateAlerts{symbol}`: after a watched stock's rescore is stored, writes the alerts of its
//! watchers (one per user, stock and record change). Run by `handlers::create_alerts`.

use std::time::Duration;

use serde::{Deserialize, Serialize};

use crate::queue::Job;

/// Compares `symbol`'s newest stored record with the one before it and alerts its watchers.
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq, Eq)]
pub struct CreateAlerts {
    pub symbol: String,
}

impl Job for CreateAlerts {
    const QUEUE: &'static str = "alerts";
    const MAX_ATTEMPTS: u32 = 5;
    const TIMEOUT: Duration = Duration::from_secs(120);

    const DEDUPE_RULE: Option<&'static str> = Some("alerts:{symbol}");

    fn dedupe_key(&self) -> Option<String> {
        Some(format!("alerts:{}", self.symbol))
    }
}
