//! The statistics job's reading: which stored records count as peers, and each page of their
//! facts into the [`Accumulator`]. The job (`handlers::compute_sector_stats`) pages through
//! the store with these, so its memory is the numbers it keeps, not the records.

use std::collections::{HashMap, HashSet};

use super::{metrics::AnswerFacts, stats::Accumulator};
use crate::{
    analysis::record::ValueGrowthRow,
    ranking::{self, Standing},
    store::{Store, StoreResult, sector_stats::PeerFactRow},
};

/// Records read per page.
pub const PAGE: i64 = 250;

/// The symbols whose records count as peers, and how many records are stored: only those
/// the Top 25 may rank (`crate::ranking`: common stock, one per company, not provisional, no
/// data fault), so a preferred, a second share class or a score on a few answers never moves
/// a median.
pub async fn ranked_symbols(store: &Store) -> StoreResult<(HashSet<String>, usize)> {
    let rows = store.score_rows().await?;
    let stored = rows.len();
    let mut issuers: HashMap<i64, Vec<String>> = HashMap::new();
    for (cik, ticker) in store.analysed_issuer_tickers().await? {
        issuers.entry(cik).or_default().push(ticker);
    }
    let ranked = ranking::rank(rows, &issuers)
        .into_iter()
        .filter(|(_, standing)| matches!(standing, Standing::Ranked { .. }))
        .map(|(row, _)| row.symbol)
        .collect();
    Ok((ranked, stored))
}

/// Adds the peers among one page of rows (ordered by symbol, one row per question) and
/// answers how many records the page held.
pub fn add_page(acc: &mut Accumulator, rows: &[PeerFactRow], peers: &HashSet<String>) -> usize {
    let mut records = 0;
    for company in rows.chunk_by(|a, b| a.symbol == b.symbol) {
        records += 1;
        let first = &company[0];
        let Some(sic) = first.sic.and_then(|s| u32::try_from(s).ok()) else {
            continue;
        };
        if !peers.contains(&first.symbol) {
            continue;
        }
        let answers: Vec<AnswerFacts> = company.iter().filter_map(facts).collect();
        acc.add(sic, &answers);
    }
    records
}

fn facts(row: &PeerFactRow) -> Option<AnswerFacts<'_>> {
    let number = u8::try_from(row.number?).ok()?;
    let latest_profit = row.chart_rows.as_deref().and_then(|json| {
        let rows: Vec<ValueGrowthRow> = serde_json::from_str(json).ok()?;
        rows.iter().rev().find_map(|r| r.value).map(|v| v > 0.0)
    });
    Some(AnswerFacts {
        number,
        score: row.score.and_then(|s| u8::try_from(s).ok()),
        metric: row.metric,
        metric_name: row.metric_name.as_deref().unwrap_or_default(),
        latest_profit,
    })
}
