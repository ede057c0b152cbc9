//! A batch survives its worker being killed: `kill -9` in the middle, a new worker, and the
//! batch completes with every child recorded once.

use std::time::{Duration, Instant};

use chrono::Utc;
use jobs::{
    batch, queue::JobQueue, sources::tickers::read_snapshot, store::apalis::JobStatus, store_test,
    testing::TestDb,
};

use crate::helpers::{WorkerProcess, jobs_of};

const SYMBOLS: [&str; 4] = ["AAPL", "MSFT", "NVDA", "GOOGL"];

store_test!(
    kill_9_in_the_middle_of_a_batch_loses_nothing,
    |db: TestDb| async move {
        let store = &db.store;
        let data = jobs::testing::market_data_dir();
        store
            .replace_tickers(&read_snapshot(&data).unwrap())
            .await
            .unwrap();
        let symbols: Vec<String> = SYMBOLS.iter().map(|s| s.to_string()).collect();
        let queue = JobQueue::new(store.clone());
        let id = batch::start(&queue, &symbols, Duration::from_secs(2), None, Utc::now())
            .await
            .unwrap();
        let env = [("MARKET_DATA_DIR", data.to_str().unwrap())];
        let args = ["--queues", "batch,analyze", "--concurrency", "2"];
        let mut worker = WorkerProcess::start_with_env(&db, &args, &env);
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
        let _worker = WorkerProcess::start_with_env(&db, &args, &env);

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
