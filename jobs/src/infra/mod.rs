//! Shared infrastructure that is in-process in the embedded mode and in Redis when
//! `REDIS_URL` is set, so several API and worker processes share it: counters with expiry
//! (fleet-wide request budgets), sliding-window logs (login and chat throttles) and
//! key-value entries with a time to live (sessions, de-duplication). One enum, [`Infra`],
//! offers the same operations on both; callers decide what a Redis failure means for them
//! (pace locally, count in-process, or refuse).

mod fleet_limiter;
mod memory;
mod redis_backend;

use std::{sync::Arc, time::Duration};

pub use fleet_limiter::{FleetLimiter, SEC_REQUESTS_PER_SECOND};
use memory::Memory;
use redis_backend::RedisBackend;

/// Why a Redis call failed (the in-process variant never fails).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("Redis: {0}")]
pub struct InfraError(pub String);

/// The shared state of a process: in-process, or in Redis under a key prefix.
#[derive(Clone)]
pub enum Infra {
    InProcess(Arc<Memory>),
    Redis(Arc<RedisBackend>),
}

impl std::fmt::Debug for Infra {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Infra::InProcess(_) => "Infra::InProcess",
            Infra::Redis(_) => "Infra::Redis",
        })
    }
}

impl Infra {
    pub fn in_process() -> Self {
        Infra::InProcess(Arc::new(Memory::default()))
    }

    /// Redis at `url` (connected on first use, so a Redis outage at start-up does not stop
    /// the process), every key under `{prefix}:`. The error names the URL without password.
    pub fn redis(url: &str, prefix: &str) -> Result<Self, InfraError> {
        Ok(Infra::Redis(Arc::new(RedisBackend::new(url, prefix)?)))
    }

    /// Redis when `redis_url` is given (`REDIS_URL`), in-process otherwise.
    pub fn new(redis_url: Option<&str>, prefix: &str) -> Result<Self, InfraError> {
        match redis_url {
            Some(url) => Infra::redis(url, prefix),
            None => Ok(Infra::in_process()),
        }
    }

    pub fn is_redis(&self) -> bool {
        matches!(self, Infra::Redis(_))
    }

    /// Adds one to the counter `key` and returns the new count; a new counter expires after
    /// `ttl`.
    pub async fn increment(&self, key: &str, ttl: Duration) -> Result<u64, InfraError> {
        match self {
            Infra::InProcess(m) => Ok(m.increment(key, ttl)),
            Infra::Redis(r) => r.increment(key, ttl).await,
        }
    }

    /// Logs event `member` under `key`, forgets events older than `window`, and returns how
    /// many remain (this one included).
    pub async fn window_add(
        &self,
        key: &str,
        member: &str,
        window: Duration,
    ) -> Result<u64, InfraError> {
        match self {
            Infra::InProcess(m) => Ok(m.window_add(key, member, window)),
            Infra::Redis(r) => r.window_add(key, member, window).await,
        }
    }

    /// Events under `key` within `window`.
    pub async fn window_count(&self, key: &str, window: Duration) -> Result<u64, InfraError> {
        match self {
            Infra::InProcess(m) => Ok(m.window_count(key, window)),
            Infra::Redis(r) => r.window_count(key, window).await,
        }
    }

    /// Takes event `member` back out of the log `key`.
    pub async fn window_remove(&self, key: &str, member: &str) -> Result<(), InfraError> {
        match self {
            Infra::InProcess(m) => {
                m.window_remove(key, member);
                Ok(())
            }
            Infra::Redis(r) => r.window_remove(key, member).await,
        }
    }

    /// Stores `value` under `key` for `ttl`; with `only_if_absent`, only when the key is free.
    /// Returns whether it was stored.
    pub async fn put(
        &self,
        key: &str,
        value: &str,
        ttl: Duration,
        only_if_absent: bool,
    ) -> Result<bool, InfraError> {
        match self {
            Infra::InProcess(m) => Ok(m.put(key, value, ttl, only_if_absent)),
            Infra::Redis(r) => r.put(key, value, ttl, only_if_absent).await,
        }
    }

    /// The live value under `key`.
    pub async fn get(&self, key: &str) -> Result<Option<String>, InfraError> {
        match self {
            Infra::InProcess(m) => Ok(m.get(key)),
            Infra::Redis(r) => r.get(key).await,
        }
    }

    /// Removes every key in `keys` (counters, logs, values and sets alike).
    pub async fn delete(&self, keys: &[String]) -> Result<(), InfraError> {
        match self {
            Infra::InProcess(m) => {
                m.delete(keys);
                Ok(())
            }
            Infra::Redis(r) => r.delete(keys).await,
        }
    }

    /// Adds `member` to the set `key`, whose expiry is pushed to `ttl` from now.
    pub async fn set_add(&self, key: &str, member: &str, ttl: Duration) -> Result<(), InfraError> {
        match self {
            Infra::InProcess(m) => {
                m.set_add(key, member, ttl);
                Ok(())
            }
            Infra::Redis(r) => r.set_add(key, member, ttl).await,
        }
    }

    /// The members of the set `key`.
    pub async fn set_members(&self, key: &str) -> Result<Vec<String>, InfraError> {
        match self {
            Infra::InProcess(m) => Ok(m.set_members(key)),
            Infra::Redis(r) => r.set_members(key).await,
        }
    }

    /// Whether the shared state answers (always, in-process): what readiness reports.
    pub async fn ping(&self) -> Result<(), InfraError> {
        match self {
            Infra::InProcess(_) => Ok(()),
            Infra::Redis(r) => r.ping().await,
        }
    }
}

/// Milliseconds since the Unix epoch (the scores of the sliding-window logs).
fn now_millis() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_millis() as u64)
        .unwrap_or_default()
}
