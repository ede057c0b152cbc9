//! The trends calls' reads: stored quarters in, the answers the admin page and the stock page
//! show out (the comparison itself is pure, in the parent module and `explain`).

use super::{
    ChangeExplanation, DEFAULT_LIMIT, HISTORY_POINTS, HistoryEntry, QuarterlyChange, biggest_moves,
    explain, quarterly_changes,
};
use crate::{
    securities::Directory,
    store::{Store, StoreResult, trends::Move},
};

/// How many changes a page of the changes list holds when the caller does not say.
pub const CHANGES_PAGE: usize = 100;

/// Up to `limit` symbols' changes between their newest two stored quarters, alphabetically
/// after `after`: common stocks only, one ticker per company (quarters a preferred or another
/// share class stored before the rule of `securities` are left out). A page is full unless
/// the list ended, so a shorter page means there is no more.
pub async fn changes_page(
    store: &Store,
    after: &str,
    limit: usize,
) -> StoreResult<Vec<QuarterlyChange>> {
    let mut out = Vec::new();
    let mut cursor = after.to_string();
    while out.len() < limit {
        let wanted = limit - out.len();
        let rows = store
            .latest_two_quarters_page(&cursor, wanted as i64)
            .await?;
        let page = quarterly_changes(&rows);
        let Some(last) = page.last() else { break };
        cursor = last.ticker_symbol.clone();
        let ended = page.len() < wanted;
        out.extend(listed_on_their_own(store, page).await?);
        if ended {
            break;
        }
    }
    Ok(out)
}

/// The `limit` (default 5) biggest rises, or falls when `improved` is false.
pub async fn most_moved(
    store: &Store,
    improved: bool,
    limit: Option<usize>,
) -> StoreResult<Vec<QuarterlyChange>> {
    let limit = limit.unwrap_or(DEFAULT_LIMIT);
    let direction = if improved { Move::Rise } else { Move::Fall };
    // A left-out share class only makes the next read larger.
    let mut fetch = limit + 5;
    loop {
        let rows = store.score_moves(direction, fetch as i64).await?;
        let moved = quarterly_changes(&rows);
        let ended = moved.len() < fetch;
        let kept = listed_on_their_own(store, moved).await?;
        if ended || kept.len() >= limit {
            return Ok(biggest_moves(&kept, improved, limit));
        }
        fetch *= 4;
    }
}

/// `changes` without the ones of a ticker that is not listed on its own.
async fn listed_on_their_own(
    store: &Store,
    mut changes: Vec<QuarterlyChange>,
) -> StoreResult<Vec<QuarterlyChange>> {
    let symbols: Vec<String> = changes.iter().map(|c| c.ticker_symbol.clone()).collect();
    let directory = Directory::load_for(store, &symbols).await?;
    changes.retain(|c| directory.listed_on_its_own(&c.ticker_symbol));
    Ok(changes)
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
