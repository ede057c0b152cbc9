//! kill -9 and SIGTERM in the middle of jobs: nothing is lost, nothing stays Running.

use std::time::Duration;

use jobs::{
    queue::JobQueue,
    store::apalis::JobStatus,
    store_test,
    tasks::diagnostics::{Crash, Noop},
    testing::TestDb,
};

use crate::helpers::{WorkerProcess, all_succeeded, wait_for};

const JOBS: usize = 120;

store_test!(fifty_kill_9_cycles_lose_no_job, |db: TestDb| async move {
    let queue = JobQueue::new(db.store.clone());
    let jobs: Vec<Noop> = (0..JOBS)
        .map(|_| Noop {
            sleep_ms: 250,
            record_start: false,
        })
        .collect();
    queue.enqueue_batch(&jobs).await.unwrap();
    let args = ["--queues", "noop", "--concurrency", "3"];
    let mut workers = [
        WorkerProcess::start(&db, &args),
        WorkerProcess::start(&db, &args),
    ];
    for cycle in 0..50 {
        tokio::time::sleep(Duration::from_millis(300)).await;
        let victim = cycle % 2;
        workers[victim].kill_9();
        workers[victim] = WorkerProcess::start(&db, &args);
    }
    // Jobs held by killed workers go back to the queue once their worker misses its
    // heartbeats (15 s) and are run by the live ones: all must end well inside 60 s more.
    let done = wait_for(&db.store, "noop", Duration::from_secs(60), all_succeeded).await;
    assert_eq!(done.len(), JOBS, "no job was lost or duplicated");
    assert!(done.iter().all(|j| j.status == JobStatus::Succeeded));
    assert!(
        done.iter().any(|j| j.attempts > 1),
        "some jobs really were interrupted and re-run"
    );
});

store_test!(
    sigterm_finishes_short_jobs_and_hands_back_long_ones,
    |db: TestDb| async move {
        let queue = JobQueue::new(db.store.clone());
        let short = queue
            .enqueue_batch(
                &[Noop {
                    sleep_ms: 500,
                    record_start: false,
                }; 2],
            )
            .await
            .unwrap();
        let long = queue
            .enqueue_batch(
                &[Noop {
                    sleep_ms: 8_000,
                    record_start: false,
                }; 2],
            )
            .await
            .unwrap();
        let mut worker = WorkerProcess::start(
            &db,
            &[
                "--queues",
                "noop",
                "--concurrency",
                "4",
                "--shutdown-timeout",
                "2",
            ],
        );
        wait_for(&db.store, "noop", Duration::from_secs(20), |jobs| {
            jobs.iter()
                .filter(|j| j.status == JobStatus::Running)
                .count()
                == 4
        })
        .await;
        worker.terminate();
        let status = worker
            .wait_exit(Duration::from_secs(10))
            .expect("exits within the shutdown timeout");
        assert!(status.success(), "clean exit: {status:?}");
        for id in &short {
            assert_eq!(
                db.store.job(id).await.unwrap().unwrap().status,
                JobStatus::Succeeded,
                "in-flight short jobs finished"
            );
        }
        for id in &long {
            let job = db.store.job(id).await.unwrap().unwrap();
            assert_eq!(
                job.status,
                JobStatus::Queued,
                "interrupted jobs were handed back, not left Running"
            );
            assert!(job.locked_by.is_none());
        }
        let _next = WorkerProcess::start(&db, &["--queues", "noop", "--concurrency", "4"]);
        let done = wait_for(&db.store, "noop", Duration::from_secs(30), all_succeeded).await;
        assert_eq!(done.len(), 4);
    }
);

store_test!(
    a_job_that_crashes_its_worker_stops_after_max_attempts,
    |db: TestDb| async move {
        let job = JobQueue::new(db.store.clone())
            .enqueue(&Crash {})
            .await
            .unwrap();
        let mut crashes = 0;
        for _ in 0..8 {
            let mut worker = WorkerProcess::start_with_env(
                &db,
                &["--queues", "crash"],
                &[("WORKER_ALLOW_CRASH_JOBS", "1")],
            );
            // Either the job crashes this worker, or the queue gives up on the job.
            let gave_up = loop {
                if let Some(status) = worker.wait_exit(Duration::from_millis(200)) {
                    assert!(!status.success());
                    crashes += 1;
                    break false;
                }
                if db.store.job(&job.id).await.unwrap().unwrap().status == JobStatus::Failed {
                    break true;
                }
            };
            if gave_up {
                break;
            }
        }
        let record = db.store.job(&job.id).await.unwrap().unwrap();
        assert_eq!(record.status, JobStatus::Failed, "{record:?}");
        assert_eq!(
            crashes, 3,
            "the job crashed its worker exactly max_attempts times"
        );
        assert!(
            record
                .error
                .unwrap_or_default()
                .contains("gave up after 3 attempts")
        );
    }
);
