//! Benchmark of the offline assistant over real HTTP: time to first and last byte of
//! `POST /api/chat/AAPL`, 200 streams held open at once, and the API process's memory per
//! open stream. It starts the real `api` binary (`API_BIN`, default
//! `$CARGO_TARGET_DIR/release/api`) on a throwaway SQLite file with the market-data snapshot.
//!
//! ```sh
//! cargo build --release -p api && cargo run --release -p api --example chat_bench
//! ```

use std::{
    process::{Child, Command, Stdio},
    time::{Duration, Instant},
};

use futures::StreamExt;
use reqwest::Client;
use serde_json::json;

const SAMPLES: usize = 300;
const STREAMS: usize = 200;
const FREE_QUERIES: usize = 50;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let dir = std::env::temp_dir().join(format!("chat-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir)?;
    let port = free_port()?;
    let base = format!("http://127.0.0.1:{port}");
    let mut api = start_api(&dir, port)?;
    let result = run(&base, api.id()).await;
    let _ = api.kill();
    let _ = api.wait();
    let _ = std::fs::remove_dir_all(&dir);
    result
}

async fn run(base: &str, pid: u32) -> anyhow::Result<()> {
    wait_ready(base).await?;
    // Enough accounts for every query the run sends (50 free each).
    let needed = (SAMPLES + STREAMS).div_ceil(FREE_QUERIES) + 1;
    let mut users = Vec::new();
    for i in 0..needed {
        users.push(signed_in(base, i).await?);
    }
    let analyzed = users[0]
        .get(format!("{base}/api/analyze-stock/AAPL?wait=120"))
        .send()
        .await?;
    anyhow::ensure!(
        analyzed.status() == 200,
        "AAPL analysis: {}",
        analyzed.status()
    );

    // Sequential latency, each query from the next account with credits.
    let (mut first, mut last) = (Vec::new(), Vec::new());
    for i in 0..SAMPLES {
        let client = &users[i / FREE_QUERIES];
        let started = Instant::now();
        let response = send(client, base).await?;
        anyhow::ensure!(response.status() == 200, "send {i}: {}", response.status());
        let mut body = response.bytes_stream();
        let mut got_first = false;
        while let Some(chunk) = body.next().await {
            chunk?;
            if !got_first {
                first.push(started.elapsed());
                got_first = true;
            }
        }
        last.push(started.elapsed());
    }

    // 200 streams at once: each reads its first chunk and holds the connection open.
    let rss_before = rss_kib(pid)?;
    let offset = SAMPLES.div_ceil(FREE_QUERIES);
    let mut held = Vec::new();
    let started = Instant::now();
    let opens = (0..STREAMS).map(|i| {
        let client = users[offset + i / FREE_QUERIES].clone();
        let base = base.to_string();
        tokio::spawn(async move {
            let response = send(&client, &base).await?;
            anyhow::ensure!(
                response.status() == 200,
                "stream {i}: {}",
                response.status()
            );
            let mut body = response.bytes_stream();
            let first = body.next().await.transpose()?.unwrap_or_default();
            Ok::<_, anyhow::Error>((first.len(), body))
        })
    });
    let mut errors = 0;
    for open in opens {
        match open.await? {
            Ok(stream) => held.push(stream),
            Err(err) => {
                errors += 1;
                eprintln!("{err:#}");
            }
        }
    }
    let opened_in = started.elapsed();
    tokio::time::sleep(Duration::from_millis(300)).await;
    let rss_held = rss_kib(pid)?;
    let mut completed = 0;
    for (_, mut body) in held {
        let mut ok = true;
        while let Some(chunk) = body.next().await {
            ok &= chunk.is_ok();
        }
        completed += usize::from(ok);
    }

    println!("offline responder, POST /api/chat/AAPL over HTTP (release build)");
    println!("| | p50 | p95 | max |");
    println!("|---|---|---|---|");
    for (name, samples) in [
        ("time to first byte", &mut first),
        ("time to last byte", &mut last),
    ] {
        samples.sort();
        println!(
            "| {name} ({SAMPLES} sequential) | {} | {} | {} |",
            ms(percentile(samples, 0.50)),
            ms(percentile(samples, 0.95)),
            ms(*samples.last().unwrap_or(&Duration::ZERO)),
        );
    }
    println!(
        "{STREAMS} concurrent streams: {} opened in {} ms, {completed} completed, {errors} errors",
        STREAMS - errors,
        opened_in.as_millis()
    );
    let per_stream = (rss_held.saturating_sub(rss_before)) as f64 / STREAMS as f64;
    println!(
        "API RSS {rss_before} KiB before, {rss_held} KiB with {STREAMS} streams open: {per_stream:.1} KiB per open stream"
    );
    Ok(())
}

async fn send(client: &Client, base: &str) -> reqwest::Result<reqwest::Response> {
    client
        .post(format!("{base}/api/chat/AAPL"))
        .json(&json!({"message": "what's the debt situation?", "conversationHistory": []}))
        .send()
        .await
}

async fn signed_in(base: &str, i: usize) -> anyhow::Result<Client> {
    let client = Client::builder().cookie_store(true).build()?;
    let response = client
        .post(format!("{base}/api/register"))
        .json(&json!({
            "username": format!("bench-{i}@example.com"),
            "password": "porch-swing-42",
            "acceptTerms": true,
            "acceptPrivacy": true
        }))
        .send()
        .await?;
    anyhow::ensure!(
        response.status().is_success(),
        "register: {}",
        response.status()
    );
    Ok(client)
}

fn start_api(dir: &std::path::Path, port: u16) -> anyhow::Result<Child> {
    let bin = std::env::var("API_BIN").unwrap_or_else(|_| {
        let target = std::env::var("CARGO_TARGET_DIR").unwrap_or_else(|_| "target".into());
        format!("{target}/release/api")
    });
    let market = jobs::testing::market_data_dir();
    Command::new(&bin)
        .env(
            "DATABASE_URL",
            format!("sqlite://{}", dir.join("bench.db").display()),
        )
        .env("PORT", port.to_string())
        .env("MARKET_DATA_DIR", market)
        .env("WEB_DIST", dir)
        .env("CHAT_MESSAGES_PER_MINUTE", "1000000")
        .env("RUST_LOG", "warn")
        .stdout(Stdio::null())
        .stderr(Stdio::inherit())
        .spawn()
        .map_err(|e| anyhow::anyhow!("starting {bin}: {e}"))
}

async fn wait_ready(base: &str) -> anyhow::Result<()> {
    for _ in 0..300 {
        if reqwest::get(format!("{base}/readyz"))
            .await
            .is_ok_and(|r| r.status().is_success())
        {
            return Ok(());
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    anyhow::bail!("the API did not become ready")
}

fn free_port() -> std::io::Result<u16> {
    Ok(std::net::TcpListener::bind("127.0.0.1:0")?
        .local_addr()?
        .port())
}

/// Resident memory of a process, from /proc (Linux).
fn rss_kib(pid: u32) -> anyhow::Result<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status"))?;
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .ok_or_else(|| anyhow::anyhow!("no VmRSS for {pid}"))
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let index = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[index]
}

fn ms(d: Duration) -> String {
    format!("{:.1} ms", d.as_secs_f64() * 1000.0)
}
