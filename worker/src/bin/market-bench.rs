//! Market-run benchmark: a synthetic market (`bench/market-score.sh` builds it) scored end to
//! end by real `worker` processes on a fresh database: the wall time from the start to the
//! run's end, companies (jobs) per second, each process's peak RSS, then a second run with
//! nothing changed.
//!
//! `market-bench --database sqlite --market DIR --worker target/release/worker --workers 2`
//! (DIR holds `companyfacts.zip`, `submissions.zip` and a snapshot-shaped `data/` folder
//! whose `sec/company_tickers.json` names the synthetic companies).

use std::{
    path::PathBuf,
    process::{Child, Command, Stdio},
    time::{Duration, Instant},
};

use clap::Parser;
use jobs::{
    queue::JobQueue, sources::tickers::read_snapshot, store::Backend, tasks::ScoreMarket,
    testing::TestDb,
};

#[derive(Parser)]
struct Args {
    /// sqlite or postgres.
    #[arg(long, default_value = "sqlite")]
    database: String,
    /// The synthetic market's folder.
    #[arg(long)]
    market: PathBuf,
    /// The `worker` binary to run.
    #[arg(long)]
    worker: PathBuf,
    /// Worker processes.
    #[arg(long, default_value_t = 2)]
    workers: usize,
    /// Jobs each queue of a worker runs at once.
    #[arg(long, default_value_t = 4)]
    concurrency: usize,
    /// Longest a run may take.
    #[arg(long, default_value_t = 3600)]
    limit_secs: u64,
}

/// Peak resident memory of a live process, in MB (`VmHWM`).
fn peak_rss_mb(pid: u32) -> Option<f64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let kb: f64 = status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))?
        .trim()
        .trim_end_matches("kB")
        .trim()
        .parse()
        .ok()?;
    Some(kb / 1024.0)
}

async fn one_run(
    db: &TestDb,
    label: &str,
    limit: Duration,
    workers: &[Child],
) -> anyhow::Result<()> {
    let before = db.store.latest_market_run().await?.map_or(0, |r| r.id);
    let day = format!("bench-{}", chrono::Utc::now().timestamp_millis());
    let started = Instant::now();
    JobQueue::new(db.store.clone())
        .enqueue(&ScoreMarket { day })
        .await?;
    let run = loop {
        if let Some(run) = db.store.latest_market_run().await?
            && run.id > before
            && run.status != "running"
        {
            break run;
        }
        anyhow::ensure!(
            started.elapsed() < limit,
            "{label}: the run did not end in time"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    let secs = started.elapsed().as_secs_f64();
    let rss: Vec<String> = workers
        .iter()
        .map(|w| peak_rss_mb(w.id()).map_or("?".into(), |mb| format!("{mb:.0} MB")))
        .collect();
    println!(
        "{label}: {} companies, {} to score ({} scored, {} failed), {} unchanged, {} not common; {secs:.1} s wall, {:.1} jobs/s; peak RSS per worker: {}",
        run.total,
        run.changed,
        run.scored,
        run.failed,
        run.skipped_unchanged,
        run.skipped_not_common,
        f64::from(run.changed) / secs,
        rss.join(", ")
    );
    Ok(())
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let args = Args::parse();
    let backend = match args.database.as_str() {
        "sqlite" => Backend::Sqlite,
        "postgres" => Backend::Postgres,
        other => anyhow::bail!("--database must be sqlite or postgres, not {other}"),
    };
    let data = args.market.join("data");
    let db = TestDb::new(backend).await;
    db.store.replace_tickers(&read_snapshot(&data)?).await?;
    let env = [
        ("MARKET_DATA_DIR", data.clone()),
        ("MARKET_FACTS_PATH", args.market.join("companyfacts.zip")),
        (
            "MARKET_SUBMISSIONS_PATH",
            args.market.join("submissions.zip"),
        ),
    ];
    let mut workers: Vec<Child> = (0..args.workers)
        .map(|_| {
            Command::new(&args.worker)
                .args(["--queues", "market,market-company"])
                .args(["--concurrency", &args.concurrency.to_string()])
                .env("DATABASE_URL", db.url.to_string())
                .env_remove("REDIS_URL")
                .env("RUST_LOG", "warn")
                .envs(env.iter().map(|(k, v)| (k, v.as_os_str())))
                .stdout(Stdio::null())
                .stderr(Stdio::inherit())
                .spawn()
        })
        .collect::<Result<_, _>>()?;
    println!(
        "# market run on {backend:?}: {} worker processes, concurrency {} each",
        args.workers, args.concurrency
    );
    let limit = Duration::from_secs(args.limit_secs);
    let outcome = async {
        one_run(&db, "first run", limit, &workers).await?;
        one_run(&db, "nothing changed", limit, &workers).await
    }
    .await;
    for worker in &mut workers {
        let _ = worker.kill();
        let _ = worker.wait();
    }
    db.store.close().await;
    outcome
}
