//! Redis going away under a running API: with `REDIS_URL` set, sessions and throttles live in
//! Redis, so a dead Redis must give a signed-in visitor a clear 503 quickly (not a hang),
//! turn readiness to 503, and heal without a restart when Redis is back. The test runs a Redis
//! of its own on a free port and kills only that one.

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
    fn start(port: u16) -> Option<OwnRedis> {
        let child = Command::new("redis-server")
            .args(["--port", &port.to_string(), "--bind", "127.0.0.1"])
            .args(["--save", "", "--appendonly", "no"])
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
    let Some(mut redis) = OwnRedis::start(port) else {
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
    let _redis = OwnRedis::start(port).expect("redis restarts");
    let started = Instant::now();
    while get(&client, &app.url("/readyz")).await.0 != StatusCode::OK {
        assert!(
            started.elapsed() < Duration::from_secs(15),
            "not ready again"
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    // This Redis kept nothing (no persistence, as the tests run it): the old session is gone,
    // and a new visitor signs up and stays signed in.
    let (_, old_session) = get(&client, &app.url("/api/user")).await;
    assert_ne!(old_session["username"], "joe@example.com", "{old_session}");
    let newcomer = browser();
    register(&app.address, &newcomer, "ann@example.com").await;
    let (status, user) = get(&newcomer, &app.url("/api/user")).await;
    assert_eq!(
        (status, &user["username"]),
        (StatusCode::OK, &"ann@example.com".into())
    );
}
