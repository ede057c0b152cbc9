//! Liveness, readiness and metrics.

use axum::{
    Json, Router,
    extract::State,
    http::{StatusCode, header},
    response::IntoResponse,
    routing::get,
};
use serde_json::json;

use crate::AppState;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/healthz", get(healthz))
        .route("/readyz", get(readyz))
        .route("/metrics", get(metrics))
}

/// The process is up.
async fn healthz() -> Json<serde_json::Value> {
    Json(json!({ "status": "ok", "version": env!("CARGO_PKG_VERSION") }))
}

/// The database answers.
async fn readyz(State(state): State<AppState>) -> impl IntoResponse {
    match state.store.ping().await {
        Ok(()) => (StatusCode::OK, Json(json!({ "status": "ready" }))),
        Err(err) => {
            tracing::warn!(%err, "readiness check failed");
            (
                StatusCode::SERVICE_UNAVAILABLE,
                Json(json!({ "status": "unavailable", "reason": "database unreachable" })),
            )
        }
    }
}

/// Prometheus text format: request latency and job counts by queue and status.
async fn metrics(State(state): State<AppState>) -> impl IntoResponse {
    let mut out = String::new();
    state.metrics.render_requests(&mut out);
    out.push_str("# HELP jobs Jobs in the queue by queue and status.\n# TYPE jobs gauge\n");
    match state.store.job_counts().await {
        Ok(counts) => {
            for c in counts {
                out.push_str(&format!(
                    "jobs{{queue=\"{}\",status=\"{}\"}} {}\n",
                    c.queue,
                    c.status.as_str(),
                    c.count
                ));
            }
        }
        Err(err) => tracing::warn!(%err, "job counts unavailable for metrics"),
    }
    ([(header::CONTENT_TYPE, "text/plain; version=0.0.4")], out)
}
