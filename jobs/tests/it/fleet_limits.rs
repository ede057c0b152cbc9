//! The SEC budget: at most 10 requests in any one second, counted per process (in-process
//! limiter) or across the whole fleet (Redis).

use std::{
    collections::BTreeMap,
    sync::Arc,
    time::{Duration, SystemTime, UNIX_EPOCH},
};

use jobs::infra::{FleetLimiter, Infra};

/// Takes `count` permits from the limiters, all at once, and returns how many fell in each
/// wall-clock second.
async fn permits_per_second(
    limiters: Vec<Arc<FleetLimiter>>,
    key: &str,
    count: usize,
) -> BTreeMap<u64, usize> {
    let mut tasks = Vec::new();
    for i in 0..count {
        let limiter = limiters[i % limiters.len()].clone();
        let key = key.to_string();
        tasks.push(tokio::spawn(async move {
            limiter.acquire(&key, 10).await;
            SystemTime::now()
                .duration_since(UNIX_EPOCH)
                .unwrap()
                .as_secs()
        }));
    }
    let mut seconds = BTreeMap::new();
    for task in tasks {
        *seconds.entry(task.await.unwrap()).or_insert(0) += 1;
    }
    seconds
}

#[tokio::test]
async fn in_process_limiter_allows_ten_a_second() {
    let limiter = Arc::new(FleetLimiter::in_process());
    let seconds = permits_per_second(vec![limiter], "sec", 25).await;
    assert_eq!(seconds.values().sum::<usize>(), 25);
    assert!(seconds.values().all(|n| *n <= 10), "{seconds:?}");
    assert!(
        seconds.len() >= 3,
        "25 permits need at least three seconds: {seconds:?}"
    );
}

#[tokio::test]
async fn redis_limiter_shares_one_budget_across_processes() {
    let url = std::env::var("TEST_REDIS_URL").unwrap_or_else(|_| "redis://127.0.0.1:6379".into());
    let a = Infra::redis(&url, "askbubba-test").expect("a Redis URL");
    if let Err(err) = a
        .increment("fleet-limits-probe", Duration::from_secs(1))
        .await
    {
        assert!(std::env::var("CI").is_err(), "CI runs Redis: {err}");
        eprintln!("skipped: {err}");
        return;
    }
    let b = Infra::redis(&url, "askbubba-test").expect("a Redis URL");
    let (a, b) = (FleetLimiter::new(a), FleetLimiter::new(b));
    // Two limiters stand for two worker processes; a unique key keeps test runs apart.
    let key = format!("test-{}", ulid::Ulid::new());
    let seconds = permits_per_second(vec![Arc::new(a), Arc::new(b)], &key, 30).await;
    assert_eq!(seconds.values().sum::<usize>(), 30);
    assert!(
        seconds.values().all(|n| *n <= 10),
        "the fleet never exceeds 10 a second: {seconds:?}"
    );
}
