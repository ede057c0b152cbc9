//! Every filer, every night (`ScoreMarket`, `jobs/docs/market.md`) on SQLite and Postgres:
//! SEC's two bulk zips built in a temp dir from the snapshot's company facts and submissions
//! (a subset, to stay quick), plus one filer whose only ticker is a preferred share. A run
//! scores and ranks the common stocks; a second run with nothing changed queues no child; a
//! fact added to one company rescores exactly that one.

use std::{
    io::{Read as _, Write as _},
    path::{Path, PathBuf},
    sync::Arc,
};

use jobs::{
    queue::{
        Envelope, JobContext,
        runner::{JobHandler, JobRun},
    },
    ranking,
    sources::tickers::read_snapshot,
    store::{
        Store,
        apalis::{JobFilter, JobStatus},
        market_runs::MarketRun,
    },
    store_test,
    tasks::{ScoreMarket, ScoreMarketCompany},
    testing::TestDb,
};

use crate::analysis_common as common;

/// A few snapshot companies, a bank and an IFRS filer among them.
const COMPANIES: &[(&str, u64)] = &[
    ("AAPL", 320193),
    ("MSFT", 789019),
    ("NVDA", 1045810),
    ("KO", 21344),
    ("JPM", 19617),
    ("LPA", 1997711),
];
/// CMS Energy's preferred (CMS-PB) is its CIK's only ticker in SEC's list: not common stock.
const PREFERRED_ONLY_CIK: u64 = 201533;

fn name(cik: u64) -> String {
    format!("CIK{cik:010}.json")
}

fn gunzip(path: &Path) -> Vec<u8> {
    let mut json = Vec::new();
    flate2::read::GzDecoder::new(std::fs::File::open(path).unwrap())
        .read_to_end(&mut json)
        .unwrap();
    json
}

/// Writes `entries` as SEC lays its bulk zips out: one `CIK##########.json` per company.
fn write_zip(path: &Path, entries: &[(u64, Vec<u8>)]) {
    let mut zip = zip::ZipWriter::new(std::fs::File::create(path).unwrap());
    for (cik, json) in entries {
        zip.start_file(name(*cik), zip::write::SimpleFileOptions::default())
            .unwrap();
        zip.write_all(json).unwrap();
    }
    zip.finish().unwrap();
}

/// The test market's company facts (the preferred-only filer gets Coca-Cola's facts).
fn facts() -> Vec<(u64, Vec<u8>)> {
    let folder = common::market_data().join("sec/companyfacts");
    let mut entries: Vec<(u64, Vec<u8>)> = COMPANIES
        .iter()
        .map(|(_, cik)| (*cik, gunzip(&folder.join(format!("{}.gz", name(*cik))))))
        .collect();
    let ko = entries
        .iter()
        .find(|(cik, _)| *cik == 21344)
        .unwrap()
        .1
        .clone();
    entries.push((PREFERRED_ONLY_CIK, ko));
    entries
}

/// The bulk zips of a test market, in a temp dir removed on drop.
struct Market {
    dir: PathBuf,
}

impl Market {
    fn new() -> Market {
        let dir = std::env::temp_dir().join(format!("market-run-{}", ulid::Ulid::new()));
        std::fs::create_dir_all(&dir).unwrap();
        let folder = common::market_data().join("sec/submissions");
        let submissions: Vec<(u64, Vec<u8>)> = COMPANIES
            .iter()
            .filter_map(|(_, cik)| {
                let path = folder.join(format!("{}.gz", name(*cik)));
                path.exists().then(|| (*cik, gunzip(&path)))
            })
            .collect();
        write_zip(&dir.join("submissions.zip"), &submissions);
        write_zip(&dir.join("companyfacts.zip"), &facts());
        Market { dir }
    }

    fn facts(&self) -> PathBuf {
        self.dir.join("companyfacts.zip")
    }
}

impl Drop for Market {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

async fn context(db: &TestDb, market: &Market) -> Arc<JobContext> {
    let mut settings = db.job_settings();
    settings.market_run.facts_path = Some(market.facts());
    settings.market_run.submissions_path = Some(market.dir.join("submissions.zip"));
    JobContext::new(db.store.clone(), settings).await.unwrap()
}

fn job_run(ctx: &Arc<JobContext>, job_id: String, queue: &'static str) -> JobRun {
    JobRun {
        job_id,
        queue,
        attempt: 1,
        ctx: ctx.clone(),
        cancel: Default::default(),
    }
}

async fn queued(store: &Store, queue: &str) -> Vec<jobs::store::apalis::JobRecord> {
    store
        .list_jobs(&JobFilter {
            status: Some(JobStatus::Queued),
            queue: Some(queue.into()),
            limit: 1000,
        })
        .await
        .unwrap()
}

/// Runs one market run as workers would: the planner in its own task, its children here as
/// they are queued. Answers the run and how many children ran.
async fn run_market(db: &TestDb, market: &Market) -> (MarketRun, usize) {
    let ctx = context(db, market).await;
    let job_id = format!("test-market-{}", ulid::Ulid::new());
    let planner = {
        let run = job_run(&ctx, job_id.clone(), "market");
        tokio::spawn(async move {
            ScoreMarket {
                day: "2026-08-18".into(),
            }
            .run(&run)
            .await
            .unwrap()
        })
    };
    let mut children = 0;
    while !planner.is_finished() {
        for job in queued(&db.store, "market-company").await {
            let envelope: Envelope = serde_json::from_str(&job.payload).unwrap();
            let child: ScoreMarketCompany = serde_json::from_value(envelope.job).unwrap();
            let output = child
                .run(&job_run(&ctx, job.id.clone(), "market-company"))
                .await
                .unwrap();
            db.store
                .finish_job(&job.id, "Done", 1, &output)
                .await
                .unwrap();
            children += 1;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    planner.await.unwrap();
    let run = db.store.market_run_of_job(&job_id).await.unwrap().unwrap();
    (run, children)
}

store_test!(scores_every_changed_filer_once, |db: TestDb| async move {
    db.store
        .replace_tickers(&read_snapshot(&common::market_data()).unwrap())
        .await
        .unwrap();
    let market = Market::new();

    let (first, children) = run_market(&db, &market).await;
    assert_eq!(first.status, "completed", "{first:?}");
    assert!(first.planned);
    assert_eq!(first.total, 7);
    assert_eq!(first.skipped_not_common, 1, "the preferred-only filer");
    assert_eq!(first.changed, 6);
    assert_eq!(children, 6);
    assert_eq!(first.scored + first.failed, 6);
    let items = db.store.market_run_items(first.id).await.unwrap();
    let scored: Vec<&str> = items
        .iter()
        .filter(|(_, status, _)| status == "scored")
        .map(|(symbol, _, _)| symbol.as_str())
        .collect();
    assert_eq!(scored.len(), first.scored as usize);
    for symbol in ["AAPL", "MSFT", "NVDA", "KO", "JPM"] {
        assert!(scored.contains(&symbol), "{symbol} scored: {items:?}");
    }
    // The Top 25 is the top of the scored market.
    let top = ranking::top_stocks(&db.store, 25).await.unwrap();
    assert!(!top.is_empty());
    assert!(top.iter().all(|t| scored.contains(&t.symbol.as_str())));
    assert!(top.windows(2).all(|w| w[0].score >= w[1].score));
    // The sector medians follow the run.
    assert_eq!(queued(&db.store, "sector-stats").await.len(), 1);

    // Nothing changed: nothing to score.
    let (second, children) = run_market(&db, &market).await;
    assert_eq!(second.status, "completed");
    assert_eq!((second.changed, children), (0, 0));
    assert_eq!(second.skipped_unchanged, 6);
    assert_eq!(second.skipped_not_common, 1);

    // One fact added to Coca-Cola's facts: Coca-Cola alone is scored again.
    let mut entries = facts();
    let ko = &mut entries.iter_mut().find(|(cik, _)| *cik == 21344).unwrap().1;
    let mut json: serde_json::Value = serde_json::from_slice(ko).unwrap();
    json["facts"]["dei"]["TestMarker"] = serde_json::json!({ "label": "added", "units": {} });
    *ko = serde_json::to_vec(&json).unwrap();
    write_zip(&market.facts(), &entries);
    let (third, children) = run_market(&db, &market).await;
    assert_eq!((third.changed, children), (1, 1), "{third:?}");
    assert_eq!(third.skipped_unchanged, 5);
    let items = db.store.market_run_items(third.id).await.unwrap();
    assert_eq!(items.len(), 1);
    assert_eq!(items[0].0, "KO");
});

store_test!(a_stopped_run_scores_nothing_more, |db: TestDb| async move {
    db.store
        .replace_tickers(&read_snapshot(&common::market_data()).unwrap())
        .await
        .unwrap();
    let market = Market::new();
    let ctx = context(&db, &market).await;
    let job_id = format!("test-market-{}", ulid::Ulid::new());
    let planner = {
        let run = job_run(&ctx, job_id.clone(), "market");
        tokio::spawn(async move {
            ScoreMarket {
                day: "2026-08-18".into(),
            }
            .run(&run)
            .await
        })
    };
    // Its companies are queued; none is scored yet.
    let children = loop {
        let children = queued(&db.store, "market-company").await;
        if children.len() == 6 {
            break children;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    };
    let stopped = db
        .store
        .stop_running_market_run(chrono::Utc::now())
        .await
        .unwrap()
        .expect("a run was running");
    assert_eq!(stopped.status, "stopped");
    for job in children {
        let envelope: Envelope = serde_json::from_str(&job.payload).unwrap();
        let child: ScoreMarketCompany = serde_json::from_value(envelope.job).unwrap();
        let output = child
            .run(&job_run(&ctx, job.id.clone(), "market-company"))
            .await
            .unwrap();
        assert!(output.get("skipped").is_some(), "{output}");
    }
    planner.await.unwrap().unwrap();
    let run = db.store.market_run_of_job(&job_id).await.unwrap().unwrap();
    assert_eq!(
        (run.status.as_str(), run.scored, run.failed),
        ("stopped", 0, 0)
    );
    let items = db.store.market_run_items(run.id).await.unwrap();
    assert!(
        items.iter().all(|(_, status, _)| status == "cancelled"),
        "{items:?}"
    );
    assert!(db.store.market_fingerprints().await.unwrap().is_empty());
    assert!(queued(&db.store, "sector-stats").await.is_empty());
    assert!(db.store.score_rows().await.unwrap().is_empty());
});
