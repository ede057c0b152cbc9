//! The admin's schedules (`/api/admin/scheduled-jobs`), merged into the
//! admin sub-router so every call passes its one admin check. The rules (validation, next
//! run in Los Angeles time, firing once per tick) are `jobs::schedules`.

use axum::{
    Json, Router,
    extract::State,
    http::StatusCode,
    response::{IntoResponse, Response},
    routing::{get, post, put},
};
use chrono::Utc;
use jobs::{
    batch::StartError,
    schedules::{self, ScheduleError, ScheduleInput, ScheduledJob},
};
use serde::{Deserialize, Serialize};

use crate::{
    AppState,
    error::{ApiError, MessageOut},
    extract::{JsonBody, MaybeUser},
    path_params::PathParams,
};

/// Routes relative to `/api/admin`.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/scheduled-jobs", get(list).post(create))
        .route("/scheduled-jobs/{id}", put(update).delete(delete))
        .route("/scheduled-jobs/{id}/run-now", post(run_now))
}

/// A refused schedule call: the spec's toasts read `error`; every other admin error body
/// carries `message`, so both hold the text.
#[derive(Debug, Serialize, ts_rs::TS)]
pub struct ScheduleErrorOut {
    pub error: String,
    pub message: String,
    /// Seconds until a Run Now may start (the batch cool-down), when that is why it failed.
    #[serde(rename = "waitTime", skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub wait_time: Option<u64>,
}

/// `POST /api/admin/scheduled-jobs/{id}/run-now`'s body.
#[derive(Debug, Default, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct RunNowIn {
    pub delay_seconds: Option<u32>,
}

/// `POST .../run-now`'s answer.
#[derive(Debug, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct RunNowOut {
    pub message: String,
    pub batch_id: i64,
}

fn refused(status: StatusCode, text: String, wait_time: Option<u64>) -> Response {
    let body = ScheduleErrorOut {
        error: text.clone(),
        message: text,
        wait_time,
    };
    (status, Json(body)).into_response()
}

fn failure(err: ScheduleError) -> Response {
    match err {
        ScheduleError::Invalid(why) | ScheduleError::Start(StartError::Invalid(why)) => {
            refused(StatusCode::BAD_REQUEST, why, None)
        }
        ScheduleError::NotFound => refused(
            StatusCode::NOT_FOUND,
            ScheduleError::NotFound.to_string(),
            None,
        ),
        ScheduleError::Start(StartError::NotNow(why)) => refused(
            StatusCode::CONFLICT,
            why.reason
                .unwrap_or_else(|| jobs::batch::ALREADY_RUNNING.into()),
            Some(why.wait_time),
        ),
        ScheduleError::Store(err) => ApiError::from(err).into_response(),
        other => ApiError::Internal(other.into()).into_response(),
    }
}

/// `GET /api/admin/scheduled-jobs`: every schedule, oldest first.
#[tracing::instrument(skip(state))]
async fn list(State(state): State<AppState>) -> Response {
    match schedules::list(&state.store).await {
        Ok(list) => Json(list).into_response(),
        Err(err) => ApiError::from(err).into_response(),
    }
}

/// `POST /api/admin/scheduled-jobs`: 201 with the stored schedule (its next run computed).
#[tracing::instrument(skip(state, user, body))]
async fn create(
    State(state): State<AppState>,
    user: MaybeUser,
    JsonBody(body): JsonBody<ScheduleInput>,
) -> Response {
    let by = user.0.map(|u| u.username);
    match schedules::create(&state.store, &body, by.as_deref(), Utc::now()).await {
        Ok(schedule) => (StatusCode::CREATED, Json::<ScheduledJob>(schedule)).into_response(),
        Err(err) => failure(err),
    }
}

/// `PUT /api/admin/scheduled-jobs/{id}`: the whole record (the enable switch flips one flag).
#[tracing::instrument(skip(state, body))]
async fn update(
    State(state): State<AppState>,
    PathParams(id): PathParams<i64>,
    JsonBody(body): JsonBody<ScheduleInput>,
) -> Response {
    match schedules::update(&state.store, id, &body, Utc::now()).await {
        Ok(schedule) => Json(schedule).into_response(),
        Err(err) => failure(err),
    }
}

/// `DELETE /api/admin/scheduled-jobs/{id}`.
#[tracing::instrument(skip(state))]
async fn delete(State(state): State<AppState>, PathParams(id): PathParams<i64>) -> Response {
    match schedules::delete(&state.store, id).await {
        Ok(true) => Json(MessageOut::new("Schedule deleted")).into_response(),
        Ok(false) => failure(ScheduleError::NotFound),
        Err(err) => ApiError::from(err).into_response(),
    }
}

/// `POST /api/admin/scheduled-jobs/{id}/run-now` {delaySeconds}: starts the schedule's batch
/// now (the page sends 5 s); 409 with `waitTime` while a batch runs or the cool-down lasts.
#[tracing::instrument(skip(state, user, body))]
async fn run_now(
    State(state): State<AppState>,
    user: MaybeUser,
    PathParams(id): PathParams<i64>,
    JsonBody(body): JsonBody<RunNowIn>,
) -> Response {
    let by = user.0.map(|u| u.username);
    let started = schedules::run_now(
        &state.queue,
        id,
        body.delay_seconds,
        by.as_deref(),
        Utc::now(),
    )
    .await;
    match started {
        Ok(batch_id) => Json(RunNowOut {
            message: format!("Batch job {batch_id} started"),
            batch_id,
        })
        .into_response(),
        Err(err) => failure(err),
    }
}
