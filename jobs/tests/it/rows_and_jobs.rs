//! Rows and the jobs that work on them commit together, on SQLite and on Postgres: a batch
//! (its row, its children's rows, their `BatchAnalysis` jobs) and an upload (its documents'
//! rows, their `ExtractDocument` jobs). A process killed after writing the rows, or after
//! queuing the jobs but before committing, leaves neither; one left to finish leaves both.
//!
//! The writer is a child process (this test binary again, running [`writer_child`]) that
//! stops at a named point of the write path (`jobs::testing::stop_point`) and is killed there
//! with SIGKILL, as a crash or an OOM kill would.

use std::{
    io::{BufRead, BufReader},
    process::{Command, Stdio},
    time::Duration,
};

use chrono::Utc;
use jobs::{
    batch,
    queue::{Job, JobQueue, QueueError},
    settings::DatabaseUrl,
    store::{Store, apalis::JobFilter},
    store_test,
    tasks::{BatchAnalysis, ExtractDocument},
    testing::TestDb,
    uploads::{self, UploadFile},
};

/// The database the child writes to, and which write path it runs.
const DATABASE_ENV: &str = "ROWS_AND_JOBS_DATABASE";
const PATH_ENV: &str = "ROWS_AND_JOBS_PATH";
const SYMBOLS: [&str; 3] = ["AAPL", "MSFT", "TSM"];

/// The child: runs one write path against the parent's database. Only the tests below run
/// it (with `--ignored`), in a process of its own that they kill.
#[tokio::test]
#[ignore = "the child process of the rows_and_jobs tests"]
async fn writer_child() {
    let (Ok(url), Ok(path)) = (std::env::var(DATABASE_ENV), std::env::var(PATH_ENV)) else {
        return;
    };
    let url: DatabaseUrl = url.parse().unwrap();
    let queue = JobQueue::new(Store::connect(&url).await.unwrap());
    match path.as_str() {
        "batch" => {
            let symbols: Vec<String> = SYMBOLS.iter().map(|s| s.to_string()).collect();
            let delay = Duration::from_secs(batch::MIN_DELAY_SECS.into());
            batch::start(&queue, &symbols, delay, Some("admin"), Utc::now())
                .await
                .unwrap();
        }
        "upload" => {
            let files: Vec<UploadFile> = SYMBOLS
                .iter()
                .map(|name| UploadFile {
                    symbol: "WFC",
                    file_name: name,
                    file_type: "txt",
                    filing_date: None,
                })
                .collect();
            let text =
                async |_| Ok::<_, QueueError>(b"Plain text the extraction job reads.".to_vec());
            uploads::store_and_queue(&queue, &files, text, Utc::now())
                .await
                .unwrap();
        }
        other => panic!("no write path {other}"),
    }
}

/// Runs the child on `path`; with `stop_at`, kills it once it stands there.
fn run_writer(db: &TestDb, path: &str, stop_at: Option<&str>) {
    let url = match &db.url {
        DatabaseUrl::Sqlite(file) => format!("sqlite://{}", file.display()),
        DatabaseUrl::Postgres(raw) => raw.clone(),
    };
    let mut command = Command::new(std::env::current_exe().unwrap());
    command
        .args([
            "--ignored",
            "--exact",
            "rows_and_jobs::writer_child",
            "--nocapture",
        ])
        .env(DATABASE_ENV, url)
        .env(PATH_ENV, path)
        .stdout(Stdio::piped())
        .stderr(Stdio::null());
    if let Some(point) = stop_at {
        command.env("JOBS_STOP_AT", point);
    }
    let mut child = command.spawn().unwrap();
    let Some(point) = stop_at else {
        assert!(child.wait().unwrap().success(), "the {path} writer failed");
        return;
    };
    // The child prints one line when it stands at the point; a child that ends its output
    // without it, or takes longer than the bound, fails the test.
    let stdout = child.stdout.take().unwrap();
    let (tx, rx) = std::sync::mpsc::channel();
    let expected = format!("stopped at {point}");
    std::thread::spawn(move || {
        let reached = BufReader::new(stdout)
            .lines()
            .any(|line| line.is_ok_and(|l| l == expected));
        let _ = tx.send(reached);
    });
    let reached = rx.recv_timeout(Duration::from_secs(60)).unwrap_or(false);
    child.kill().unwrap();
    child.wait().unwrap();
    assert!(reached, "the {path} writer never reached '{point}'");
}

/// How many jobs of kind `J` are queued.
async fn jobs_of<J: Job>(store: &Store) -> usize {
    let filter = JobFilter {
        queue: Some(J::QUEUE.into()),
        limit: 100,
        ..JobFilter::default()
    };
    store.list_jobs(&filter).await.unwrap().len()
}

store_test!(
    a_batch_and_its_jobs_commit_together,
    |db: TestDb| async move {
        for point in ["batch rows written", "batch jobs queued"] {
            run_writer(&db, "batch", Some(point));
            assert!(
                db.store.latest_batch().await.unwrap().is_none(),
                "killed at '{point}': no batch row is left"
            );
            assert_eq!(
                jobs_of::<BatchAnalysis>(&db.store).await,
                0,
                "killed at '{point}'"
            );
        }
        run_writer(&db, "batch", None);
        let started = db.store.latest_batch().await.unwrap().expect("the batch");
        assert_eq!(started.status, "running");
        let children = db.store.batch_children(started.id).await.unwrap();
        assert_eq!(children.len(), SYMBOLS.len());
        assert_eq!(jobs_of::<BatchAnalysis>(&db.store).await, SYMBOLS.len());
    }
);

store_test!(
    an_upload_and_its_extraction_jobs_commit_together,
    |db: TestDb| async move {
        for point in ["upload rows written", "upload jobs queued"] {
            run_writer(&db, "upload", Some(point));
            assert!(
                db.store.documents("WFC").await.unwrap().is_empty(),
                "killed at '{point}': no document is left"
            );
            assert_eq!(
                jobs_of::<ExtractDocument>(&db.store).await,
                0,
                "killed at '{point}'"
            );
        }
        run_writer(&db, "upload", None);
        let documents = db.store.documents("WFC").await.unwrap();
        assert_eq!(documents.len(), SYMBOLS.len());
        assert!(documents.iter().all(|d| d.status == "extracting"));
        assert_eq!(jobs_of::<ExtractDocument>(&db.store).await, SYMBOLS.len());
    }
);
