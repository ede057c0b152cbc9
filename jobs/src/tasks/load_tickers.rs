//! `LoadTickers`: loads SEC's ticker directory into the store (daily, and at first start).
//! Run by `handlers::load_tickers`.

use serde::{Deserialize, Serialize};

use crate::queue::Job;

/// Loads the SEC ticker list from the snapshot directory or sec.gov.
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq, Eq)]
pub struct LoadTickers {}

impl Job for LoadTickers {
    const QUEUE: &'static str = "tickers";
    const MAX_ATTEMPTS: u32 = 5;

    const DEDUPE_RULE: Option<&'static str> = Some("load-tickers");

    fn dedupe_key(&self) -> Option<String> {
        Some("load-tickers".into())
    }
}
