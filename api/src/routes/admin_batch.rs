//! The admin's batch re-analysis (`/api/admin/analyzable-stocks`, `/api/admin/batch-job/*`),
//! merged into the admin sub-router so every call passes its one admin check. The policy
//! (one batch at a time, the cool-down, the delay rules) is `jobs::batch`.

use std::time::Duration;

use axum::{
    Json, Router,
    extract::{Query, State},
    http::StatusCode,
    response::{IntoResponse, Response},
    routing::{get, post},
};
use chrono::Utc;
use jobs::batch::{self, BatchResult, BatchStatus, CanStart, StartError, StartRequest};
use serde::{Deserialize, Serialize};

use crate::{
    AppState,
    error::{ApiError, ApiResult, MessageOut},
    extract::{JsonBody, MaybeUser},
};

/// Routes relative to `/api/admin`.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/analyzable-stocks", get(analyzable_stocks))
        .route("/batch-job/status", get(status))
        .route("/batch-job/results", get(results))
        .route("/batch-job/can-start", get(can_start))
        .route("/batch-job/start", post(start))
        .route("/batch-job/stop", post(stop))
}

/// `POST /api/admin/batch-job/start`'s answer.
#[derive(Debug, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct BatchStartedOut {
    pub message: String,
    pub batch_id: i64,
    pub total_tickers: u32,
    pub delay_seconds: u32,
}

/// A refused start: the reason and how long to wait (seconds).
#[derive(Debug, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct BatchRefusedOut {
    pub message: String,
    pub wait_time: u64,
}

/// `GET /api/admin/analyzable-stocks`: the symbols the product can score.
#[tracing::instrument(skip(state), err(level = "info"))]
async fn analyzable_stocks(State(state): State<AppState>) -> ApiResult<Json<Vec<String>>> {
    let dir = state.settings.common.market_data_dir.as_deref();
    Ok(Json(batch::analyzable_stocks(&state.store, dir).await?))
}

#[tracing::instrument(skip(state), err(level = "info"))]
async fn status(State(state): State<AppState>) -> ApiResult<Json<BatchStatus>> {
    Ok(Json(batch::status(&state.store).await?))
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct ResultParams {
    limit: Option<i64>,
}

/// `GET /api/admin/batch-job/results?limit=`: newest first (default 100, at most 500).
#[tracing::instrument(skip(state), err(level = "info"))]
async fn results(
    State(state): State<AppState>,
    Query(params): Query<ResultParams>,
) -> ApiResult<Json<Vec<BatchResult>>> {
    let limit = params.limit.unwrap_or(100).clamp(1, 500);
    Ok(Json(batch::results(&state.store, limit).await?))
}

#[tracing::instrument(skip(state), err(level = "info"))]
async fn can_start(State(state): State<AppState>) -> ApiResult<Json<CanStart>> {
    Ok(Json(batch::check(&state.store, Utc::now()).await?))
}

/// `POST /api/admin/batch-job/start` {symbols, delaySeconds}: 200 with the batch; 400 for a
/// bad choice; 409 `{message, waitTime}` while a batch runs or the cool-down lasts.
#[tracing::instrument(skip(state, user, body), err(level = "info"))]
async fn start(
    State(state): State<AppState>,
    user: MaybeUser,
    JsonBody(body): JsonBody<StartRequest>,
) -> ApiResult<Response> {
    let (symbols, delay) = batch::validate(&body).map_err(ApiError::BadRequest)?;
    let by = user.0.map(|u| u.username);
    let started = batch::start(
        &state.queue,
        &symbols,
        Duration::from_secs(u64::from(delay)),
        by.as_deref(),
        Utc::now(),
    )
    .await;
    match started {
        Ok(batch_id) => Ok(Json(BatchStartedOut {
            message: "Batch job started".into(),
            batch_id,
            total_tickers: symbols.len() as u32,
            delay_seconds: delay,
        })
        .into_response()),
        Err(StartError::NotNow(why)) => Ok((
            StatusCode::CONFLICT,
            Json(BatchRefusedOut {
                message: why.reason.unwrap_or_else(|| batch::ALREADY_RUNNING.into()),
                wait_time: why.wait_time,
            }),
        )
            .into_response()),
        Err(StartError::Invalid(message)) => Err(ApiError::BadRequest(message)),
        Err(StartError::Store(err)) => Err(err.into()),
        Err(StartError::Queue(err)) => Err(ApiError::Internal(err.into())),
    }
}

/// `POST /api/admin/batch-job/stop`: cancels the running batch's children that have not
/// started; 409 when no batch runs.
#[tracing::instrument(skip(state), err(level = "info"))]
async fn stop(State(state): State<AppState>) -> ApiResult<Json<MessageOut>> {
    if batch::stop(&state.store, Utc::now()).await? {
        Ok(Json(MessageOut::new("Batch job stopped")))
    } else {
        Err(ApiError::Conflict("No batch job is running.".into()))
    }
}
