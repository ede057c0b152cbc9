//! Durable retries: a rate-limited job waits the upstream's Retry-After, even across a
//! worker restart, and then succeeds.

use std::time::Duration;

use jobs::{
    queue::JobQueue, store::apalis::JobStatus, store_test, tasks::diagnostics::Flaky,
    testing::TestDb,
};

use crate::helpers::{WorkerProcess, all_succeeded, wait_for};

store_test!(
    retry_after_survives_a_worker_restart,
    |db: TestDb| async move {
        let job = JobQueue::new(db.store.clone())
            .enqueue(&Flaky {
                fail_times: 1,
                // Long enough that a test thread starved by other tests on two cores still
                // sees the job waiting (a 4 s wait was once over before it looked).
                retry_after_secs: Some(10),
            })
            .await
            .unwrap();
        let mut worker = WorkerProcess::start(&db, &["--queues", "flaky"]);
        let failed = wait_for(&db.store, "flaky", Duration::from_secs(20), |jobs| {
            jobs[0].status == JobStatus::Retrying
        })
        .await;
        let first_failure = chrono::Utc::now();
        let retry_at = failed[0].run_at;
        assert!(
            retry_at >= first_failure + chrono::Duration::seconds(5),
            "the retry waits for Retry-After: {retry_at} vs {first_failure}"
        );
        assert!(
            failed[0]
                .error
                .as_deref()
                .unwrap_or_default()
                .contains("429")
        );
        // The retry time lives in the database: a new worker honours it.
        worker.kill_9();
        let _next = WorkerProcess::start(&db, &["--queues", "flaky"]);
        let done = wait_for(&db.store, "flaky", Duration::from_secs(30), all_succeeded).await;
        let record = db.store.job(&job.id).await.unwrap().unwrap();
        assert_eq!(done[0].attempts, 2);
        assert!(
            record.done_at.unwrap() >= retry_at,
            "did not run before its retry time"
        );
    }
);

store_test!(
    failures_back_off_exponentially_then_succeed,
    |db: TestDb| async move {
        JobQueue::new(db.store.clone())
            .enqueue(&Flaky {
                fail_times: 2,
                retry_after_secs: None,
            })
            .await
            .unwrap();
        let started = std::time::Instant::now();
        let _worker = WorkerProcess::start(&db, &["--queues", "flaky"]);
        let done = wait_for(&db.store, "flaky", Duration::from_secs(40), all_succeeded).await;
        assert_eq!(done[0].attempts, 3);
        // Backoffs of at least 2 s then 4 s (plus jitter): well over 5 s in all.
        assert!(
            started.elapsed() >= Duration::from_secs(5),
            "{:?}",
            started.elapsed()
        );
    }
);
