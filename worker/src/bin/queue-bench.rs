//! Queue benchmark: enqueue rate (single and batched), burn-down of no-op jobs by 1 and 2
//! real `worker` processes, and enqueue-to-start latency warm and after idling; then the same
//! warm latency with the worker inside the enqueuing process (the API's embedded mode).
//!
//! `cargo run --release -p worker --bin queue-bench -- --database sqlite` (or `postgres`).
//! It makes its own throwaway database (Postgres: TEST_POSTGRES_URL, default the local server).

use std::{
    process::{Child, Command, Stdio},
    time::{Duration, Instant},
};

use clap::Parser;
use jobs::{
    queue::JobQueue,
    runtime::{self, WorkerOptions},
    settings::CommonSettings,
    store::{Backend, Store, apalis::JobStatus},
    tasks::diagnostics::Noop,
    testing::TestDb,
};

#[derive(Parser)]
struct Args {
    /// sqlite or postgres.
    #[arg(long, default_value = "sqlite")]
    database: String,
    /// No-op jobs burned down per run.
    #[arg(long, default_value_t = 100_000)]
    jobs: usize,
    /// Concurrency of each worker process.
    #[arg(long, default_value_t = 64)]
    concurrency: usize,
    /// Warm latency samples.
    #[arg(long, default_value_t = 200)]
    samples: usize,
    /// Idle period before each idle latency sample, in seconds.
    #[arg(long, default_value_t = 120)]
    idle_secs: u64,
    /// Idle latency samples (each after a full idle period).
    #[arg(long, default_value_t = 3)]
    idle_samples: usize,
    /// Also burn down this many jobs with one worker first, to compare the rate on a small
    /// table with the rate at `--jobs` (0: skip).
    #[arg(long, default_value_t = 0)]
    small_jobs: usize,
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let args = Args::parse();
    let backend = match args.database.as_str() {
        "sqlite" => Backend::Sqlite,
        "postgres" => Backend::Postgres,
        other => anyhow::bail!("--database must be sqlite or postgres, not {other}"),
    };
    println!(
        "# queue benchmark on {backend:?}, {} no-op jobs, concurrency {} per worker",
        args.jobs, args.concurrency
    );

    let db = TestDb::new(backend).await;
    let queue = JobQueue::new(db.store.clone());
    let started = Instant::now();
    let single = 2_000;
    for _ in 0..single {
        queue.enqueue(&Noop::default()).await?;
    }
    println!(
        "enqueue, one at a time:   {:>9.0} jobs/s",
        single as f64 / started.elapsed().as_secs_f64()
    );
    drop(db);

    if args.small_jobs > 0 {
        burn_down(backend, args.small_jobs, 1, args.concurrency, false).await?;
    }
    for workers in [1, 2] {
        burn_down(backend, args.jobs, workers, args.concurrency, workers == 1).await?;
    }

    let db = TestDb::new(backend).await;
    let queue = JobQueue::new(db.store.clone());
    let mut worker = spawn_worker(&db, 4);
    let measured = measure_latency(&args, &queue, &db.store).await;
    let _ = worker.kill();
    let _ = worker.wait();
    measured?;
    measure_embedded_latency(&args, backend).await
}

/// Enqueues `jobs` no-op jobs in batches into a fresh database, then times `workers` worker
/// processes running them all.
async fn burn_down(
    backend: Backend,
    jobs: usize,
    workers: usize,
    concurrency: usize,
    print_enqueue: bool,
) -> anyhow::Result<()> {
    let db = TestDb::new(backend).await;
    let queue = JobQueue::new(db.store.clone());
    let started = Instant::now();
    let batch = vec![Noop::default(); 1_000.min(jobs)];
    for _ in 0..jobs / batch.len() {
        queue.enqueue_batch(&batch).await?;
    }
    let jobs = jobs / batch.len() * batch.len();
    if print_enqueue {
        println!(
            "enqueue, batches of 1000: {:>9.0} jobs/s",
            jobs as f64 / started.elapsed().as_secs_f64()
        );
    }
    // As the graphile-worker side of bench/queue-vs-graphile.sh does after its insert: the
    // planner sees the table as it is, and the burn-down starts on a clean one.
    if let Store::Postgres(pool) = &db.store {
        sqlx::query("VACUUM ANALYZE apalis.jobs")
            .execute(pool)
            .await?;
    }
    let mut procs: Vec<Child> = (0..workers)
        .map(|_| spawn_worker(&db, concurrency))
        .collect();
    let started = chrono::Utc::now();
    let Timed { took, start_up } = wait_until_done(&db.store, jobs as i64, started).await?;
    let rate = jobs as f64 / took.as_secs_f64();
    // The time includes starting the worker processes (exec, connections, migration check),
    // which weighs on a short run: say when the first job was fetched, and the rate from then.
    let start_up = match start_up {
        Some(start_up) => {
            let after = jobs as f64 / took.saturating_sub(start_up).as_secs_f64();
            format!(
                "; first job fetched {:.2} s in, {after:.0} jobs/s from then",
                start_up.as_secs_f64()
            )
        }
        None => String::new(),
    };
    println!(
        "burn-down, {workers} worker(s), {jobs} jobs: {rate:>9.0} jobs/s ({:.1} s{start_up})",
        took.as_secs_f64()
    );
    for p in &mut procs {
        let _ = p.kill();
        let _ = p.wait();
    }
    Ok(())
}

/// Warm enqueue-to-start latency with the worker in this process, as the API runs it when
/// embedded: the enqueue wakes the worker directly instead of waiting for its poll.
async fn measure_embedded_latency(args: &Args, backend: Backend) -> anyhow::Result<()> {
    let db = TestDb::new(backend).await;
    let queue = JobQueue::new(db.store.clone());
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let options = WorkerOptions {
        concurrency: 2,
        queues: vec!["noop".into()],
        ..WorkerOptions::default()
    };
    let (store, settings) = (db.store.clone(), CommonSettings::from_env()?);
    let worker = tokio::spawn(async move {
        let stop = async move {
            let _ = stopped.await;
            Ok(())
        };
        runtime::run_worker(store, settings, &options, stop).await
    });
    tokio::time::sleep(Duration::from_secs(2)).await;
    let mut warm = Vec::new();
    for _ in 0..args.samples {
        warm.push(latency(&queue, &db.store).await?);
        tokio::time::sleep(Duration::from_millis(37)).await;
    }
    report("enqueue-to-start, in-process worker, warm", &mut warm);
    let _ = stop.send(());
    worker.await??;
    Ok(())
}

/// Enqueue-to-start latency, warm and after idle periods, with one worker running.
async fn measure_latency(args: &Args, queue: &JobQueue, store: &Store) -> anyhow::Result<()> {
    tokio::time::sleep(Duration::from_secs(2)).await;
    let mut warm = Vec::new();
    for _ in 0..args.samples {
        warm.push(latency(queue, store).await?);
        tokio::time::sleep(Duration::from_millis(37)).await;
    }
    report("enqueue-to-start, warm", &mut warm);
    let mut idle = Vec::new();
    for _ in 0..args.idle_samples {
        tokio::time::sleep(Duration::from_secs(args.idle_secs)).await;
        idle.push(latency(queue, store).await?);
    }
    if !idle.is_empty() {
        report(
            &format!("enqueue-to-start, after {} s idle", args.idle_secs),
            &mut idle,
        );
    }
    Ok(())
}

fn spawn_worker(db: &TestDb, concurrency: usize) -> Child {
    let exe = std::env::current_exe()
        .expect("own path")
        .with_file_name("worker");
    Command::new(exe)
        .args([
            "--queues",
            "noop",
            "--concurrency",
            &concurrency.to_string(),
        ])
        .env("DATABASE_URL", db.url.to_string())
        .env(
            "RUST_LOG",
            std::env::var("BENCH_WORKER_RUST_LOG").unwrap_or_else(|_| "warn".into()),
        )
        .stdout(Stdio::null())
        // BENCH_WORKER_LOGS=1 shows the workers' warnings (restarts, busy database).
        .stderr(if std::env::var_os("BENCH_WORKER_LOGS").is_some() {
            Stdio::inherit()
        } else {
            Stdio::null()
        })
        .spawn()
        .expect("start worker (build it first: cargo build --release -p worker)")
}

/// How long a burn-down took, and (Postgres) how long after the start its first job was
/// fetched.
struct Timed {
    took: Duration,
    start_up: Option<Duration>,
}

/// Waits until `total` jobs have succeeded and answers how long they took. Counting is a scan
/// of the whole job table, so on Postgres it runs once a second (ten scans a second of a 100k
/// table took CPU from the workers being measured, more as the table grew) and the time is
/// the last job's `done_at`; SQLite keeps whole seconds there, so it is timed by a 100 ms poll.
async fn wait_until_done(
    store: &Store,
    total: i64,
    started: chrono::DateTime<chrono::Utc>,
) -> anyhow::Result<Timed> {
    let poll = match store {
        Store::Sqlite(_) => Duration::from_millis(100),
        Store::Postgres(_) => Duration::from_secs(1),
    };
    loop {
        let done: i64 = store
            .job_counts()
            .await?
            .iter()
            .filter(|c| c.status == JobStatus::Succeeded)
            .map(|c| c.count)
            .sum();
        if done >= total {
            return Ok(match store {
                Store::Sqlite(_) => Timed {
                    took: (chrono::Utc::now() - started).to_std()?,
                    start_up: None,
                },
                Store::Postgres(pool) => {
                    let (first, last): (
                        chrono::DateTime<chrono::Utc>,
                        chrono::DateTime<chrono::Utc>,
                    ) = sqlx::query_as("SELECT min(lock_at), max(done_at) FROM apalis.jobs")
                        .fetch_one(pool)
                        .await?;
                    Timed {
                        took: (last - started).to_std()?,
                        start_up: Some((first - started).to_std().unwrap_or_default()),
                    }
                }
            });
        }
        tokio::time::sleep(poll).await;
    }
}

/// Milliseconds from just before the enqueue to the moment the handler started.
async fn latency(queue: &JobQueue, store: &Store) -> anyhow::Result<f64> {
    let sent = chrono::Utc::now().timestamp_micros();
    let job = queue
        .enqueue(&Noop {
            sleep_ms: 0,
            record_start: true,
        })
        .await?;
    loop {
        if let Some(p) = store.progress(&job.id).await? {
            let started: i64 = p.message.parse()?;
            let millis = (started - sent) as f64 / 1000.0;
            if millis > 250.0 {
                eprintln!(
                    "slow start: job {} took {millis:.0} ms (sent at {sent} us)",
                    job.id
                );
            }
            return Ok(millis);
        }
        tokio::time::sleep(Duration::from_millis(2)).await;
    }
}

fn report(label: &str, samples: &mut [f64]) {
    samples.sort_by(f64::total_cmp);
    let pick = |q: f64| samples[((samples.len() as f64 - 1.0) * q).round() as usize];
    println!(
        "{label}: p50 {:.0} ms, p99 {:.0} ms, max {:.0} ms ({} samples)",
        pick(0.5),
        pick(0.99),
        pick(1.0),
        samples.len()
    );
}
