//! `/healthz` and `/readyz` on a port of the worker's own (`WORKER_HEALTH_ADDR`), so an
//! orchestrator can restart a stuck worker: alive while the process answers, ready only while
//! its claim loop runs and its database answers.

use std::time::Duration;

use anyhow::Context;
use axum::{Router, extract::State, http::StatusCode, routing::get};
use jobs::{runtime::ClaimLoop, store::Store};

/// How long readiness waits for the database: longer means not ready.
const DATABASE_WAIT: Duration = Duration::from_secs(2);

#[derive(Clone)]
struct Probe {
    store: Store,
    claim_loop: ClaimLoop,
}

/// Serves the probes on `listener` until the process ends.
pub fn spawn(listener: tokio::net::TcpListener, store: Store, claim_loop: ClaimLoop) {
    let app = Router::new()
        .route("/healthz", get(|| async { "ok" }))
        .route("/readyz", get(ready))
        .with_state(Probe { store, claim_loop });
    tokio::spawn(async move {
        if let Err(err) = axum::serve(listener, app).await {
            tracing::error!(%err, "the health port stopped");
        }
    });
}

/// Binds `addr` for [`spawn`].
pub async fn bind(addr: &str) -> anyhow::Result<tokio::net::TcpListener> {
    tokio::net::TcpListener::bind(addr)
        .await
        .with_context(|| format!("binding WORKER_HEALTH_ADDR {addr}"))
}

async fn ready(State(probe): State<Probe>) -> (StatusCode, String) {
    if !probe.claim_loop.is_running() {
        return (
            StatusCode::SERVICE_UNAVAILABLE,
            "claim loop not running".into(),
        );
    }
    match tokio::time::timeout(DATABASE_WAIT, probe.store.ping()).await {
        Ok(Ok(())) => (StatusCode::OK, "ready".into()),
        Ok(Err(err)) => (StatusCode::SERVICE_UNAVAILABLE, format!("database: {err}")),
        Err(_) => (
            StatusCode::SERVICE_UNAVAILABLE,
            format!("database: no answer within {} s", DATABASE_WAIT.as_secs()),
        ),
    }
}
