//! Fleet-wide rate limits (SEC fair access: at most 10 requests a second across all
//! workers). In Redis when `REDIS_URL` is set, so every process on every host shares one
//! budget; in-process otherwise (the embedded mode runs one worker).

use std::{
    collections::HashMap,
    sync::Mutex,
    time::{Duration, SystemTime, UNIX_EPOCH},
};

/// A per-second request budget per key.
pub enum FleetLimiter {
    InProcess(Mutex<HashMap<String, (u64, u32)>>),
    Redis(redis::aio::ConnectionManager),
}

impl std::fmt::Debug for FleetLimiter {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            FleetLimiter::InProcess(_) => "FleetLimiter::InProcess",
            FleetLimiter::Redis(_) => "FleetLimiter::Redis",
        })
    }
}

impl FleetLimiter {
    pub fn in_process() -> Self {
        FleetLimiter::InProcess(Mutex::new(HashMap::new()))
    }

    /// Connects to Redis; the error says which URL (without password) failed.
    pub async fn redis(url: &str) -> Result<Self, String> {
        let client = redis::Client::open(url)
            .map_err(|e| format!("bad REDIS_URL {}: {e}", crate::store::redact(url)))?;
        let manager = redis::aio::ConnectionManager::new(client)
            .await
            .map_err(|e| format!("cannot reach Redis at {}: {e}", crate::store::redact(url)))?;
        Ok(FleetLimiter::Redis(manager))
    }

    /// Waits until one more request under `key` fits in `per_second`.
    pub async fn acquire(&self, key: &str, per_second: u32) {
        loop {
            let now = now_millis();
            let second = now / 1000;
            let taken = match self {
                FleetLimiter::InProcess(buckets) => {
                    let mut buckets = buckets.lock().unwrap_or_else(|p| p.into_inner());
                    let bucket = buckets.entry(key.to_string()).or_insert((second, 0));
                    if bucket.0 != second {
                        *bucket = (second, 0);
                    }
                    bucket.1 += 1;
                    bucket.1
                }
                FleetLimiter::Redis(manager) => {
                    match redis_take(manager.clone(), key, second).await {
                        Ok(n) => n,
                        Err(err) => {
                            // Fail closed but slowly: without Redis we cannot count the fleet, so
                            // pace this process to the whole budget's share of one.
                            tracing::warn!(%err, "rate limiter unavailable; pacing locally");
                            tokio::time::sleep(Duration::from_millis(
                                1000 / u64::from(per_second.max(1)),
                            ))
                            .await;
                            return;
                        }
                    }
                }
            };
            if taken <= per_second {
                return;
            }
            tokio::time::sleep(Duration::from_millis(1000 - now % 1000 + 1)).await;
        }
    }
}

async fn redis_take(
    mut conn: redis::aio::ConnectionManager,
    key: &str,
    second: u64,
) -> redis::RedisResult<u32> {
    let bucket = format!("ratelimit:{key}:{second}");
    let (count,): (u32,) = redis::pipe()
        .atomic()
        .incr(&bucket, 1)
        .pexpire(&bucket, 2000)
        .ignore()
        .query_async(&mut conn)
        .await?;
    Ok(count)
}

fn now_millis() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_millis() as u64)
        .unwrap_or_default()
}

/// The SEC client asks the fleet-wide budget before every request: 10 a second.
impl crate::sources::rate_limit::RateLimiter for FleetLimiter {
    fn acquire<'a>(&'a self, key: &'a str) -> futures::future::BoxFuture<'a, ()> {
        Box::pin(FleetLimiter::acquire(self, key, SEC_REQUESTS_PER_SECOND))
    }
}

/// SEC fair access: at most 10 requests a second per user, across all machines.
pub const SEC_REQUESTS_PER_SECOND: u32 = 10;
