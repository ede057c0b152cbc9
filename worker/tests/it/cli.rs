//! `worker --list` and `worker --show ID`: what an operator sees.

use std::{process::Command, time::Duration};

use jobs::{
    queue::JobQueue,
    store::apalis::JobStatus,
    store_test,
    tasks::diagnostics::{Flaky, Noop},
    testing::TestDb,
};

use crate::helpers::{WorkerProcess, wait_for};

fn worker_cli(db: &TestDb, args: &[&str]) -> String {
    let output = Command::new(env!("CARGO_BIN_EXE_worker"))
        .args(args)
        .env("DATABASE_URL", db.url.to_string())
        .output()
        .expect("run worker");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).unwrap()
}

store_test!(
    list_and_show_tell_what_the_queue_holds,
    |db: TestDb| async move {
        let queue = JobQueue::new(db.store.clone());
        let waiting = queue.enqueue(&Noop::default()).await.unwrap();
        let flaky = queue
            .enqueue(&Flaky {
                fail_times: 9,
                retry_after_secs: Some(600),
            })
            .await
            .unwrap();
        let _worker = WorkerProcess::start(&db, &["--queues", "flaky"]);
        wait_for(&db.store, "flaky", Duration::from_secs(20), |jobs| {
            jobs[0].status == JobStatus::Retrying
        })
        .await;

        let table = worker_cli(&db, &["--list"]);
        let header = table.lines().next().unwrap();
        for column in ["ID", "QUEUE", "STATUS", "ATTEMPTS", "RUN AT", "LAST ERROR"] {
            assert!(header.contains(column), "{header}");
        }
        let row = table
            .lines()
            .find(|l| l.starts_with(&flaky.id))
            .expect("the flaky job is listed");
        assert!(
            row.contains("retrying")
                && row.contains("1/5")
                && row.contains("upstream answered 429"),
            "{row}"
        );
        assert!(
            table
                .lines()
                .any(|l| l.starts_with(&waiting.id) && l.contains("queued"))
        );

        let only_noop = worker_cli(&db, &["--list", "--queue", "noop"]);
        assert!(only_noop.contains(&waiting.id) && !only_noop.contains(&flaky.id));
        let retrying: serde_json::Value = serde_json::from_str(&worker_cli(
            &db,
            &["--list", "--status", "retrying", "--json"],
        ))
        .unwrap();
        assert_eq!(retrying.as_array().unwrap().len(), 1);
        assert_eq!(retrying[0]["id"], flaky.id.as_str());
        assert_eq!(
            worker_cli(&db, &["--list", "--limit", "1"]).lines().count(),
            2,
            "header and one row"
        );

        let shown = worker_cli(&db, &["--show", &flaky.id]);
        assert!(
            shown.contains("status:    retrying")
                && shown.contains("error:     upstream answered 429"),
            "{shown}"
        );
        assert!(
            shown.contains(r#""fail_times":9"#),
            "the payload is shown: {shown}"
        );
    }
);

#[test]
fn unknown_status_and_missing_job_are_clear_errors() {
    let output = Command::new(env!("CARGO_BIN_EXE_worker"))
        .args(["--list", "--status", "sleeping"])
        .env(
            "DATABASE_URL",
            format!("sqlite://{}/cli-test/a.db", std::env::temp_dir().display()),
        )
        .output()
        .unwrap();
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("unknown status 'sleeping'"), "{stderr}");
}
