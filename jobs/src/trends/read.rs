//! The trends calls' reads: stored quarters in, the answers the admin page and the stock page
//! show out (the comparison itself is pure, in the parent module and `explain`).

use super::{
    ChangeExplanation, DEFAULT_LIMIT, HISTORY_POINTS, HistoryEntry, QuarterlyChange, biggest_moves,
    explain, quarterly_changes,
};
use crate::store::{Store, StoreResult};

/// Every symbol's change between its newest two stored quarters, by symbol.
pub async fn changes(store: &Store) -> StoreResult<Vec<QuarterlyChange>> {
    Ok(quarterly_changes(&store.latest_two_quarters().await?))
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
