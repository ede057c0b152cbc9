//! How a Postgres worker hears of jobs queued by other processes: one `LISTEN` for all its
//! queues, a notification wakes only the queue it names, and a dropped connection is
//! re-established and wakes every queue (what was announced while it was down is lost).

use std::{sync::Arc, time::Duration};

use jobs::{
    queue::wakeup,
    runtime::spawn_insert_listener,
    store::{Backend, Store},
    testing::TestDb,
};
use sqlx::PgPool;
use tokio::sync::Notify;

const SERVED: &str = "insert-listener-served";
const ALSO_SERVED: &str = "insert-listener-also-served";

/// Whether `notify` fires within `limit` (a kept wake-up counts).
async fn woken_within(notify: &Arc<Notify>, limit: Duration) -> bool {
    tokio::time::timeout(limit, notify.notified()).await.is_ok()
}

/// Announces a new job of `queue` as the job library's insert trigger does.
async fn announce(pool: &PgPool, queue: &str) {
    let payload = serde_json::json!({ "job_type": queue, "id": "01KB0000000000000000000000", "run_at": "2026-11-29T00:00:00Z" });
    sqlx::query("SELECT pg_notify('apalis::job::insert', $1)")
        .bind(payload.to_string())
        .execute(pool)
        .await
        .unwrap();
}

/// The server processes listening for new jobs on this test's database.
async fn listening_backends(pool: &PgPool) -> Vec<i32> {
    sqlx::query_scalar(
        "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN%'",
    )
    .fetch_all(pool)
    .await
    .unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_listener_wakes_the_named_queue_and_comes_back_after_its_connection_drops() {
    let db = TestDb::new(Backend::Postgres).await;
    let Store::Postgres(pool) = &db.store else {
        unreachable!("Postgres only")
    };
    let served = wakeup::for_queue(SERVED);
    let also_served = wakeup::for_queue(ALSO_SERVED);
    let listener = spawn_insert_listener(pool.clone(), vec![SERVED, ALSO_SERVED]);

    // Listening wakes every queue once: jobs queued before it went unannounced.
    let patience = Duration::from_secs(10);
    assert!(woken_within(&served, patience).await && woken_within(&also_served, patience).await);
    assert_eq!(
        listening_backends(pool).await.len(),
        1,
        "one connection for both queues"
    );

    announce(pool, SERVED).await;
    assert!(
        woken_within(&served, patience).await,
        "the named queue wakes"
    );
    let quiet = Duration::from_millis(300);
    assert!(
        !woken_within(&also_served, quiet).await,
        "the other queue sleeps on"
    );
    announce(pool, "a-queue-this-process-does-not-serve").await;
    assert!(!woken_within(&served, quiet).await);
    assert!(!woken_within(&also_served, quiet).await);

    // The server drops the listening connection (a restart, a failover, an operator).
    let pids = listening_backends(pool).await;
    for pid in &pids {
        sqlx::query("SELECT pg_terminate_backend($1)")
            .bind(pid)
            .execute(pool)
            .await
            .unwrap();
    }
    assert!(
        woken_within(&served, patience).await && woken_within(&also_served, patience).await,
        "back, it wakes every queue"
    );
    let mut back = Vec::new();
    for _ in 0..100 {
        back = listening_backends(pool).await;
        if !back.is_empty() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(back.len(), 1, "listening again, on one connection");
    assert!(
        back.iter().all(|pid| !pids.contains(pid)),
        "a new connection"
    );
    announce(pool, ALSO_SERVED).await;
    assert!(
        woken_within(&also_served, patience).await,
        "and hears new jobs again"
    );
    listener.abort();
}
