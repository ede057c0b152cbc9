//! The Redis variant of [`super::Infra`]: one lazily connected connection manager, every key
//! under the configured prefix. Counters are `INCR` + `PEXPIRE`, sliding-window logs sorted
//! sets scored by time, values `SET .. PX [NX]`, sets `SADD` + `PEXPIRE`.
//!
//! Every call is bounded by [`REDIS_TIMEOUT`]: with Redis down, a request that needs it gets
//! an error at once (its caller answers 503 or falls back) instead of waiting for TCP to give
//! up, and the manager reconnects on its own when Redis is back.

use std::time::Duration;

use redis::aio::{ConnectionManager, ConnectionManagerConfig};
use tokio::sync::OnceCell;

use super::{InfraError, now_millis};

pub struct RedisBackend {
    client: redis::Client,
    conn: OnceCell<ConnectionManager>,
    prefix: String,
}

/// The longest one Redis call (or the first connection) may take.
pub const REDIS_TIMEOUT: Duration = Duration::from_secs(1);

fn err(e: redis::RedisError) -> InfraError {
    InfraError(e.to_string())
}

fn millis(d: Duration) -> i64 {
    d.as_millis().clamp(1, i64::MAX as u128) as i64
}

impl RedisBackend {
    pub fn new(url: &str, prefix: &str) -> Result<Self, InfraError> {
        let client = redis::Client::open(url).map_err(|e| {
            InfraError(format!(
                "bad REDIS_URL {}: {e}",
                crate::settings::redact(url)
            ))
        })?;
        Ok(RedisBackend {
            client,
            conn: OnceCell::new(),
            prefix: prefix.to_string(),
        })
    }

    fn key(&self, key: &str) -> String {
        format!("{}:{key}", self.prefix)
    }

    async fn conn(&self) -> Result<ConnectionManager, InfraError> {
        let config = ConnectionManagerConfig::new()
            .set_connection_timeout(REDIS_TIMEOUT)
            .set_response_timeout(REDIS_TIMEOUT)
            // Reconnection runs in the background; a caller never waits through retries.
            .set_number_of_retries(1);
        let connect = self
            .conn
            .get_or_try_init(|| self.client.get_connection_manager_with_config(config));
        match tokio::time::timeout(REDIS_TIMEOUT * 2, connect).await {
            Ok(conn) => Ok(conn.map_err(err)?.clone()),
            Err(_) => Err(InfraError(format!(
                "no connection within {} s",
                (REDIS_TIMEOUT * 2).as_secs()
            ))),
        }
    }

    pub async fn ping(&self) -> Result<(), InfraError> {
        let mut conn = self.conn().await?;
        redis::cmd("PING")
            .query_async::<String>(&mut conn)
            .await
            .map(drop)
            .map_err(err)
    }

    pub async fn increment(&self, key: &str, ttl: Duration) -> Result<u64, InfraError> {
        let key = self.key(key);
        let mut conn = self.conn().await?;
        // NX: the first increment sets the expiry, later ones leave it.
        let (count,): (u64,) = redis::pipe()
            .atomic()
            .incr(&key, 1)
            .cmd("PEXPIRE")
            .arg(&key)
            .arg(millis(ttl))
            .arg("NX")
            .ignore()
            .query_async(&mut conn)
            .await
            .map_err(err)?;
        Ok(count)
    }

    pub async fn window_add(
        &self,
        key: &str,
        member: &str,
        window: Duration,
    ) -> Result<u64, InfraError> {
        let now = now_millis();
        let cutoff = now.saturating_sub(window.as_millis() as u64);
        let key = self.key(key);
        let mut conn = self.conn().await?;
        let (count,): (u64,) = redis::pipe()
            .atomic()
            .zrembyscore(&key, 0, cutoff)
            .ignore()
            .zadd(&key, member, now)
            .ignore()
            .zcard(&key)
            .pexpire(&key, millis(window))
            .ignore()
            .query_async(&mut conn)
            .await
            .map_err(err)?;
        Ok(count)
    }

    pub async fn window_count(&self, key: &str, window: Duration) -> Result<u64, InfraError> {
        let cutoff = now_millis().saturating_sub(window.as_millis() as u64);
        let key = self.key(key);
        let mut conn = self.conn().await?;
        let (count,): (u64,) = redis::pipe()
            .atomic()
            .zrembyscore(&key, 0, cutoff)
            .ignore()
            .zcard(&key)
            .query_async(&mut conn)
            .await
            .map_err(err)?;
        Ok(count)
    }

    pub async fn window_remove(&self, key: &str, member: &str) -> Result<(), InfraError> {
        let mut conn = self.conn().await?;
        redis::cmd("ZREM")
            .arg(self.key(key))
            .arg(member)
            .query_async::<()>(&mut conn)
            .await
            .map_err(err)
    }

    pub async fn put(
        &self,
        key: &str,
        value: &str,
        ttl: Duration,
        only_if_absent: bool,
    ) -> Result<bool, InfraError> {
        let mut conn = self.conn().await?;
        let mut set = redis::cmd("SET");
        set.arg(self.key(key)).arg(value).arg("PX").arg(millis(ttl));
        if only_if_absent {
            set.arg("NX");
        }
        let written: Option<String> = set.query_async(&mut conn).await.map_err(err)?;
        Ok(written.is_some())
    }

    pub async fn get(&self, key: &str) -> Result<Option<String>, InfraError> {
        let mut conn = self.conn().await?;
        redis::cmd("GET")
            .arg(self.key(key))
            .query_async(&mut conn)
            .await
            .map_err(err)
    }

    pub async fn delete(&self, keys: &[String]) -> Result<(), InfraError> {
        if keys.is_empty() {
            return Ok(());
        }
        let mut conn = self.conn().await?;
        let mut del = redis::cmd("DEL");
        for key in keys {
            del.arg(self.key(key));
        }
        del.query_async::<()>(&mut conn).await.map_err(err)
    }

    pub async fn set_add(&self, key: &str, member: &str, ttl: Duration) -> Result<(), InfraError> {
        let key = self.key(key);
        let mut conn = self.conn().await?;
        redis::pipe()
            .sadd(&key, member)
            .ignore()
            .pexpire(&key, millis(ttl))
            .ignore()
            .query_async::<()>(&mut conn)
            .await
            .map_err(err)
    }

    pub async fn set_members(&self, key: &str) -> Result<Vec<String>, InfraError> {
        let mut conn = self.conn().await?;
        redis::cmd("SMEMBERS")
            .arg(self.key(key))
            .query_async(&mut conn)
            .await
            .map_err(err)
    }
}
