//! The hook the live SEC client calls before every request. SEC fair access allows at most
//! 10 requests a second per user across all machines, so the real implementation (in-process
//! or Redis) lives with the rest of the fleet-wide limits; the sources only need this trait.

use futures::future::BoxFuture;

/// Waits until one more request under `key` (e.g. `"sec"`) fits the budget.
///
/// Dyn-compatible on purpose: clients hold an `Arc<dyn RateLimiter>`.
pub trait RateLimiter: Send + Sync {
    /// Resolves when the caller may send one request for `key`.
    fn acquire<'a>(&'a self, key: &'a str) -> BoxFuture<'a, ()>;
}

/// A limiter that never waits: for tests and for sources without a budget.
#[derive(Debug, Clone, Copy, Default)]
pub struct NoopRateLimiter;

impl RateLimiter for NoopRateLimiter {
    fn acquire<'a>(&'a self, _key: &'a str) -> BoxFuture<'a, ()> {
        Box::pin(async {})
    }
}

/// The SEC client asks the fleet-wide budget before every request: 10 a second.
impl RateLimiter for crate::infra::FleetLimiter {
    fn acquire<'a>(&'a self, key: &'a str) -> futures::future::BoxFuture<'a, ()> {
        Box::pin(crate::infra::FleetLimiter::acquire(
            self,
            key,
            crate::infra::SEC_REQUESTS_PER_SECOND,
        ))
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;

    #[tokio::test]
    async fn noop_limiter_returns_at_once_behind_dyn() {
        let limiter: Arc<dyn RateLimiter> = Arc::new(NoopRateLimiter);
        limiter.acquire("sec").await;
    }
}
