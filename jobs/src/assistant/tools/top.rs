//! The Top 25: the ranked scores by the `ranking` room's rule (the home page's list).

use super::Toolbox;
use crate::{
    ranking::{self, TopStock},
    store::StoreResult,
};

/// How many stocks the Top list holds.
pub const TOP_SIZE: usize = 25;

impl Toolbox {
    /// The Top 25 as the home page shows it.
    pub async fn top(&self) -> StoreResult<Vec<TopStock>> {
        ranking::top_stocks(&self.store, TOP_SIZE).await
    }
}
