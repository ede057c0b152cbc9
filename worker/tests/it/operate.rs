//! The operator commands on a real worker process: retry, cancel, discard, pause and resume,
//! workers and health, and the worker's own readiness port.

use std::{
    io::{Read, Write},
    process::{Command, Output},
    time::{Duration, Instant},
};

use jobs::{
    queue::JobQueue,
    store::{Store, apalis::JobStatus},
    store_test,
    tasks::diagnostics::{Flaky, Noop, Steps},
    testing::TestDb,
};

use crate::helpers::{WorkerProcess, all_succeeded, wait_for};

fn op(db: &TestDb, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_worker"))
        .args(args)
        .env("DATABASE_URL", db.url.to_string())
        .env_remove("WORKER_HEALTH_ADDR")
        .output()
        .expect("run worker")
}

/// Runs an operator command that must succeed; its stdout.
fn op_ok(db: &TestDb, args: &[&str]) -> String {
    let output = op(db, args);
    assert!(
        output.status.success(),
        "worker {args:?} failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    let stderr = String::from_utf8_lossy(&output.stderr);
    let changes = ["retry", "cancel", "discard", "pause", "resume"];
    if changes.contains(&args[0]) {
        assert!(stderr.contains("target database: "), "{stderr}");
    }
    String::from_utf8_lossy(&output.stdout).into_owned()
}

store_test!(
    retry_after_failure_runs_again_and_discard_gives_up,
    |db: TestDb| async move {
        let queue = JobQueue::new(db.store.clone());
        let flaky = Flaky {
            fail_times: 1,
            retry_after_secs: Some(600),
        };
        let retried = queue.enqueue(&flaky).await.unwrap();
        let discarded = queue.enqueue(&flaky).await.unwrap();
        let _worker = WorkerProcess::start(&db, &["--queues", "flaky"]);
        wait_for(&db.store, "flaky", Duration::from_secs(20), |jobs| {
            jobs.len() == 2 && jobs.iter().all(|j| j.status == JobStatus::Retrying)
        })
        .await;

        let refused = op(&db, &["retry"]);
        assert!(!refused.status.success(), "a bare retry must refuse");
        assert!(
            String::from_utf8_lossy(&refused.stderr)
                .contains("refusing to retry every job without a filter")
        );

        op_ok(&db, &["retry", &retried.id]);
        op_ok(
            &db,
            &["discard", &discarded.id, "--reason", "symbol delisted"],
        );
        // Without the retry it would wait the upstream's 600 s.
        wait_for(&db.store, "flaky", Duration::from_secs(20), |jobs| {
            jobs.iter()
                .any(|j| j.id == retried.id && j.status == JobStatus::Succeeded && j.attempts == 2)
        })
        .await;
        let gone = db.store.job(&discarded.id).await.unwrap().unwrap();
        assert_eq!(gone.status, JobStatus::Failed);
        assert_eq!(gone.error.as_deref(), Some("discarded: symbol delisted"));
        let again = op(&db, &["retry", &retried.id]);
        assert!(!again.status.success(), "a succeeded job is not retried");
    }
);

store_test!(
    cancel_stops_a_running_job_at_its_next_progress_report,
    |db: TestDb| async move {
        let queue = JobQueue::new(db.store.clone());
        // 20 s of work unless stopped.
        let job = queue
            .enqueue(&Steps {
                steps: 200,
                step_ms: 100,
            })
            .await
            .unwrap();
        let _worker = WorkerProcess::start(&db, &["--queues", "steps"]);
        wait_for(&db.store, "steps", Duration::from_secs(20), |jobs| {
            jobs[0].status == JobStatus::Running
        })
        .await;
        let out = op_ok(&db, &["cancel", &job.id, "--reason", "wrong symbol"]);
        assert!(out.contains("stops at its next progress report"), "{out}");
        let started = Instant::now();
        let jobs = wait_for(&db.store, "steps", Duration::from_secs(5), |jobs| {
            jobs[0].status == JobStatus::Failed
        })
        .await;
        assert_eq!(jobs[0].error.as_deref(), Some("cancelled: wrong symbol"));
        assert!(started.elapsed() < Duration::from_secs(5));
        let progress = db
            .store
            .progress(&job.id)
            .await
            .unwrap()
            .expect("it reported progress");
        assert!(
            progress.percent < 50,
            "stopped early, not run to the end: {progress:?}"
        );
    }
);

store_test!(
    pause_holds_a_queue_and_resume_drains_it,
    |db: TestDb| async move {
        op_ok(&db, &["pause", "noop"]);
        let _worker = WorkerProcess::start(&db, &["--queues", "noop"]);
        let queue = JobQueue::new(db.store.clone());
        for _ in 0..3 {
            queue.enqueue(&Noop::default()).await.unwrap();
        }
        tokio::time::sleep(Duration::from_secs(2)).await;
        let queues: serde_json::Value =
            serde_json::from_str(&op_ok(&db, &["queues", "--json"])).unwrap();
        let noop = queues
            .as_array()
            .unwrap()
            .iter()
            .find(|q| q["queue"] == "noop")
            .unwrap();
        assert_eq!(noop["paused"], true, "{noop}");
        assert_eq!(noop["queued"], 3, "held while paused: {noop}");
        assert!(noop["oldestWaitingSecs"].as_i64().unwrap() >= 1, "{noop}");

        op_ok(&db, &["resume", "noop"]);
        wait_for(&db.store, "noop", Duration::from_secs(10), |jobs| {
            jobs.len() == 3 && all_succeeded(jobs)
        })
        .await;
    }
);

store_test!(
    health_fails_when_the_schema_is_behind,
    |db: TestDb| async move {
        let mut worker = WorkerProcess::start(&db, &["--queues", "noop"]);
        let started = Instant::now();
        while !op(&db, &["health"]).status.success() {
            assert!(
                started.elapsed() < Duration::from_secs(15),
                "health never passed with a worker running"
            );
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
        let workers: serde_json::Value =
            serde_json::from_str(&op_ok(&db, &["workers", "--json"])).unwrap();
        assert_eq!(workers[0]["pid"], worker.child.id());
        assert_eq!(workers[0]["version"], env!("CARGO_PKG_VERSION"));

        forget_newest_migration(&db.store).await;
        let behind = op(&db, &["health", "--json"]);
        assert!(
            !behind.status.success(),
            "health must fail when the schema is behind"
        );
        let report: serde_json::Value = serde_json::from_slice(&behind.stdout).unwrap();
        assert_eq!(report["healthy"], false);
        assert_eq!(report["database"]["ok"], true);
        assert_eq!(report["schema"]["ok"], false, "{report}");
        assert!(
            report["schema"]["detail"]
                .as_str()
                .unwrap()
                .contains("behind"),
            "{report}"
        );
        worker.terminate();
        worker.wait_exit(Duration::from_secs(10));
    }
);

async fn forget_newest_migration(store: &Store) {
    let sql =
        "DELETE FROM app_migrations WHERE version = (SELECT MAX(version) FROM app_migrations)";
    match store {
        Store::Sqlite(pool) => sqlx::query(sql).execute(pool).await.map(drop),
        Store::Postgres(pool) => sqlx::query(sql).execute(pool).await.map(drop),
    }
    .unwrap();
}

store_test!(
    schedules_shows_the_next_three_firings_and_the_last_outcome,
    |db: TestDb| async move {
        let tickers =
            jobs::sources::tickers::read_snapshot(&jobs::testing::market_data_dir()).unwrap();
        db.store.replace_tickers(&tickers).await.unwrap();
        let now = chrono::Utc::now();
        let daily = jobs::schedules::ScheduleInput {
            name: "Morning".into(),
            selected_stocks: vec!["AAPL".into()],
            frequency: "daily".into(),
            times: vec!["11:30".into()],
            ..Default::default()
        };
        let created = jobs::schedules::create(&db.store, &daily, Some("ops"), now)
            .await
            .unwrap();
        let off = jobs::schedules::ScheduleInput {
            name: "Paused one".into(),
            is_enabled: Some(false),
            ..daily.clone()
        };
        jobs::schedules::create(&db.store, &off, Some("ops"), now)
            .await
            .unwrap();

        let listed: serde_json::Value =
            serde_json::from_str(&op_ok(&db, &["schedules", "--json"])).unwrap();
        let morning = listed
            .as_array()
            .unwrap()
            .iter()
            .find(|s| s["id"] == created.id)
            .unwrap();
        let next: Vec<chrono::DateTime<chrono::Utc>> = morning["nextUtc"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| t.as_str().unwrap().parse().unwrap())
            .collect();
        assert_eq!(next.len(), 3, "{morning}");
        assert!(
            next[0] > now && next.windows(2).all(|w| w[0] < w[1]),
            "{next:?}"
        );
        // A daily New York time: the same wall clock each day, a day apart (23-25 hours
        // across a clock change).
        for pair in next.windows(2) {
            let hours = (pair[1] - pair[0]).num_hours();
            assert!((23..=25).contains(&hours), "{next:?}");
        }
        let labels = morning["nextLosAngeles"].as_array().unwrap();
        assert_eq!(labels.len(), 3);
        assert!(
            labels[0].as_str().unwrap().contains("8:30 AM P"),
            "{labels:?}"
        );
        assert_eq!(morning["lastRun"], serde_json::Value::Null);
        let paused = listed
            .as_array()
            .unwrap()
            .iter()
            .find(|s| s["name"] == "Paused one")
            .unwrap();
        assert_eq!(
            paused["nextUtc"],
            serde_json::json!([]),
            "a disabled schedule never fires"
        );
        // The table form names both.
        let table = op_ok(&db, &["schedules"]);
        assert!(
            table.contains("Morning") && table.contains("(disabled)"),
            "{table}"
        );
    }
);

#[test]
fn kinds_lists_each_job_kind_with_its_limits() {
    let dir = std::env::temp_dir().join(format!("kinds-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let output = Command::new(env!("CARGO_BIN_EXE_worker"))
        .args(["kinds", "--json", "--concurrency", "3"])
        .env("DATABASE_URL", format!("sqlite://{}/k.db", dir.display()))
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let kinds: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    let analyze = kinds
        .as_array()
        .unwrap()
        .iter()
        .find(|k| k["queue"] == "analyze")
        .unwrap();
    assert_eq!(analyze["maxAttempts"], 5);
    assert_eq!(analyze["timeoutSecs"], 120);
    assert_eq!(analyze["concurrency"], 3);
    assert_eq!(analyze["dedupeRule"], "analyze:{symbol}");
    let tickers = kinds
        .as_array()
        .unwrap()
        .iter()
        .find(|k| k["queue"] == "tickers")
        .unwrap();
    assert_eq!(tickers["concurrency"], 1, "serial kinds run one at a time");
}

/// The status code of `GET path` on `addr`, or None when nothing answers.
fn http_status(addr: &str, path: &str) -> Option<u16> {
    let mut stream = std::net::TcpStream::connect(addr).ok()?;
    stream.set_read_timeout(Some(Duration::from_secs(5))).ok()?;
    write!(
        stream,
        "GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
    )
    .ok()?;
    let mut response = String::new();
    stream.read_to_string(&mut response).ok()?;
    response.split(' ').nth(1)?.parse().ok()
}

/// Polls until `GET path` answers `status`, or panics after `limit`.
async fn wait_status(addr: &str, path: &str, status: u16, limit: Duration) {
    let started = Instant::now();
    loop {
        let got = http_status(addr, path);
        if got == Some(status) {
            return;
        }
        assert!(
            started.elapsed() < limit,
            "{path} answered {got:?}, not {status}, for {limit:?}"
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

fn free_addr() -> String {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    listener.local_addr().unwrap().to_string()
}

/// Readiness follows the database: 503 while no connection to it can be made, 200 again
/// after. Postgres only: a SQLite file cannot be made unreachable to an open pool.
#[tokio::test]
async fn readiness_turns_503_when_the_database_is_unreachable() {
    let db = TestDb::new(jobs::store::Backend::Postgres).await;
    let addr = free_addr();
    let _worker = WorkerProcess::start_with_env(
        &db,
        &["--queues", "noop"],
        &[("WORKER_HEALTH_ADDR", addr.as_str())],
    );
    wait_status(&addr, "/readyz", 200, Duration::from_secs(15)).await;
    assert_eq!(http_status(&addr, "/healthz"), Some(200));

    let Store::Postgres(pool) = &db.store else {
        unreachable!()
    };
    let name: String = sqlx::query_scalar("SELECT current_database()")
        .fetch_one(pool)
        .await
        .unwrap();
    let admin = sqlx::PgPool::connect(&jobs::testing::postgres_admin_url())
        .await
        .unwrap();
    let allow = |on: bool| format!("ALTER DATABASE \"{name}\" WITH ALLOW_CONNECTIONS {on}");
    sqlx::query(sqlx::AssertSqlSafe(allow(false)))
        .execute(&admin)
        .await
        .unwrap();
    sqlx::query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1")
        .bind(&name)
        .execute(&admin)
        .await
        .unwrap();
    wait_status(&addr, "/readyz", 503, Duration::from_secs(10)).await;
    assert_eq!(
        http_status(&addr, "/healthz"),
        Some(200),
        "alive, only not ready"
    );

    sqlx::query(sqlx::AssertSqlSafe(allow(true)))
        .execute(&admin)
        .await
        .unwrap();
    wait_status(&addr, "/readyz", 200, Duration::from_secs(15)).await;
}
