//! `BatchAnalysis{batch_id, symbol}`: one stock of an admin's batch, re-analysed in its own
//! job, its outcome recorded on the batch's child row. Run by `handlers::batch_analysis`.

use std::time::Duration;

use serde::{Deserialize, Serialize};

use crate::queue::Job;

/// One stock of a batch.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub struct BatchAnalysis {
    pub batch_id: i64,
    pub symbol: String,
}

impl Job for BatchAnalysis {
    const QUEUE: &'static str = "batch";
    const MAX_ATTEMPTS: u32 = 3;
    const TIMEOUT: Duration = Duration::from_secs(300);
}
