//! Watchlist benchmark: 1,000 users watching 20 stocks each from the snapshot's scorable
//! companies, then the nightly work timed on 2 real `worker` processes: the rescoring
//! (`RefreshAnalyses` -> one `AnalyzeStock` and one `CreateAlerts` per watched stock) and the
//! digests (the scheduler's `queue_due_digests` -> one `SendDigest` per user -> `SendEmail`
//! for those with a change). Prints wall time per phase, jobs per queue, alerts, e-mails
//! rendered and each worker's peak RSS.
//!
//! Set-up (not timed): a fresh database, the ticker directory, a past quarter of every pooled
//! stock (`AnalyzeQuarter`, run by an in-process worker, so the rescoring has a change to
//! alert on), the users (watching since yesterday, digest day today).
//!
//! `bench/watchlist-nightly.sh` builds and runs it (release) on SQLite and on Postgres.

use std::{
    process::{Child, Command, Stdio},
    time::{Duration, Instant},
};

use chrono::{Datelike, Utc};
use clap::Parser;
use jobs::{
    batch,
    queue::JobQueue,
    runtime::{self, WorkerOptions},
    settings::CommonSettings,
    sources::tickers::read_snapshot,
    store::{Backend, Store, apalis::JobStatus, users::NewUser, watchlist::AlertSettings},
    tasks::{AnalyzeQuarter, RefreshAnalyses},
    testing::{TestDb, market_data_dir},
    trends::Quarter,
    watchlist::{WATCH_LIMIT, due::queue_due_digests},
};

#[derive(Parser)]
struct Args {
    /// sqlite or postgres.
    #[arg(long, default_value = "sqlite")]
    database: String,
    #[arg(long, default_value_t = 1000)]
    users: usize,
    #[arg(long, default_value_t = 20)]
    stocks_per_user: usize,
    /// Pool the watched stocks are drawn from (capped at the snapshot's scorable companies).
    #[arg(long, default_value_t = 100)]
    pool: usize,
    /// Jobs each queue of each worker process runs at once.
    #[arg(long, default_value_t = 8)]
    concurrency: usize,
    #[arg(long, default_value_t = 2)]
    workers: usize,
}

/// The queues of the nightly work.
const RESCORING: [&str; 3] = ["refresh", "analyze", "alerts"];
const DIGESTS: [&str; 2] = ["digest", "mail"];

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let args = Args::parse();
    let backend = match args.database.as_str() {
        "sqlite" => Backend::Sqlite,
        "postgres" => Backend::Postgres,
        other => anyhow::bail!("--database must be sqlite or postgres, not {other}"),
    };
    let dir = market_data_dir();
    let db = TestDb::new(backend).await;
    let store = &db.store;
    store.replace_tickers(&read_snapshot(&dir)?).await?;
    let mut pool = batch::analyzable_stocks(store, Some(&dir)).await?;
    pool.sort();
    pool.truncate(args.pool);

    let set_up = Instant::now();
    seed_past_quarters(&db, &pool).await?;
    let watched = seed_users(store, &pool, &args).await?;
    println!(
        "# {backend:?}: {} users x {} stocks from a pool of {} (the snapshot's scorable \
         companies), {} distinct watched; {} workers x concurrency {}; set-up {:.1} s",
        args.users,
        args.stocks_per_user,
        pool.len(),
        watched,
        args.workers,
        args.concurrency,
        set_up.elapsed().as_secs_f64()
    );

    let mut workers: Vec<Child> = (0..args.workers)
        .map(|_| spawn_worker(&db, args.concurrency))
        .collect();
    // Let the workers connect before the clock starts.
    tokio::time::sleep(Duration::from_secs(2)).await;
    let queue = JobQueue::new(store.clone());

    let started = Instant::now();
    let day = Utc::now().date_naive().to_string();
    queue.enqueue(&RefreshAnalyses { day }).await?;
    let rescoring = drain(store, &RESCORING, 1).await?;
    let rescoring_took = started.elapsed().as_secs_f64();

    let digests_started = Instant::now();
    let queued = queue_due_digests(&queue, Utc::now()).await?;
    let digests = drain(store, &DIGESTS, queued).await?;
    let digests_took = digests_started.elapsed().as_secs_f64();
    let total = started.elapsed().as_secs_f64();

    let peaks: Vec<String> = workers
        .iter()
        .map(|w| format!("{:.0} MB", peak_rss_mb(w.id()).unwrap_or(f64::NAN)))
        .collect();
    for worker in &mut workers {
        let _ = worker.kill();
        let _ = worker.wait();
    }
    let (alerts, emails) = alerts_and_emails(store).await?;
    println!(
        "rescoring {rescoring_took:.1} s: {} | digests {digests_took:.1} s: {} | total {total:.1} s",
        summary(&rescoring),
        summary(&digests)
    );
    println!(
        "analyze jobs {} for {watched} distinct watched stocks; {alerts} alerts; {queued} \
         digests queued, {emails} e-mails rendered; peak RSS per worker: {}",
        count(&rescoring, "analyze", JobStatus::Succeeded)
            + count(&rescoring, "analyze", JobStatus::Failed),
        peaks.join(", ")
    );
    println!(
        "# bench process peak RSS {:.0} MB",
        peak_rss_mb(std::process::id()).unwrap_or(f64::NAN)
    );
    db.store.close().await;
    Ok(())
}

/// A past quarter of every pooled stock, scored by an in-process worker (not timed, and not
/// in the measured workers' memory).
async fn seed_past_quarters(db: &TestDb, pool: &[String]) -> anyhow::Result<()> {
    let mut settings = CommonSettings::from_env()?;
    settings.market_data_dir = Some(market_data_dir());
    settings.redis_url = None;
    let options = WorkerOptions {
        concurrency: 4,
        queues: vec!["analyze-quarter".into()],
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
    let quarter = Quarter::of(Utc::now().date_naive()).previous_quarters(2)[0].key();
    let queue = JobQueue::new(db.store.clone());
    for symbol in pool {
        queue
            .enqueue(&AnalyzeQuarter {
                symbol: symbol.clone(),
                quarter: quarter.clone(),
            })
            .await?;
    }
    drain(&db.store, &["analyze-quarter"], pool.len()).await?;
    let _ = stop_tx.send(true);
    let _ = worker.await;
    Ok(())
}

/// The users, each watching `stocks_per_user` distinct stocks of the pool (a fixed
/// pseudo-random draw, so every run watches the same), since yesterday, digest day today.
/// Answers how many distinct stocks are watched.
async fn seed_users(store: &Store, pool: &[String], args: &Args) -> anyhow::Result<usize> {
    let now = Utc::now();
    let yesterday = now - chrono::Duration::days(1);
    let today = i32::try_from(now.weekday().number_from_monday())?;
    let per_user = args.stocks_per_user.min(pool.len());
    let mut state: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut watched = std::collections::BTreeSet::new();
    for n in 0..args.users {
        let user = store
            .create_user(&NewUser {
                username: format!("watcher{n}@example.com"),
                password_hash: jobs::accounts::PasswordHash("$argon2id$bench".into()),
                parent_name: None,
                parent_email: None,
                parent_signature: None,
                child_name: None,
                parental_consent: false,
                accepted_at: now,
            })
            .await?;
        let mut picked: Vec<usize> = Vec::with_capacity(per_user);
        while picked.len() < per_user {
            // xorshift64: cheap, fixed, good enough to spread the picks.
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let i = (state % pool.len() as u64) as usize;
            if !picked.contains(&i) {
                picked.push(i);
            }
        }
        for i in picked {
            store
                .watch(user.id, &pool[i], None, yesterday, WATCH_LIMIT)
                .await?;
            watched.insert(i);
        }
        let settings = AlertSettings {
            alerts_enabled: true,
            digest_enabled: true,
            digest_day: today,
        };
        store.save_alert_settings(user.id, settings, now).await?;
    }
    Ok(watched.len())
}

fn spawn_worker(db: &TestDb, concurrency: usize) -> Child {
    let exe = std::env::current_exe()
        .expect("own path")
        .with_file_name("worker");
    let queues = [RESCORING.as_slice(), DIGESTS.as_slice()]
        .concat()
        .join(",");
    Command::new(exe)
        .args([
            "--queues",
            &queues,
            "--concurrency",
            &concurrency.to_string(),
        ])
        .env("DATABASE_URL", db.url.to_string())
        .env("HISTORY_BACKFILL", "off")
        .env(
            "RUST_LOG",
            std::env::var("BENCH_WORKER_RUST_LOG").unwrap_or_else(|_| "warn".into()),
        )
        .stdout(Stdio::null())
        .stderr(if std::env::var_os("BENCH_WORKER_LOGS").is_some() {
            Stdio::inherit()
        } else {
            Stdio::null()
        })
        .spawn()
        .expect("start worker (build it first: cargo build --release -p worker)")
}

/// Jobs per queue and status.
type Counts = Vec<(String, JobStatus, i64)>;

/// Waits until `queues` hold at least `at_least` jobs and none is waiting, running or
/// retrying; answers their jobs per queue and status.
async fn drain(store: &Store, queues: &[&str], at_least: usize) -> anyhow::Result<Counts> {
    let started = Instant::now();
    loop {
        let counts: Counts = store
            .job_counts()
            .await?
            .into_iter()
            .filter(|c| queues.contains(&c.queue.as_str()))
            .map(|c| (c.queue, c.status, c.count))
            .collect();
        let total: i64 = counts.iter().map(|c| c.2).sum();
        let busy = counts.iter().any(|(_, status, n)| {
            *n > 0
                && matches!(
                    status,
                    JobStatus::Queued | JobStatus::Running | JobStatus::Retrying
                )
        });
        if !busy && total >= i64::try_from(at_least)? {
            return Ok(counts);
        }
        anyhow::ensure!(
            started.elapsed() < Duration::from_secs(900),
            "{queues:?} did not drain in 15 minutes: {counts:?}"
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

fn count(counts: &Counts, queue: &str, status: JobStatus) -> i64 {
    counts
        .iter()
        .filter(|(q, s, _)| q == queue && *s == status)
        .map(|c| c.2)
        .sum()
}

/// "analyze 81 ok 0 failed, alerts 81 ok 0 failed, ...".
fn summary(counts: &Counts) -> String {
    let mut queues: Vec<&str> = counts.iter().map(|(q, _, _)| q.as_str()).collect();
    queues.sort_unstable();
    queues.dedup();
    queues
        .into_iter()
        .map(|q| {
            format!(
                "{q} {} ok {} failed",
                count(counts, q, JobStatus::Succeeded),
                count(counts, q, JobStatus::Failed)
            )
        })
        .collect::<Vec<_>>()
        .join(", ")
}

async fn alerts_and_emails(store: &Store) -> anyhow::Result<(i64, i64)> {
    let alerts = "SELECT COUNT(*) FROM stock_alerts";
    let emails = "SELECT COUNT(*) FROM weekly_digests WHERE outbox_id IS NOT NULL";
    Ok(match store {
        Store::Sqlite(pool) => (
            sqlx::query_scalar(alerts).fetch_one(pool).await?,
            sqlx::query_scalar(emails).fetch_one(pool).await?,
        ),
        Store::Postgres(pool) => (
            sqlx::query_scalar(alerts).fetch_one(pool).await?,
            sqlx::query_scalar(emails).fetch_one(pool).await?,
        ),
    })
}

/// A process's peak resident set (`VmHWM`), in MB.
fn peak_rss_mb(pid: u32) -> Option<f64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb / 1024.0)
}
