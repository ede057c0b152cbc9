//! Sliding-window attempt counters for login throttling (and other abuse limits), on the
//! shared infrastructure: in-process by default, in Redis when `REDIS_URL` is set so every API
//! replica shares them. If Redis fails, the process falls back to its own counters rather than
//! dropping the limit.

use std::{
    sync::atomic::{AtomicU64, Ordering},
    time::Duration,
};

use jobs::infra::{Infra, InfraError};

/// An attempt counted under one key; [`Throttle::release`] takes it back (a login that
/// succeeded should not count against the address).
#[derive(Debug, Clone)]
pub struct Ticket {
    key: String,
    member: String,
}

/// Counters of events per key over a sliding window.
#[derive(Debug)]
pub struct Throttle {
    shared: Infra,
    /// Used when `shared` is Redis and a call fails.
    fallback: Infra,
    seq: AtomicU64,
}

impl Throttle {
    pub fn new(shared: Infra) -> Self {
        Throttle {
            shared,
            fallback: Infra::in_process(),
            seq: AtomicU64::new(0),
        }
    }

    pub fn in_process() -> Self {
        Throttle::new(Infra::in_process())
    }

    /// Counts one attempt under `key` unless `limit` attempts are already in the window:
    /// then nothing is counted and the answer is `None` (refuse the request). Refused
    /// attempts do not extend the lockout, so waiting out the window always works.
    pub async fn acquire(&self, key: &str, window: Duration, limit: u32) -> Option<Ticket> {
        let ticket = Ticket {
            key: throttle_key(key),
            member: self.unique_member(),
        };
        let count = self
            .call(|infra| infra.window_add(&ticket.key, &ticket.member, window))
            .await;
        if count > u64::from(limit) {
            self.release(&ticket).await;
            return None;
        }
        Some(ticket)
    }

    /// Counts one event under `key` without a limit.
    pub async fn record(&self, key: &str, window: Duration) {
        let _ = self.acquire(key, window, u32::MAX).await;
    }

    /// Events under `key` in the window.
    pub async fn count(&self, key: &str, window: Duration) -> u64 {
        let key = throttle_key(key);
        self.call(|infra| infra.window_count(&key, window)).await
    }

    /// Takes back one counted attempt.
    pub async fn release(&self, ticket: &Ticket) {
        self.call(|infra| infra.window_remove(&ticket.key, &ticket.member))
            .await;
    }

    /// Passes `result` through; on an error gives the `tickets` back first. For work that
    /// did not happen through no fault of the caller (the password hasher was busy: 503),
    /// so the attempt does not use up their allowance.
    pub async fn release_on_err<T, E>(
        &self,
        result: Result<T, E>,
        tickets: &[&Ticket],
    ) -> Result<T, E> {
        if result.is_err() {
            for ticket in tickets {
                self.release(ticket).await;
            }
        }
        result
    }

    /// Forgets every event under `key`.
    pub async fn clear(&self, key: &str) {
        let keys = [throttle_key(key)];
        self.call(|infra| infra.delete(&keys)).await;
    }

    fn unique_member(&self) -> String {
        let seq = self.seq.fetch_add(1, Ordering::Relaxed);
        format!("{seq}-{}", rand::random::<u64>())
    }

    /// Runs `op` on the shared infrastructure; when Redis fails (logged), on the in-process
    /// counters instead.
    async fn call<'a, T: Default, F, Fut>(&'a self, op: F) -> T
    where
        F: Fn(&'a Infra) -> Fut,
        Fut: Future<Output = Result<T, InfraError>>,
    {
        match op(&self.shared).await {
            Ok(value) => value,
            Err(err) => {
                tracing::warn!(%err, "shared throttle unavailable; counting in-process");
                // The in-process variant never fails.
                op(&self.fallback).await.unwrap_or_default()
            }
        }
    }
}

fn throttle_key(key: &str) -> String {
    format!("throttle:{key}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn limits_within_the_window_and_releases() {
        let t = Throttle::in_process();
        let w = Duration::from_secs(60);
        let a = t.acquire("k", w, 2).await.expect("first");
        let _b = t.acquire("k", w, 2).await.expect("second");
        assert!(
            t.acquire("k", w, 2).await.is_none(),
            "third is over the limit"
        );
        assert_eq!(t.count("k", w).await, 2, "a refused attempt is not counted");
        t.release(&a).await;
        assert!(t.acquire("k", w, 2).await.is_some());
        t.clear("k").await;
        assert_eq!(t.count("k", w).await, 0);
        assert_eq!(t.count("other", w).await, 0);
    }

    #[tokio::test]
    async fn the_window_slides() {
        let t = Throttle::in_process();
        let w = Duration::from_millis(50);
        assert!(t.acquire("k", w, 1).await.is_some());
        assert!(t.acquire("k", w, 1).await.is_none());
        tokio::time::sleep(Duration::from_millis(80)).await;
        assert!(t.acquire("k", w, 1).await.is_some());
    }
}
