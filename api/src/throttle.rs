//! Sliding-window attempt counters for login throttling (and other abuse limits): in-process
//! by default, in Redis when `REDIS_URL` is set so every API replica shares them. If Redis
//! fails, the process falls back to its own counters rather than dropping the limit.

use std::{
    collections::{HashMap, VecDeque},
    sync::Mutex,
    time::{Duration, SystemTime, UNIX_EPOCH},
};

use tokio::sync::OnceCell;

/// Entries kept in memory before old keys are swept.
const SWEEP_AT: usize = 50_000;

/// An attempt counted under one key; [`Throttle::release`] takes it back (a login that
/// succeeded should not count against the address).
#[derive(Debug, Clone)]
pub struct Ticket {
    key: String,
    member: String,
}

/// Counters of events per key over a sliding window.
pub struct Throttle {
    local: Mutex<Local>,
    redis: Option<Redis>,
}

#[derive(Default)]
struct Local {
    events: HashMap<String, VecDeque<(u128, String)>>,
    seq: u64,
}

struct Redis {
    client: redis::Client,
    conn: OnceCell<redis::aio::ConnectionManager>,
    prefix: String,
}

impl std::fmt::Debug for Throttle {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(if self.redis.is_some() {
            "Throttle::Redis"
        } else {
            "Throttle::InProcess"
        })
    }
}

impl Throttle {
    pub fn in_process() -> Self {
        Throttle {
            local: Mutex::new(Local::default()),
            redis: None,
        }
    }

    /// Counters in Redis (connected on first use), keys under `{prefix}:throttle:`.
    pub fn redis(url: &str, prefix: &str) -> Result<Self, String> {
        let client = redis::Client::open(url)
            .map_err(|e| format!("bad REDIS_URL {}: {e}", jobs::store::redact(url)))?;
        Ok(Throttle {
            local: Mutex::new(Local::default()),
            redis: Some(Redis {
                client,
                conn: OnceCell::new(),
                prefix: prefix.to_string(),
            }),
        })
    }

    /// Counts one attempt under `key` unless `limit` attempts are already in the window:
    /// then nothing is counted and the answer is `None` (refuse the request). Refused
    /// attempts do not extend the lockout, so waiting out the window always works.
    pub async fn acquire(&self, key: &str, window: Duration, limit: u32) -> Option<Ticket> {
        let member = self.unique_member();
        let count = match self.redis_call(|r, c| r.add(c, key, &member, window)).await {
            Some(n) => n,
            None => self.local_add(key, &member, window),
        };
        let ticket = Ticket {
            key: key.to_string(),
            member,
        };
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
        match self.redis_call(|r, c| r.count(c, key, window)).await {
            Some(n) => n,
            None => {
                let mut local = self.local.lock().unwrap_or_else(|p| p.into_inner());
                let cutoff = now_millis().saturating_sub(window.as_millis());
                local.events.get_mut(key).map_or(0, |q| {
                    q.retain(|(t, _)| *t > cutoff);
                    q.len() as u64
                })
            }
        }
    }

    /// Takes back one counted attempt.
    pub async fn release(&self, ticket: &Ticket) {
        if self
            .redis_call(|r, c| r.remove(c, &ticket.key, &ticket.member))
            .await
            .is_none()
        {
            let mut local = self.local.lock().unwrap_or_else(|p| p.into_inner());
            if let Some(q) = local.events.get_mut(&ticket.key) {
                q.retain(|(_, m)| *m != ticket.member);
            }
        }
    }

    /// Forgets every event under `key`.
    pub async fn clear(&self, key: &str) {
        if self.redis_call(|r, c| r.clear(c, key)).await.is_none() {
            self.local
                .lock()
                .unwrap_or_else(|p| p.into_inner())
                .events
                .remove(key);
        }
    }

    fn unique_member(&self) -> String {
        let mut local = self.local.lock().unwrap_or_else(|p| p.into_inner());
        local.seq += 1;
        format!("{}-{}-{}", now_millis(), local.seq, rand::random::<u32>())
    }

    fn local_add(&self, key: &str, member: &str, window: Duration) -> u64 {
        let now = now_millis();
        let cutoff = now.saturating_sub(window.as_millis());
        let mut local = self.local.lock().unwrap_or_else(|p| p.into_inner());
        if local.events.len() > SWEEP_AT {
            local
                .events
                .retain(|_, q| q.back().is_some_and(|(t, _)| *t > cutoff));
        }
        let q = local.events.entry(key.to_string()).or_default();
        q.retain(|(t, _)| *t > cutoff);
        q.push_back((now, member.to_string()));
        q.len() as u64
    }

    /// Runs `call` on Redis when configured; `None` when not configured or when it failed
    /// (logged), so the caller uses the in-process counters.
    async fn redis_call<'a, T, F, Fut>(&'a self, call: F) -> Option<T>
    where
        F: FnOnce(&'a Redis, redis::aio::ConnectionManager) -> Fut,
        Fut: Future<Output = redis::RedisResult<T>>,
    {
        let redis = self.redis.as_ref()?;
        let conn = match redis
            .conn
            .get_or_try_init(|| redis.client.get_connection_manager())
            .await
        {
            Ok(conn) => conn.clone(),
            Err(err) => {
                tracing::warn!(%err, "Redis unavailable for throttling; counting in-process");
                return None;
            }
        };
        match call(redis, conn).await {
            Ok(value) => Some(value),
            Err(err) => {
                tracing::warn!(%err, "Redis throttle call failed; counting in-process");
                None
            }
        }
    }
}

impl Redis {
    fn key(&self, key: &str) -> String {
        format!("{}:throttle:{key}", self.prefix)
    }

    async fn add(
        &self,
        mut c: redis::aio::ConnectionManager,
        key: &str,
        member: &str,
        window: Duration,
    ) -> redis::RedisResult<u64> {
        let now = now_millis() as u64;
        let cutoff = now.saturating_sub(window.as_millis() as u64);
        let key = self.key(key);
        let (count,): (u64,) = redis::pipe()
            .atomic()
            .zrembyscore(&key, 0, cutoff)
            .ignore()
            .zadd(&key, member, now)
            .ignore()
            .zcard(&key)
            .pexpire(&key, window.as_millis() as i64)
            .ignore()
            .query_async(&mut c)
            .await?;
        Ok(count)
    }

    async fn count(
        &self,
        mut c: redis::aio::ConnectionManager,
        key: &str,
        window: Duration,
    ) -> redis::RedisResult<u64> {
        let cutoff = (now_millis() as u64).saturating_sub(window.as_millis() as u64);
        let key = self.key(key);
        let (count,): (u64,) = redis::pipe()
            .atomic()
            .zrembyscore(&key, 0, cutoff)
            .ignore()
            .zcard(&key)
            .query_async(&mut c)
            .await?;
        Ok(count)
    }

    async fn remove(
        &self,
        mut c: redis::aio::ConnectionManager,
        key: &str,
        member: &str,
    ) -> redis::RedisResult<()> {
        redis::cmd("ZREM")
            .arg(self.key(key))
            .arg(member)
            .query_async(&mut c)
            .await
    }

    async fn clear(
        &self,
        mut c: redis::aio::ConnectionManager,
        key: &str,
    ) -> redis::RedisResult<()> {
        redis::cmd("DEL")
            .arg(self.key(key))
            .query_async(&mut c)
            .await
    }
}

fn now_millis() -> u128 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_millis())
        .unwrap_or_default()
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
