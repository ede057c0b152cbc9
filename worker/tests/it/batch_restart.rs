//! A batch survives its worker being killed (`kill -9` in the middle, a new worker) and its
//! database connections being cut: the batch completes with every child recorded once.

use std::time::{Duration, Instant};

use chrono::Utc;
use jobs::{
    batch, queue::JobQueue, sources::tickers::read_snapshot, store::apalis::JobStatus, store_test,
    testing::TestDb,
};

use crate::helpers::{WorkerProcess, jobs_of};

const SYMBOLS: [&str; 4] = ["AAPL", "MSFT", "NVDA", "GOOGL"];

/// A batch of [`SYMBOLS`], two seconds apart, with SEC's ticker list loaded; its id.
async fn start_batch(store: &jobs::store::Store) -> i64 {
    store
        .replace_tickers(&read_snapshot(&jobs::testing::market_data_dir()).unwrap())
        .await
        .unwrap();
    let symbols: Vec<String> = SYMBOLS.iter().map(|s| s.to_string()).collect();
    let queue = JobQueue::new(store.clone());
    batch::start(&queue, &symbols, Duration::from_secs(2), None, Utc::now())
        .await
        .unwrap()
}

/// A worker for the batch and its analyses, reading the snapshot.
fn start_worker(db: &TestDb) -> WorkerProcess {
    let data = jobs::testing::market_data_dir();
    let env = [("MARKET_DATA_DIR", data.to_str().unwrap())];
    let args = ["--queues", "batch,analyze", "--concurrency", "2"];
    WorkerProcess::start_with_env(db, &args, &env)
}

store_test!(
    kill_9_in_the_middle_of_a_batch_loses_nothing,
    |db: TestDb| async move {
        let store = &db.store;
        let id = start_batch(store).await;
        let mut worker = start_worker(&db);
        // Kill it once the first child is recorded and before the last is due (6 s in).
        let started = Instant::now();
        loop {
            let status = batch::status(store).await.unwrap();
            if status.completed_tickers >= 1 {
                assert!(status.is_running, "killed before the end: {status:?}");
                break;
            }
            assert!(started.elapsed() < Duration::from_secs(60), "{status:?}");
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        worker.kill_9();
        let _worker = start_worker(&db);

        // Jobs the dead worker held come back after it misses its heartbeats (15 s).
        let started = Instant::now();
        let ended = loop {
            let run = store.batch(id).await.unwrap().unwrap();
            if run.status != "running" {
                break run;
            }
            assert!(started.elapsed() < Duration::from_secs(90), "batch stuck");
            tokio::time::sleep(Duration::from_millis(200)).await;
        };
        assert_eq!(ended.status, "completed");
        assert_eq!(ended.error_message, None);
        // A child can be recorded just before the kill and its job acknowledged never: that job
        // stays locked by the dead worker until its heartbeats lapse, then runs again. Wait for
        // every child job to settle before counting them.
        let started = Instant::now();
        let jobs = loop {
            let jobs = jobs_of(store, "batch").await;
            if jobs
                .iter()
                .all(|j| matches!(j.status, JobStatus::Succeeded | JobStatus::Failed))
            {
                break jobs;
            }
            assert!(
                started.elapsed() < Duration::from_secs(60),
                "child jobs stuck: {jobs:?}"
            );
            tokio::time::sleep(Duration::from_millis(200)).await;
        };
        let children = store.batch_children(id).await.unwrap();
        let got: Vec<(&str, &str)> = children
            .iter()
            .map(|c| (c.symbol.as_str(), c.status.as_str()))
            .collect();
        assert_eq!(
            got,
            SYMBOLS
                .iter()
                .map(|s| (*s, "completed"))
                .collect::<Vec<_>>()
        );
        assert!(children.iter().all(|c| c.score.is_some()));
        // One child job per symbol, each ended well: none lost, none queued twice.
        assert_eq!(jobs.len(), SYMBOLS.len());
        assert!(
            jobs.iter().all(|j| j.status == JobStatus::Succeeded),
            "{jobs:?}"
        );
    }
);

/// Every Postgres connection cut twice in the middle of a batch (a failover, a restarted
/// server, an idle-timeout sweep): the worker reconnects on its own and the batch completes
/// with every child recorded once. Postgres only: a SQLite file has no connections to cut.
#[tokio::test]
async fn postgres_connections_cut_mid_batch_lose_nothing() {
    let db = TestDb::new(jobs::store::Backend::Postgres).await;
    let store = &db.store;
    let id = start_batch(store).await;
    let _worker = start_worker(&db);
    let jobs::store::Store::Postgres(pool) = store else {
        unreachable!()
    };
    let name: String = sqlx::query_scalar("SELECT current_database()")
        .fetch_one(pool)
        .await
        .unwrap();
    let admin = sqlx::PgPool::connect(&jobs::testing::postgres_admin_url())
        .await
        .unwrap();
    // The connections cut, the worker's among them.
    let cut_all = || async {
        let cut: i64 = sqlx::query_scalar(
            "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity \
             WHERE datname = $1 AND pid <> pg_backend_pid()",
        )
        .bind(&name)
        .fetch_one(&admin)
        .await
        .unwrap();
        assert!(cut > 1, "only {cut} connections to cut");
    };
    // Cut once the first child is recorded, and again two seconds later.
    let started = Instant::now();
    while batch::status(store).await.unwrap().completed_tickers < 1 {
        assert!(started.elapsed() < Duration::from_secs(60), "no child ran");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    cut_all().await;
    tokio::time::sleep(Duration::from_secs(2)).await;
    cut_all().await;

    let started = Instant::now();
    let ended = loop {
        // The test's own pool lost its connections too; a failed read is retried.
        if let Ok(Some(run)) = store.batch(id).await
            && run.status != "running"
        {
            break run;
        }
        assert!(started.elapsed() < Duration::from_secs(90), "batch stuck");
        tokio::time::sleep(Duration::from_millis(200)).await;
    };
    assert_eq!(
        (ended.status.as_str(), ended.error_message),
        ("completed", None)
    );
    let children = store.batch_children(id).await.unwrap();
    assert_eq!(children.len(), SYMBOLS.len(), "{children:?}");
    assert!(
        children
            .iter()
            .all(|c| c.status == "completed" && c.score.is_some()),
        "{children:?}"
    );
}
