//! Fleet-wide request budgets (SEC fair access: at most 10 requests a second across all
//! workers): a counter per key and wall-clock second in [`Infra`], so with Redis every process
//! on every host shares one budget, and in-process the embedded mode's one worker keeps it.

use std::time::Duration;

use super::{Infra, now_millis};

/// SEC fair access: at most 10 requests a second per user, across all machines.
pub const SEC_REQUESTS_PER_SECOND: u32 = 10;

/// A per-second request budget per key.
#[derive(Debug, Clone)]
pub struct FleetLimiter {
    infra: Infra,
}

impl FleetLimiter {
    pub fn new(infra: Infra) -> Self {
        FleetLimiter { infra }
    }

    pub fn in_process() -> Self {
        FleetLimiter::new(Infra::in_process())
    }

    /// Waits until one more request under `key` fits in `per_second`.
    pub async fn acquire(&self, key: &str, per_second: u32) {
        loop {
            let now = now_millis();
            let bucket = format!("ratelimit:{key}:{}", now / 1000);
            match self.infra.increment(&bucket, Duration::from_secs(2)).await {
                Ok(taken) if taken <= u64::from(per_second) => return,
                Ok(_) => {
                    tokio::time::sleep(Duration::from_millis(1000 - now % 1000 + 1)).await;
                }
                Err(err) => {
                    // Fail closed but slowly: without Redis we cannot count the fleet, so pace
                    // this process to the whole budget's share of one.
                    tracing::warn!(%err, "rate limiter unavailable; pacing locally");
                    tokio::time::sleep(Duration::from_millis(1000 / u64::from(per_second.max(1))))
                        .await;
                    return;
                }
            }
        }
    }
}
