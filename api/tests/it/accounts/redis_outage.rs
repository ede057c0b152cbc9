//! Redis going away under a running API: with `REDIS_URL` set, sessions and throttles live in
//! Redis, so a dead Redis must give a signed-in visitor a clear 503 quickly (not a hang),
//! turn readiness to 503, and heal without a restart when Redis is back, all while visitors keep
//! coming. The test runs a Redis of its own on a free port (with the append-only file the
//! compose file gives it, so a restart keeps sessions) and kills only that one.

use std::{
    net::TcpListener,
    process::{Child, Command, Stdio},
    time::{Duration, Instant},
};

use jobs::{settings::RedactedUrl, sources::tickers::read_snapshot};
use reqwest::StatusCode;

use super::support::{browser, get, register};
use crate::helpers::{market_data_dir, spawn_app_with};

/// The longest a request may take while Redis is down.
const OUTAGE_ANSWER_WITHIN: Duration = Duration::from_secs(3);

struct OwnRedis {
    port: u16,
    child: Child,
}

impl OwnRedis {
    /// A Redis on `port` keeping its append-only file in `dir` (fsync on every write, so a
    /// kill -9 loses nothing written).
    fn start(port: u16, dir: &std::path::Path) -> Option<OwnRedis> {
        let child = Command::new("redis-server")
            .args(["--port", &port.to_string(), "--bind", "127.0.0.1"])
            .args([
                "--save",
                "",
                "--appendonly",
                "yes",
                "--appendfsync",
                "always",
            ])
            .arg("--dir")
            .arg(dir)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .ok()?;
        let redis = OwnRedis { port, child };
        let started = Instant::now();
        while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
            if started.elapsed() > Duration::from_secs(10) {
                return None;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        Some(redis)
    }

    fn url(&self) -> String {
        format!("redis://127.0.0.1:{}", self.port)
    }

    fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for OwnRedis {
    fn drop(&mut self) {
        self.kill();
    }
}

fn free_port() -> u16 {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    listener.local_addr().unwrap().port()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_dead_redis_answers_503_at_once_and_heals_without_a_restart() {
    let port = free_port();
    let dir = std::env::temp_dir().join(format!("askbubba-redis-{}", ulid::Ulid::new()));
    std::fs::create_dir_all(&dir).unwrap();
    let Some(mut redis) = OwnRedis::start(port, &dir) else {
        eprintln!("SKIPPED: redis-server could not be started");
        return;
    };
    let url = redis.url();
    let app = spawn_app_with(jobs::store::Backend::Sqlite, |s| {
        s.common.redis_url = Some(RedactedUrl(url));
        s.common.redis_prefix = "outage-test".into();
    })
    .await;
    // Readiness also waits for the ticker directory; load it so Redis is the one thing tested.
    app.store
        .replace_tickers(&read_snapshot(&market_data_dir()).unwrap())
        .await
        .unwrap();
    let client = browser();
    register(&app.address, &client, "joe@example.com").await;
    let (status, user) = get(&client, &app.url("/api/user")).await;
    assert_eq!(
        (status, &user["username"]),
        (StatusCode::OK, &"joe@example.com".into())
    );
    let started = Instant::now();
    while get(&client, &app.url("/readyz")).await.0 != StatusCode::OK {
        assert!(started.elapsed() < Duration::from_secs(10), "never ready");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }

    // Visitors keep coming through the outage: a signed-in one and an anonymous search.
    let load_until = Instant::now() + Duration::from_secs(8);
    let load: Vec<_> = (0..4)
        .map(|i| {
            let (client, path) = if i % 2 == 0 {
                (client.clone(), "/api/user")
            } else {
                (browser(), "/api/tickers/search?q=apple")
            };
            let url = app.url(path);
            tokio::spawn(async move {
                let (mut slowest, mut answers) = (Duration::ZERO, Vec::new());
                while Instant::now() < load_until {
                    let started = Instant::now();
                    let (status, _) = get(&client, &url).await;
                    slowest = slowest.max(started.elapsed());
                    answers.push(status);
                    tokio::time::sleep(Duration::from_millis(100)).await;
                }
                (path, slowest, answers)
            })
        })
        .collect();
    tokio::time::sleep(Duration::from_secs(1)).await;

    redis.kill();
    for _ in 0..3 {
        let started = Instant::now();
        let (status, body) = get(&client, &app.url("/api/user")).await;
        assert!(
            started.elapsed() < OUTAGE_ANSWER_WITHIN,
            "{:?}",
            started.elapsed()
        );
        assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{body}");
        assert_eq!(
            body["message"],
            jobs::accounts::messages::SIGN_IN_UNAVAILABLE,
            "the visitor is told what happened"
        );
    }
    let started = Instant::now();
    let (status, body) = get(&client, &app.url("/readyz")).await;
    assert!(started.elapsed() < OUTAGE_ANSWER_WITHIN);
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE);
    assert_eq!(body["reason"], "redis unreachable");
    // The process itself is alive: an orchestrator waits rather than restarting it.
    assert_eq!(get(&client, &app.url("/healthz")).await.0, StatusCode::OK);

    // Redis back on the same address: ready again with no restart of the API.
    tokio::time::sleep(Duration::from_secs(1)).await;
    let _redis = OwnRedis::start(port, &dir).expect("redis restarts");
    let started = Instant::now();
    while get(&client, &app.url("/readyz")).await.0 != StatusCode::OK {
        assert!(
            started.elapsed() < Duration::from_secs(15),
            "not ready again"
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    for task in load {
        let (path, slowest, answers) = task.await.unwrap();
        assert!(slowest < OUTAGE_ANSWER_WITHIN, "{path} waited {slowest:?}");
        let allowed: &[StatusCode] = if path == "/api/user" {
            &[StatusCode::OK, StatusCode::SERVICE_UNAVAILABLE]
        } else {
            // A search needs no session: it never fails for Redis.
            &[StatusCode::OK]
        };
        assert!(
            answers.iter().all(|s| allowed.contains(s)),
            "{path}: {answers:?}"
        );
    }
    // Nothing lost: the session written before the outage is still there, and a newcomer
    // signs up and stays signed in.
    let (status, user) = get(&client, &app.url("/api/user")).await;
    assert_eq!(
        (status, &user["username"]),
        (StatusCode::OK, &"joe@example.com".into())
    );
    let newcomer = browser();
    register(&app.address, &newcomer, "ann@example.com").await;
    let (status, user) = get(&newcomer, &app.url("/api/user")).await;
    assert_eq!(
        (status, &user["username"]),
        (StatusCode::OK, &"ann@example.com".into())
    );
    let _ = std::fs::remove_dir_all(&dir);
}
