//! Bad configuration and bad payloads: a clear message and a non-zero exit, or a failed job
//! with the reason; never a panic or a silent hang.

use std::{process::Command, time::Duration};

use apalis_core::task::{builder::TaskBuilder, task_id::TaskId};
use jobs::{
    store::{Store, apalis::JobStatus},
    store_test,
    testing::TestDb,
};

use crate::helpers::{WorkerProcess, wait_for};

fn run_worker(database_url: &str) -> (bool, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_worker"))
        .arg("--list")
        .env("DATABASE_URL", database_url)
        .output()
        .expect("run worker");
    (
        output.status.success(),
        String::from_utf8_lossy(&output.stderr).to_string(),
    )
}

#[test]
fn malformed_database_url_is_refused_clearly() {
    let (ok, stderr) = run_worker("mysql://root@localhost/x");
    assert!(!ok);
    assert!(
        stderr.contains("neither sqlite://PATH nor postgres://"),
        "{stderr}"
    );
    assert!(!stderr.contains("panicked"), "{stderr}");
}

#[test]
fn unreachable_postgres_is_reported() {
    let (ok, stderr) = run_worker("postgres://bob:secret@127.0.0.1:9/db");
    assert!(!ok);
    assert!(
        stderr.contains("cannot open the database") && stderr.contains("refused"),
        "{stderr}"
    );
    assert!(
        !stderr.contains("secret"),
        "passwords never reach the log: {stderr}"
    );
}

#[test]
fn unwritable_data_directory_is_reported() {
    // A data "directory" that is a file cannot hold the database, whoever runs the test.
    let file = std::env::temp_dir().join(format!("askbubba-not-a-dir-{}", std::process::id()));
    std::fs::write(&file, "x").unwrap();
    let (ok, stderr) = run_worker(&format!("sqlite://{}/data/askbubba.db", file.display()));
    let _ = std::fs::remove_file(&file);
    assert!(!ok);
    assert!(
        stderr.contains("cannot create the data directory"),
        "{stderr}"
    );
}

/// Puts a raw payload on the noop queue, as an older or buggy producer might.
async fn push_raw(store: &Store, payload: &str) -> String {
    let id = ulid::Ulid::new().to_string();
    let task = TaskBuilder::new(payload.as_bytes().to_vec())
        .task_id(TaskId::from_string(id.clone()))
        .max_attempts(3)
        .build();
    match store {
        Store::Sqlite(pool) => {
            let mut conn = pool.acquire().await.unwrap();
            apalis_sqlite::queries::push_tasks(&mut *conn, "noop", &[task])
                .await
                .unwrap();
        }
        Store::Postgres(pool) => {
            let mut conn = pool.acquire().await.unwrap();
            apalis_postgres::queries::push_tasks(&mut *conn, "noop", vec![task])
                .await
                .unwrap();
        }
    }
    id
}

store_test!(
    undecodable_payloads_fail_with_the_reason,
    |db: TestDb| async move {
        let wrong_shape = push_raw(&db.store, r#"{"v":1,"job":{"sleep_ms":"soon"}}"#).await;
        let wrong_version = push_raw(&db.store, r#"{"v":9,"job":{}}"#).await;
        let not_an_envelope = push_raw(&db.store, r#"[1,2,3]"#).await;
        let _worker = WorkerProcess::start(&db, &["--queues", "noop"]);
        wait_for(&db.store, "noop", Duration::from_secs(20), |jobs| {
            jobs.len() == 3 && jobs.iter().all(|j| j.status == JobStatus::Failed)
        })
        .await;
        let error = |id: String| {
            let store = db.store.clone();
            async move {
                store
                    .job(&id)
                    .await
                    .unwrap()
                    .unwrap()
                    .error
                    .unwrap_or_default()
            }
        };
        assert!(
            error(wrong_shape)
                .await
                .contains("does not decode as a noop job")
        );
        assert!(
            error(wrong_version)
                .await
                .contains("payload version 9 is not supported")
        );
        assert!(error(not_an_envelope).await.contains("not a job envelope"));
    }
);
