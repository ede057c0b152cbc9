//! Liveness, readiness and metrics. Metrics are served on their own listener
//! (`METRICS_ADDR`, [`metrics_router`]); on the public port `/metrics` answers only with
//! `Authorization: Bearer $METRICS_TOKEN`, and 404 when no token is configured.

use axum::{
    Json, Router,
    extract::State,
    http::{HeaderMap, StatusCode, header},
    response::{IntoResponse, Response},
    routing::get,
};
use serde_json::json;

use crate::AppState;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/healthz", get(healthz))
        .route("/readyz", get(readyz))
        .route("/metrics", get(public_metrics))
}

/// The metrics listener's routes (`METRICS_ADDR`).
pub fn metrics_router(state: AppState) -> Router {
    Router::new()
        .route("/metrics", get(metrics))
        .with_state(state)
}

/// `/metrics` on the public port: only with the configured bearer token.
async fn public_metrics(State(state): State<AppState>, headers: HeaderMap) -> Response {
    let presented = headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "));
    match (state.settings.metrics_token.as_deref(), presented) {
        (Some(token), Some(presented)) if same_secret(token, presented) => {
            metrics(State(state)).await.into_response()
        }
        (Some(_), _) => {
            crate::error::ApiError::Unauthorized(METRICS_TOKEN_NEEDED.into()).into_response()
        }
        (None, _) => crate::error::ApiError::NotFound(METRICS_ELSEWHERE.into()).into_response(),
    }
}

pub const METRICS_TOKEN_NEEDED: &str = "Metrics need the bearer token.";
pub const METRICS_ELSEWHERE: &str = "Metrics are served on the metrics address, not here.";

/// Compares without stopping at the first difference, so timing says nothing about the token.
fn same_secret(expected: &str, presented: &str) -> bool {
    let (a, b) = (expected.as_bytes(), presented.as_bytes());
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// The process is up.
async fn healthz() -> Json<serde_json::Value> {
    Json(json!({ "status": "ok", "version": env!("CARGO_PKG_VERSION") }))
}

/// The database answers, Redis answers when `REDIS_URL` is set (sessions and throttles live
/// there), and the ticker directory is loaded (see `crate::startup`).
async fn readyz(State(state): State<AppState>) -> impl IntoResponse {
    if let Err(err) = state.infra.ping().await {
        tracing::warn!(%err, "readiness check failed");
        return (
            StatusCode::SERVICE_UNAVAILABLE,
            Json(json!({ "status": "unavailable", "reason": "redis unreachable" })),
        );
    }
    match state.store.ping().await {
        Ok(()) if !state.directory.is_loaded() => (
            StatusCode::SERVICE_UNAVAILABLE,
            Json(json!({ "status": "starting", "reason": "ticker directory loading" })),
        ),
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
    match state.metrics.job_counts(&state.store).await {
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
    // The admin's batch: is one running, how far the newest one got, and how late
    // the most overdue schedule is (cached, see `Metrics::batch_gauges`).
    match state.metrics.batch_gauges(&state.store).await {
        Ok(gauges) => out.push_str(&format!(
            "# HELP batch_running Whether an admin batch is running.\n# TYPE batch_running gauge\n\
             batch_running {}\n\
             # HELP batch_tickers Stocks of the newest batch: done (scored or failed) and total.\n\
             # TYPE batch_tickers gauge\n\
             batch_tickers{{state=\"done\"}} {}\nbatch_tickers{{state=\"total\"}} {}\n\
             # HELP schedule_lag_seconds How late the most overdue enabled schedule is.\n\
             # TYPE schedule_lag_seconds gauge\n\
             schedule_lag_seconds {}\n",
            u8::from(gauges.batch.is_running),
            gauges.batch.completed_tickers,
            gauges.batch.total_tickers,
            gauges.schedule_lag_seconds
        )),
        Err(err) => tracing::warn!(%err, "batch status unavailable for metrics"),
    }
    ([(header::CONTENT_TYPE, "text/plain; version=0.0.4")], out)
}
