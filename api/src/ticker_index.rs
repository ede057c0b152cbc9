//! The ticker directory in memory, for search in well under a millisecond: about 10,000
//! tickers, reloaded from the store when older than a minute (the directory changes daily).

use std::{
    sync::{
        Arc, RwLock,
        atomic::{AtomicBool, Ordering},
    },
    time::{Duration, Instant},
};

use jobs::store::{Store, StoreResult, tickers::TickerHit};

/// Most results a search returns (spec: ticker search result limit 100).
pub const SEARCH_LIMIT: usize = 100;
/// How old the in-memory copy may get before a reload.
const MAX_AGE: Duration = Duration::from_secs(60);

struct Entry {
    hit: TickerHit,
    name_lower: String,
}

struct Loaded {
    entries: Vec<Entry>,
    at: Instant,
}

/// The searchable directory shared by all requests.
pub struct TickerIndex {
    store: Store,
    loaded: RwLock<Arc<Loaded>>,
    reloading: AtomicBool,
}

impl TickerIndex {
    pub fn new(store: Store) -> Self {
        let empty = Loaded {
            entries: Vec::new(),
            at: Instant::now() - MAX_AGE * 2,
        };
        TickerIndex {
            store,
            loaded: RwLock::new(Arc::new(empty)),
            reloading: AtomicBool::new(false),
        }
    }

    /// Searches tickers and names, case-insensitively, ranked: exact ticker, then ticker
    /// prefix, then a name (or a word of it) starting with the query; shorter tickers first.
    pub async fn search(self: &Arc<Self>, query: &str) -> StoreResult<Vec<TickerHit>> {
        let query = query.trim();
        if query.is_empty() {
            return Ok(Vec::new());
        }
        let loaded = self.current().await?;
        Ok(rank(&loaded.entries, query))
    }

    /// The loaded directory: loads it when empty, refreshes it in the background when old.
    async fn current(self: &Arc<Self>) -> StoreResult<Arc<Loaded>> {
        let loaded = self
            .loaded
            .read()
            .unwrap_or_else(|p| p.into_inner())
            .clone();
        // Nothing loaded yet (a fresh database): load now, but at most once a second, so a
        // directory that is still empty is not re-read by every keystroke.
        if loaded.entries.is_empty() && loaded.at.elapsed() > MAX_AGE / 60 {
            return self.reload().await;
        }
        if loaded.at.elapsed() > MAX_AGE && !self.reloading.swap(true, Ordering::SeqCst) {
            let index = self.clone();
            tokio::spawn(async move {
                if let Err(err) = index.reload().await {
                    tracing::warn!(%err, "could not refresh the ticker index");
                }
                index.reloading.store(false, Ordering::SeqCst);
            });
        }
        Ok(loaded)
    }

    async fn reload(&self) -> StoreResult<Arc<Loaded>> {
        let entries = self
            .store
            .all_tickers()
            .await?
            .into_iter()
            .map(|hit| Entry {
                name_lower: hit.name.to_lowercase(),
                hit,
            })
            .collect();
        let loaded = Arc::new(Loaded {
            entries,
            at: Instant::now(),
        });
        *self.loaded.write().unwrap_or_else(|p| p.into_inner()) = loaded.clone();
        Ok(loaded)
    }
}

fn rank(entries: &[Entry], query: &str) -> Vec<TickerHit> {
    let upper = query.to_uppercase();
    let lower = query.to_lowercase();
    let word_start = format!(" {lower}");
    let mut hits: Vec<(u8, &Entry)> = entries
        .iter()
        .filter_map(|e| {
            let rank = if e.hit.ticker == upper {
                0
            } else if e.hit.ticker.starts_with(&upper) {
                1
            } else if e.name_lower.starts_with(&lower) || e.name_lower.contains(&word_start) {
                2
            } else {
                return None;
            };
            Some((rank, e))
        })
        .collect();
    hits.sort_by(|(ra, a), (rb, b)| {
        (ra, a.hit.ticker.len(), &a.hit.ticker).cmp(&(rb, b.hit.ticker.len(), &b.hit.ticker))
    });
    hits.into_iter()
        .take(SEARCH_LIMIT)
        .map(|(_, e)| e.hit.clone())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entries(list: &[(&str, &str)]) -> Vec<Entry> {
        list.iter()
            .map(|(t, n)| Entry {
                hit: TickerHit {
                    ticker: t.to_string(),
                    name: n.to_string(),
                },
                name_lower: n.to_lowercase(),
            })
            .collect()
    }

    #[test]
    fn ranks_exact_then_prefix_then_name_words() {
        let list = entries(&[
            ("GM", "General Motors Co"),
            ("FORD", "Forward Industries"),
            ("F", "Ford Motor Co"),
            ("XF", "Fast Food Inc"),
        ]);
        let tickers: Vec<_> = rank(&list, "f").into_iter().map(|h| h.ticker).collect();
        assert_eq!(
            tickers,
            ["F", "FORD", "XF"],
            "'General Motors' has no word starting with f"
        );
        let tickers: Vec<_> = rank(&list, "MOTOR").into_iter().map(|h| h.ticker).collect();
        assert_eq!(tickers, ["F", "GM"]);
        assert!(
            rank(&list, "otor").is_empty(),
            "only word starts match, not the middle of a word"
        );
    }

    #[test]
    fn never_returns_more_than_the_limit() {
        let many: Vec<(String, String)> = (0..300)
            .map(|i| (format!("A{i}"), format!("Acme {i}")))
            .collect();
        let list: Vec<Entry> = many
            .iter()
            .map(|(t, n)| Entry {
                hit: TickerHit {
                    ticker: t.clone(),
                    name: n.clone(),
                },
                name_lower: n.to_lowercase(),
            })
            .collect();
        assert_eq!(rank(&list, "a").len(), SEARCH_LIMIT);
    }
}
