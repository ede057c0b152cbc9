//! The ticker directory in memory, for search in well under a millisecond: about 10,000
//! tickers, reloaded from the store when older than a minute (the directory changes daily).

use std::{
    collections::HashMap,
    sync::{
        Arc, RwLock,
        atomic::{AtomicBool, Ordering},
    },
    time::{Duration, Instant},
};

// Brand names people type that SEC's names do not contain, or spell differently ("apple",
// "google", "jp morgan"): one list with the chat's company finder. A query of three or more
// letters that starts an alias counts ("jp mor" -> JPM).
use jobs::{
    assistant::tools::company::BRAND_ALIASES as ALIASES,
    securities::{self, SecurityKind},
    store::{
        Store, StoreResult,
        tickers::{DirectoryEntry, TickerHit},
    },
};

/// Most results a search returns (spec: ticker search result limit 100).
pub const SEARCH_LIMIT: usize = 100;
/// How old the in-memory copy may get before a reload.
const MAX_AGE: Duration = Duration::from_secs(60);

struct Entry {
    hit: TickerHit,
    cik: i64,
    name_lower: String,
    /// Sorts prominent companies first: exchange-listed, then common stock, then SEC's
    /// list position (by size).
    prominence: Prominence,
}

/// Smaller is more prominent.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
struct Prominence {
    unlisted: bool,
    not_common: bool,
    rank: i32,
}

/// Tickers an alias names for `lower` (the query, lower case).
fn alias_tickers(lower: &str) -> Vec<&'static str> {
    ALIASES
        .iter()
        .filter(|(alias, _)| *alias == lower || (lower.len() >= 3 && alias.starts_with(lower)))
        .map(|(_, ticker)| *ticker)
        .collect()
}

struct Loaded {
    entries: Vec<Entry>,
    /// Position in `entries` of each ticker.
    by_ticker: HashMap<String, usize>,
    /// Every ticker of each company, in SEC's order (main listing first).
    issuers: HashMap<i64, Vec<String>>,
    at: Instant,
}

/// A company found by one of its tickers in the in-memory directory.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Listing {
    pub name: String,
    /// All of the company's tickers, main listing first (as `Store::issuer_tickers`).
    pub issuer: Vec<String>,
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
            by_ticker: HashMap::new(),
            issuers: HashMap::new(),
            at: Instant::now() - MAX_AGE * 2,
        };
        TickerIndex {
            store,
            loaded: RwLock::new(Arc::new(empty)),
            reloading: AtomicBool::new(false),
        }
    }

    /// Searches tickers and names, case-insensitively, ranked: exact ticker or a brand alias
    /// ("apple" -> AAPL, "google" -> GOOGL), then ticker prefix, then a name (or a word of it)
    /// starting with the query; within each, prominent companies first (exchange-listed
    /// common stock, then SEC's list order, which is by size), then shorter tickers.
    pub async fn search(self: &Arc<Self>, query: &str) -> StoreResult<Vec<TickerHit>> {
        let query = query.trim();
        if query.is_empty() {
            return Ok(Vec::new());
        }
        let loaded = self.current().await?;
        Ok(rank(&loaded.entries, query))
    }

    /// The company listed under `ticker` (exact, upper case) with all of its tickers, from
    /// memory: what the analysis route needs to check a ticker without asking the store.
    /// `None` when the loaded copy does not have it (it may be up to a minute old, so callers
    /// ask the store before answering 404).
    pub async fn listing(self: &Arc<Self>, ticker: &str) -> StoreResult<Option<Listing>> {
        let loaded = self.current().await?;
        Ok(loaded.by_ticker.get(&ticker.to_uppercase()).map(|&i| {
            let entry = &loaded.entries[i];
            Listing {
                name: entry.hit.name.clone(),
                issuer: loaded.issuers.get(&entry.cik).cloned().unwrap_or_default(),
            }
        }))
    }

    /// The loaded directory: loads it when empty, refreshes it in the background when old.
    async fn current(self: &Arc<Self>) -> StoreResult<Arc<Loaded>> {
        let loaded = self
            .loaded
            .read()
            .unwrap_or_else(|p| p.into_inner())
            .clone();
        // Nothing loaded yet (a fresh database): load now. Not throttled: while the table is
        // empty a read costs next to nothing, and the moment the first ticker load commits,
        // the next call must see it (a copy read empty a moment before would otherwise answer
        // "no such company" to the first searches after start-up).
        if loaded.entries.is_empty() {
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
        let directory = self.store.ticker_directory().await?;
        let issuers = issuers_of(&directory);
        let entries = entries_of(directory);
        let by_ticker = entries
            .iter()
            .enumerate()
            .map(|(i, e)| (e.hit.ticker.clone(), i))
            .collect();
        let loaded = Arc::new(Loaded {
            entries,
            by_ticker,
            issuers,
            at: Instant::now(),
        });
        *self.loaded.write().unwrap_or_else(|p| p.into_inner()) = loaded.clone();
        Ok(loaded)
    }
}

/// Each company's tickers, in the directory's (SEC's) order.
fn issuers_of(directory: &[DirectoryEntry]) -> HashMap<i64, Vec<String>> {
    let mut issuers: HashMap<i64, Vec<String>> = HashMap::new();
    for row in directory {
        issuers.entry(row.cik).or_default().push(row.ticker.clone());
    }
    issuers
}

/// Search entries from the directory (in SEC's order), with each ticker's prominence.
fn entries_of(directory: Vec<DirectoryEntry>) -> Vec<Entry> {
    let issuers = issuers_of(&directory);
    directory
        .into_iter()
        .map(|row| {
            let issuer = issuers.get(&row.cik).map_or(&[][..], Vec::as_slice);
            let listed = matches!(
                row.exchange.as_deref(),
                Some("Nasdaq" | "NYSE" | "CBOE" | "NYSE American" | "NYSE Arca")
            );
            Entry {
                cik: row.cik,
                name_lower: row.name.to_lowercase(),
                prominence: Prominence {
                    unlisted: !listed,
                    not_common: matches!(
                        securities::classify(&row.ticker, issuer),
                        SecurityKind::NotCommon { .. }
                    ),
                    rank: row.rank.unwrap_or(i32::MAX),
                },
                hit: TickerHit {
                    // SEC's capitals in readable form (`jobs::names`).
                    name: jobs::analysis::names::readable(&row.name, Some(&row.ticker), None),
                    ticker: row.ticker,
                },
            }
        })
        .collect()
}

fn rank(entries: &[Entry], query: &str) -> Vec<TickerHit> {
    let upper = query.to_uppercase();
    let lower = query.to_lowercase();
    let word_start = format!(" {lower}");
    let aliased = alias_tickers(&lower);
    let mut hits: Vec<(u8, &Entry)> = entries
        .iter()
        .filter_map(|e| {
            let rank = if e.hit.ticker == upper || aliased.contains(&e.hit.ticker.as_str()) {
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
        (ra, a.prominence, a.hit.ticker.len(), &a.hit.ticker).cmp(&(
            rb,
            b.prominence,
            b.hit.ticker.len(),
            &b.hit.ticker,
        ))
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
                cik: 0,
                name_lower: n.to_lowercase(),
                prominence: Prominence {
                    unlisted: false,
                    not_common: false,
                    rank: 0,
                },
            })
            .collect()
    }

    /// The real directory (SEC's `company_tickers_exchange.json` from the snapshot).
    fn snapshot() -> Vec<Entry> {
        let list =
            jobs::sources::tickers::read_snapshot(&jobs::testing::market_data_dir()).unwrap();
        entries_of(
            list.into_iter()
                .enumerate()
                .map(|(i, e)| DirectoryEntry {
                    ticker: e.ticker,
                    cik: e.cik,
                    name: e.name,
                    exchange: e.exchange,
                    rank: Some(i as i32),
                })
                .collect(),
        )
    }

    fn top(entries: &[Entry], query: &str, n: usize) -> Vec<String> {
        rank(entries, query)
            .into_iter()
            .take(n)
            .map(|h| h.ticker)
            .collect()
    }

    #[test]
    fn well_known_names_find_their_company_first() {
        let directory = snapshot();
        assert_eq!(top(&directory, "apple", 1), ["AAPL"]);
        assert_eq!(top(&directory, "Apple", 1), ["AAPL"]);
        assert!(
            top(&directory, "micro", 3).contains(&"MSFT".to_string()),
            "{:?}",
            top(&directory, "micro", 5)
        );
        assert_eq!(top(&directory, "google", 1), ["GOOGL"]);
        assert_eq!(top(&directory, "alphabet", 1), ["GOOGL"]);
        assert_eq!(top(&directory, "jp morgan", 1), ["JPM"]);
        assert_eq!(top(&directory, "jpm", 1), ["JPM"]);
        // JPMorgan's preferreds come after its common stock.
        let jpm = top(&directory, "jpm", 10);
        assert!(jpm.iter().position(|t| t == "JPM-PC") > Some(0), "{jpm:?}");
        assert!(rank(&directory, "zzzzqqq").is_empty());
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
                cik: 0,
                name_lower: n.to_lowercase(),
                prominence: Prominence {
                    unlisted: false,
                    not_common: false,
                    rank: 0,
                },
            })
            .collect();
        assert_eq!(rank(&list, "a").len(), SEARCH_LIMIT);
    }
}
