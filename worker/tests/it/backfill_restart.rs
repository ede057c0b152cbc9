//! A history backfill survives its worker being killed: `kill -9` after some quarters are
//! stored, a new worker, and the company ends with each of its 12 past quarters stored once,
//! the ones stored before the kill kept as they were.

use std::time::{Duration, Instant};

use chrono::Utc;
use jobs::{
    queue::JobQueue,
    sources::tickers::read_snapshot,
    store::apalis::JobStatus,
    store_test,
    tasks::{BackfillHistory, backfill_history::HISTORY_QUARTERS},
    testing::TestDb,
    trends::Quarter,
};

use crate::helpers::{WorkerProcess, jobs_of};

store_test!(
    kill_9_in_the_middle_of_a_backfill_loses_nothing,
    |db: TestDb| async move {
        let store = &db.store;
        let data = jobs::testing::market_data_dir();
        store
            .replace_tickers(&read_snapshot(&data).unwrap())
            .await
            .unwrap();
        let queue = JobQueue::new(store.clone());
        let job = BackfillHistory {
            symbol: "AAPL".into(),
        };
        queue.enqueue(&job).await.unwrap();
        let env = [("MARKET_DATA_DIR", data.to_str().unwrap())];
        let args = ["--queues", "backfill-history"];
        let mut worker = WorkerProcess::start_with_env(&db, &args, &env);

        // Kill it once a few quarters are stored and before the last.
        let started = Instant::now();
        let before_kill = loop {
            let stored = store.quarter_history("AAPL", 100).await.unwrap();
            if stored.len() >= 3 {
                assert!(stored.len() < HISTORY_QUARTERS, "killed before the end");
                break stored;
            }
            assert!(
                started.elapsed() < Duration::from_secs(90),
                "no quarter stored"
            );
            tokio::time::sleep(Duration::from_millis(20)).await;
        };
        worker.kill_9();
        let _worker = WorkerProcess::start_with_env(&db, &args, &env);

        // The dead worker's job comes back after it misses its heartbeats, and ends.
        let started = Instant::now();
        let jobs = loop {
            let jobs = jobs_of(store, "backfill-history").await;
            if jobs
                .iter()
                .all(|j| matches!(j.status, JobStatus::Succeeded | JobStatus::Failed))
            {
                break jobs;
            }
            assert!(
                started.elapsed() < Duration::from_secs(120),
                "stuck: {jobs:?}"
            );
            tokio::time::sleep(Duration::from_millis(200)).await;
        };
        assert_eq!(jobs.len(), 1, "one backfill job: {jobs:?}");
        assert_eq!(jobs[0].status, JobStatus::Succeeded, "{jobs:?}");

        let stored = store.quarter_history("AAPL", 100).await.unwrap();
        let keys: Vec<String> = stored.iter().map(|q| q.quarter.clone()).collect();
        let expected: Vec<String> = Quarter::of(Utc::now().date_naive())
            .previous_quarters(HISTORY_QUARTERS)
            .into_iter()
            .rev()
            .map(Quarter::key)
            .collect();
        assert_eq!(keys, expected, "each past quarter once");
        // What was stored before the kill was not scored again.
        for earlier in &before_kill {
            let now = stored
                .iter()
                .find(|q| q.quarter == earlier.quarter)
                .unwrap();
            assert_eq!(
                now.analysis_date, earlier.analysis_date,
                "{}",
                earlier.quarter
            );
        }
    }
);
