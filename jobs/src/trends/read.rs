//! The trends calls' reads: stored quarters in, the answers the admin page and the stock page
//! show out (the comparison itself is pure, in the parent module and `explain`).

use super::{
    ChangeExplanation, DEFAULT_LIMIT, HISTORY_POINTS, HistoryEntry, QuarterlyChange, biggest_moves,
    explain, quarterly_changes,
};
use crate::{
    securities::Directory,
    store::{Store, StoreResult},
};

/// Every symbol's change between its newest two stored quarters, by symbol: common stocks
/// only, one ticker per company (quarters a preferred or another share class stored before
/// the rule of `securities` are left out).
pub async fn changes(store: &Store) -> StoreResult<Vec<QuarterlyChange>> {
    let directory = Directory::load(store).await?;
    let mut changes = quarterly_changes(&store.latest_two_quarters().await?);
    changes.retain(|c| directory.listed_on_its_own(&c.ticker_symbol));
    Ok(changes)
}

/// The `limit` (default 5) biggest rises, or falls when `improved` is false.
pub async fn most_moved(
    store: &Store,
    improved: bool,
    limit: Option<usize>,
) -> StoreResult<Vec<QuarterlyChange>> {
    let limit = limit.unwrap_or(DEFAULT_LIMIT);
    Ok(biggest_moves(&changes(store).await?, improved, limit))
}

/// `symbol`'s latest 12 quarters, newest first.
pub async fn history(store: &Store, symbol: &str) -> StoreResult<Vec<HistoryEntry>> {
    let rows = store.quarter_history(symbol, HISTORY_POINTS).await?;
    Ok(rows.into_iter().map(HistoryEntry::from).collect())
}

/// Why `symbol`'s score moved since its previous stored quarter; `None` when fewer than two
/// quarters are stored.
pub async fn since_last_quarter(
    store: &Store,
    symbol: &str,
) -> StoreResult<Option<ChangeExplanation>> {
    Ok(
        match store.latest_quarter_records(symbol).await?.as_slice() {
            [current, previous, ..] => Some(explain(previous, current)),
            _ => None,
        },
    )
}
