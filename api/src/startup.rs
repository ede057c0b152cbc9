//! The start-up gap: on a fresh database the ticker directory is loaded by a job
//! after the API starts listening, and until it is there every analysis would answer "I
//! couldn't find a company". So until the directory has rows, `/readyz` answers 503 (a load
//! balancer sends no traffic yet), and the calls that look tickers up ([`needs_directory`])
//! wait for it if they arrive anyway, up to `STARTUP_WAIT_SECS` (default 10) after start-up;
//! after that they go ahead (a directory that still is not there is an operator's problem,
//! reported by `/readyz`, not a reason to hang every call).

use std::time::{Duration, Instant};

use axum::{
    extract::{Request, State},
    middleware::Next,
    response::Response,
};
use jobs::store::Store;
use tokio::sync::watch;

use crate::AppState;

/// How long after start-up calls wait for the ticker directory by default.
pub const DIRECTORY_WAIT: Duration = Duration::from_secs(10);
/// How often the directory is checked while it is empty.
const POLL: Duration = Duration::from_millis(100);

/// Whether the ticker directory has been loaded.
#[derive(Debug, Clone)]
pub struct Directory {
    loaded: watch::Receiver<bool>,
    started: Instant,
    wait: Duration,
}

impl Directory {
    /// A directory known to be loaded (tools and tests that build the state by hand).
    pub fn loaded() -> Self {
        let (_tx, loaded) = watch::channel(true);
        Directory {
            loaded,
            started: Instant::now(),
            wait: Duration::ZERO,
        }
    }

    /// Watches `store` until its ticker directory has rows (checked every [`POLL`]; the
    /// watching task ends then, or when the process stops). Calls wait up to `wait` after now.
    pub async fn watch(store: Store, wait: Duration) -> Self {
        let loaded_now = store.ticker_count().await.is_ok_and(|n| n > 0);
        let (tx, loaded) = watch::channel(loaded_now);
        if !loaded_now {
            tokio::spawn(async move {
                loop {
                    tokio::time::sleep(POLL).await;
                    if tx.is_closed() {
                        return;
                    }
                    if store.ticker_count().await.is_ok_and(|n| n > 0) {
                        let _ = tx.send(true);
                        tracing::info!("ticker directory loaded: ready");
                        return;
                    }
                }
            });
        }
        Directory {
            loaded,
            started: Instant::now(),
            wait,
        }
    }

    pub fn is_loaded(&self) -> bool {
        *self.loaded.borrow()
    }

    /// Waits until the directory is loaded or the wait has passed since start-up.
    pub async fn wait(&self) {
        if self.is_loaded() {
            return;
        }
        let left = self.wait.saturating_sub(self.started.elapsed());
        if left.is_zero() {
            return;
        }
        let mut loaded = self.loaded.clone();
        let _ = tokio::time::timeout(left, loaded.wait_for(|l| *l)).await;
    }
}

/// Middleware on `/api`: calls that look tickers up wait for the directory during start-up.
pub async fn wait_for_directory(
    State(state): State<AppState>,
    request: Request,
    next: Next,
) -> Response {
    if needs_directory(request.uri().path()) {
        state.directory.wait().await;
    }
    next.run(request).await
}

/// The calls that answer from the ticker directory (an unknown ticker is a 404 there), by
/// their path with or without the `/api` prefix (the middleware sits inside `nest("/api")`,
/// which strips it). Other calls (sign-in, the account) never wait. Every route with a
/// `{ticker}` or `{symbol}` in its path must be covered here: the route-table test
/// `ticker_routes_wait_for_the_directory` fails for one that is not (the chat was missed once).
pub fn needs_directory(path: &str) -> bool {
    const PREFIXES: [&str; 10] = [
        "/analyze-stock/",
        "/analyses",
        "/stocks/",
        "/stock-analysis/",
        "/stock-chart-data/",
        "/tickers/",
        "/anonymous/search",
        "/chat/",
        // Watching a stock checks its ticker like the stock page.
        "/watchlist/",
        // The admin's tools (notes, batches, chat test) look symbols up too.
        "/admin/",
    ];
    let path = path.strip_prefix("/api").unwrap_or(path);
    PREFIXES.iter().any(|prefix| path.starts_with(prefix))
}

#[cfg(test)]
mod tests {
    #[test]
    fn ticker_calls_wait_and_others_do_not() {
        use super::needs_directory;
        assert!(needs_directory("/api/analyze-stock/MSFT"));
        assert!(needs_directory("/tickers/search"));
        assert!(needs_directory("/anonymous/search"));
        assert!(needs_directory("/api/chat/MSFT"));
        assert!(needs_directory("/api/watchlist/MSFT"));
        assert!(!needs_directory("/api/login"));
        assert!(!needs_directory("/user"));
    }
}
