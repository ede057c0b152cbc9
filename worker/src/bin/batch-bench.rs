//! Batch benchmark: one batch of every snapshot company with no
//! delay between children, served by an in-process worker (the API's embedded mode), on a
//! fresh database per round. Prints the stocks, how many scored and failed, the total time
//! from the start call to the batch's end, and stocks per second.
//!
//! `cargo run --release -p worker --features bench --bin batch-bench -- --database sqlite`
//! (or `postgres`; MARKET_DATA_DIR names the snapshot, TEST_POSTGRES_URL the server).

use std::{
    collections::BTreeSet,
    path::Path,
    time::{Duration, Instant},
};

use clap::Parser;
use jobs::{
    batch,
    queue::JobQueue,
    runtime::{self, WorkerOptions},
    settings::CommonSettings,
    sources::tickers::read_snapshot,
    store::Backend,
    testing::{TestDb, market_data_dir},
};

#[derive(Parser)]
struct Args {
    /// sqlite or postgres.
    #[arg(long, default_value = "sqlite")]
    database: String,
    /// Jobs each queue of the worker runs at once.
    #[arg(long, default_value_t = 16)]
    concurrency: usize,
    /// Rounds, each on a fresh database.
    #[arg(long, default_value_t = 3)]
    rounds: usize,
}

/// Every company of the snapshot: the tickers with company facts (the analyzable stocks)
/// and the price-only tickers of `prices/INDEX.csv` (they fail fast: nothing to score).
async fn snapshot_symbols(db: &TestDb, dir: &Path) -> anyhow::Result<Vec<String>> {
    let mut symbols: BTreeSet<String> = batch::analyzable_stocks(&db.store, Some(dir))
        .await?
        .into_iter()
        .collect();
    let index = std::fs::read_to_string(dir.join("prices/INDEX.csv"))?;
    for line in index.lines().skip(1) {
        if let Some(ticker) = line.split(',').next().filter(|t| !t.is_empty()) {
            symbols.insert(ticker.to_string());
        }
    }
    Ok(symbols.into_iter().collect())
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let args = Args::parse();
    let backend = match args.database.as_str() {
        "sqlite" => Backend::Sqlite,
        "postgres" => Backend::Postgres,
        other => anyhow::bail!("--database must be sqlite or postgres, not {other}"),
    };
    let dir = market_data_dir();
    println!(
        "# batch benchmark on {backend:?}: every snapshot company, delay 0, worker concurrency {}",
        args.concurrency
    );
    for round in 1..=args.rounds {
        let db = TestDb::new(backend).await;
        db.store.replace_tickers(&read_snapshot(&dir)?).await?;
        let symbols = snapshot_symbols(&db, &dir).await?;

        let mut settings = CommonSettings::from_env()?;
        settings.market_data_dir = Some(dir.clone());
        settings.redis_url = None;
        let options = WorkerOptions {
            concurrency: args.concurrency,
            queues: vec!["batch".into(), "analyze".into()],
            ..Default::default()
        };
        let (stop_tx, mut stop_rx) = tokio::sync::watch::channel(false);
        let store = db.store.clone();
        let worker = tokio::spawn(async move {
            runtime::run_worker(store, settings, &options, async move {
                let _ = stop_rx.wait_for(|s| *s).await;
                Ok(())
            })
            .await
        });
        // Let the worker register before the clock starts.
        tokio::time::sleep(Duration::from_millis(500)).await;

        let queue = JobQueue::new(db.store.clone());
        let started = Instant::now();
        let id = batch::start(&queue, &symbols, Duration::ZERO, None, chrono::Utc::now()).await?;
        let run = loop {
            let run = db.store.batch(id).await?.expect("the batch row");
            if run.status != "running" {
                break run;
            }
            anyhow::ensure!(
                started.elapsed() < Duration::from_secs(600),
                "the batch did not end in 10 minutes"
            );
            tokio::time::sleep(Duration::from_millis(10)).await;
        };
        let total = started.elapsed().as_secs_f64();
        let children = db.store.batch_children(id).await?;
        let scored = children.iter().filter(|c| c.status == "completed").count();
        let failed = children.iter().filter(|c| c.status == "failed").count();
        println!(
            "round {round}: {} stocks ({scored} scored, {failed} failed), status {}, total {total:.2} s, {:.0} stocks/s",
            children.len(),
            run.status,
            children.len() as f64 / total
        );
        let _ = stop_tx.send(true);
        let _ = worker.await;
        db.store.close().await;
    }
    Ok(())
}
