//! A market run survives its worker being killed (`kill -9` while its companies are being
//! scored, then a new worker): the run completes, each company scored once, none lost.

use std::{
    collections::HashMap,
    path::PathBuf,
    time::{Duration, Instant},
};

use jobs::{
    queue::JobQueue, sources::tickers::read_snapshot, store::apalis::JobStatus, store_test,
    tasks::ScoreMarket, testing::TestDb,
};

use crate::helpers::{WorkerProcess, jobs_of};

/// Snapshot companies (CIKs) whose facts make the test's bulk folder.
const CIKS: [u64; 8] = [
    320193, 789019, 1045810, 21344, 19617, 77476, 104169, 1652044,
];

fn cli(db: &TestDb, args: &[&str]) -> String {
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_worker"))
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

/// A folder in the bulk format (`CIK##########.json.gz`) holding [`CIKS`]' facts.
fn facts_folder() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("market-restart-{}", ulid::Ulid::new()));
    std::fs::create_dir_all(&dir).unwrap();
    let snapshot = jobs::testing::market_data_dir().join("sec/companyfacts");
    for cik in CIKS {
        let name = format!("CIK{cik:010}.json.gz");
        std::fs::copy(snapshot.join(&name), dir.join(&name)).unwrap();
    }
    dir
}

fn start_worker(db: &TestDb, facts: &std::path::Path) -> WorkerProcess {
    let data = jobs::testing::market_data_dir();
    let env = [
        ("MARKET_DATA_DIR", data.to_str().unwrap()),
        ("MARKET_FACTS_PATH", facts.to_str().unwrap()),
    ];
    let args = ["--queues", "market,market-company", "--concurrency", "2"];
    WorkerProcess::start_with_env(db, &args, &env)
}

store_test!(
    kill_9_in_the_middle_of_a_market_run_loses_nothing,
    |db: TestDb| async move {
        let store = &db.store;
        store
            .replace_tickers(&read_snapshot(&jobs::testing::market_data_dir()).unwrap())
            .await
            .unwrap();
        let facts = facts_folder();
        JobQueue::new(store.clone())
            .enqueue(&ScoreMarket {
                day: "2026-08-18".into(),
            })
            .await
            .unwrap();
        let mut worker = start_worker(&db, &facts);
        // Killed once a company is scored and before the last is.
        let started = Instant::now();
        loop {
            if let Some(run) = store.latest_market_run().await.unwrap()
                && run.scored + run.failed >= 1
            {
                assert_eq!(run.status, "running", "killed before the end: {run:?}");
                break;
            }
            assert!(
                started.elapsed() < Duration::from_secs(90),
                "no company scored"
            );
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        worker.kill_9();
        let _worker = start_worker(&db, &facts);

        // Jobs the dead worker held come back after it misses its heartbeats.
        let started = Instant::now();
        let run = loop {
            let run = store.latest_market_run().await.unwrap().unwrap();
            if run.status != "running" {
                break run;
            }
            assert!(
                started.elapsed() < Duration::from_secs(120),
                "run stuck: {run:?}"
            );
            tokio::time::sleep(Duration::from_millis(200)).await;
        };
        assert_eq!(run.status, "completed", "{run:?}");
        assert_eq!(run.changed as usize, CIKS.len(), "{run:?}");
        assert_eq!(run.scored as usize, CIKS.len(), "{run:?}");
        let items = store.market_run_items(run.id).await.unwrap();
        assert_eq!(items.len(), CIKS.len());
        assert!(
            items
                .iter()
                .all(|(_, status, score)| status == "scored" && score.is_some())
        );
        // Every child job settles; each company was scored by exactly one of them (a job run
        // again after the kill finds its company recorded and skips).
        let started = Instant::now();
        let jobs = loop {
            let jobs = jobs_of(store, "market-company").await;
            if jobs
                .iter()
                .all(|j| matches!(j.status, JobStatus::Succeeded | JobStatus::Failed))
            {
                break jobs;
            }
            assert!(started.elapsed() < Duration::from_secs(60), "{jobs:?}");
            tokio::time::sleep(Duration::from_millis(200)).await;
        };
        assert_eq!(jobs.len(), CIKS.len(), "one child per company");
        let mut scored: HashMap<String, usize> = HashMap::new();
        for job in &jobs {
            let output = job.output.clone().unwrap_or_default();
            if let Some(symbol) = output.get("symbol").and_then(|s| s.as_str()) {
                *scored.entry(symbol.to_string()).or_default() += 1;
            }
        }
        assert!(scored.values().all(|n| *n == 1), "{scored:?}");
        assert_eq!(store.market_fingerprints().await.unwrap().len(), CIKS.len());
        // What an operator sees.
        let status = cli(&db, &["market", "status"]);
        assert!(status.contains("(completed)"), "{status}");
        assert!(status.contains("8 to score"), "{status}");
        assert!(status.contains("scored       8"), "{status}");
        assert_eq!(
            cli(&db, &["market", "stop"]).trim(),
            "no market run is running"
        );
        let _ = std::fs::remove_dir_all(facts);
    }
);
