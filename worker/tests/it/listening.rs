//! A Postgres worker serving every queue listens for new jobs on one connection (not one per
//! queue, which took a pool connection each for as long as the worker ran), and a job queued
//! by another process (this test) runs.

use std::time::{Duration, Instant};

use jobs::{
    queue::JobQueue,
    runtime::queue_names,
    store::{Backend, Store},
    tasks::diagnostics::Noop,
    testing::TestDb,
};

use crate::helpers::{WorkerProcess, all_succeeded, wait_for};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_worker_with_every_queue_listens_on_one_connection_and_runs_jobs_queued_elsewhere() {
    let db = TestDb::new(Backend::Postgres).await;
    let Store::Postgres(pool) = &db.store else {
        unreachable!("Postgres only")
    };
    assert!(queue_names().len() > 1, "the worker serves many queues");
    let _worker = WorkerProcess::start(&db, &[]);
    let listening = || async {
        sqlx::query_scalar::<_, i64>(
            "SELECT COUNT(*) FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN%'",
        )
        .fetch_one(pool)
        .await
        .unwrap()
    };
    let started = Instant::now();
    while listening().await == 0 && started.elapsed() < Duration::from_secs(30) {
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    // Every queue's worker is up by now (they start together); give stragglers a moment.
    tokio::time::sleep(Duration::from_secs(1)).await;
    assert_eq!(
        listening().await,
        1,
        "one listening connection for every queue"
    );

    JobQueue::new(db.store.clone())
        .enqueue(&Noop::default())
        .await
        .unwrap();
    let done = wait_for(&db.store, "noop", Duration::from_secs(30), all_succeeded).await;
    assert_eq!(done.len(), 1);
}
