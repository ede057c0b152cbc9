//! The admin Jobs page's calls, mounted under `/api/admin` by [`super::admin`] and so behind
//! its admin check: `GET /jobs/overview` (every queue by state), `GET /jobs?queue=&state=&limit=`
//! (jobs, newest first), `GET /jobs/{id}` (one job: arguments, failed attempts, progress,
//! timeline, the admin who started it and from where), `POST /jobs/{id}/retry` and
//! `/cancel`, `POST /queues/{queue}/pause` and `/resume`. The same store functions serve the
//! `worker` operator commands; live progress of one job is `GET /api/jobs/{id}/events`.

use axum::{
    Json, Router,
    extract::{Query, State},
    routing::{get, post},
};
use chrono::{DateTime, Utc};
use jobs::{
    runtime::{self, QueueOverview},
    store::{
        apalis::{JobFilter, JobRecord, JobStatus},
        job_actions::{RetryOutcome, StopOutcome},
        job_history::{JobAttempt, JobOrigin},
        progress::Progress,
    },
};
use serde::{Deserialize, Serialize};

use crate::{
    AppState,
    error::{ApiError, ApiResult, MessageOut},
    extract::CurrentUser,
    path_params::PathParams,
};

const DEFAULT_LIMIT: i64 = 50;
const MAX_LIMIT: i64 = 200;
const NO_SUCH_JOB: &str = "No job with that id.";

/// Paths relative to `/api/admin`.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/jobs/overview", get(overview))
        .route("/jobs", get(list))
        .route("/jobs/{id}", get(detail))
        .route("/jobs/{id}/retry", post(retry))
        .route("/jobs/{id}/cancel", post(cancel))
        .route("/queues/{queue}/pause", post(pause))
        .route("/queues/{queue}/resume", post(resume))
}

/// A job in the list.
#[derive(Debug, Clone, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct AdminJobOut {
    pub id: String,
    pub queue: String,
    pub status: JobStatus,
    pub attempts: i64,
    pub max_attempts: i64,
    /// When it is (or was) due to run.
    pub run_at: DateTime<Utc>,
    pub done_at: Option<DateTime<Utc>>,
    /// The last run's error, while the job is not succeeded.
    pub error: Option<String>,
}

impl From<&JobRecord> for AdminJobOut {
    fn from(job: &JobRecord) -> Self {
        AdminJobOut {
            id: job.id.clone(),
            queue: job.queue.clone(),
            status: job.status,
            attempts: job.attempts,
            max_attempts: job.max_attempts,
            run_at: job.run_at,
            done_at: job.done_at,
            error: job.error.clone(),
        }
    }
}

/// When things happened to a job. The job library keeps no enqueue time: `queuedAt` is known
/// for jobs an admin started.
#[derive(Debug, Clone, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct JobTimelineOut {
    pub queued_at: Option<DateTime<Utc>>,
    /// When it is (or was) due to run; a retry moves it.
    pub run_at: DateTime<Utc>,
    /// When a worker claimed it for its current or last run.
    pub started_at: Option<DateTime<Utc>>,
    pub finished_at: Option<DateTime<Utc>>,
    /// When it last reported progress.
    pub progress_at: Option<DateTime<Utc>>,
}

/// One job in full.
#[derive(Debug, Clone, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct AdminJobDetailOut {
    #[serde(flatten)]
    pub job: AdminJobOut,
    /// The payload the job runs with (its `job` part), as stored.
    #[ts(type = "unknown")]
    pub args: serde_json::Value,
    /// Every failed run, first first.
    pub failed_attempts: Vec<JobAttempt>,
    pub progress: Option<Progress>,
    pub timeline: JobTimelineOut,
    /// The admin who started it and the screen and action, when an admin did.
    pub origin: Option<JobOrigin>,
    /// Whether its queue is paused (it will not start until the queue is resumed).
    pub queue_paused: bool,
}

/// `GET /api/admin/jobs/overview`: every queue, registered ones first.
#[tracing::instrument(skip(state), err(level = "info"))]
async fn overview(State(state): State<AppState>) -> ApiResult<Json<Vec<QueueOverview>>> {
    Ok(Json(runtime::queue_overview(&state.store).await?))
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct ListParams {
    queue: Option<String>,
    state: Option<String>,
    limit: Option<i64>,
}

/// `GET /api/admin/jobs?queue=&state=&limit=`: jobs newest first (default 50, at most 200);
/// 400 for an unknown state.
#[tracing::instrument(skip(state), err(level = "info"))]
async fn list(
    State(state): State<AppState>,
    Query(params): Query<ListParams>,
) -> ApiResult<Json<Vec<AdminJobOut>>> {
    let status = match params.state.as_deref().map(str::trim) {
        None | Some("") => None,
        Some(raw) => Some(JobStatus::parse(raw).ok_or_else(|| {
            ApiError::BadRequest(format!(
                "There is no job state '{raw}': use queued, running, retrying, succeeded or failed."
            ))
        })?),
    };
    let queue = params.queue.map(|q| q.trim().to_string());
    if queue
        .as_deref()
        .is_some_and(|q| q.chars().any(char::is_control))
    {
        return Err(ApiError::BadRequest(
            "The queue name contains control characters.".into(),
        ));
    }
    let filter = JobFilter {
        status,
        queue: queue.filter(|q| !q.is_empty()),
        limit: params.limit.unwrap_or(DEFAULT_LIMIT).clamp(1, MAX_LIMIT),
    };
    let jobs = state.store.list_jobs(&filter).await?;
    Ok(Json(jobs.iter().map(AdminJobOut::from).collect()))
}

/// `GET /api/admin/jobs/{id}`: the job in full; 404 for an unknown id.
#[tracing::instrument(skip(state), err(level = "info"))]
async fn detail(
    State(state): State<AppState>,
    PathParams(id): PathParams<String>,
) -> ApiResult<Json<AdminJobDetailOut>> {
    Ok(Json(load(&state, &id).await?))
}

async fn load(state: &AppState, id: &str) -> ApiResult<AdminJobDetailOut> {
    let not_found = || ApiError::NotFound(NO_SUCH_JOB.into());
    let id = crate::path_params::job_id(id).ok_or_else(not_found)?;
    let job = state.store.job(id).await?.ok_or_else(not_found)?;
    let progress = state.store.progress(id).await?;
    let origin = state.store.job_origin(id).await?;
    let paused = state.store.paused_queues().await?.contains(&job.queue);
    Ok(AdminJobDetailOut {
        args: arguments(&job.payload),
        failed_attempts: state.store.job_attempts(id).await?,
        timeline: JobTimelineOut {
            queued_at: origin.as_ref().map(|(_, at)| *at),
            run_at: job.run_at,
            started_at: job.locked_at,
            finished_at: job.done_at,
            progress_at: progress.as_ref().map(|p| p.updated_at),
        },
        progress,
        origin: origin.map(|(origin, _)| origin),
        queue_paused: paused,
        job: AdminJobOut::from(&job),
    })
}

/// The job's own arguments out of its stored envelope (`{"v": 1, "job": {...}}`); any other
/// payload as it is (text when it is not JSON).
fn arguments(payload: &str) -> serde_json::Value {
    match serde_json::from_str::<serde_json::Value>(payload) {
        Ok(serde_json::Value::Object(mut envelope)) if envelope.contains_key("job") => {
            envelope.remove("job").unwrap_or_default()
        }
        Ok(value) => value,
        Err(_) => serde_json::Value::String(payload.to_string()),
    }
}

/// `POST /api/admin/jobs/{id}/retry`: a failed or retrying job runs again now; 409 naming the
/// state of any other job; 404 for an unknown id.
#[tracing::instrument(skip(state), err(level = "info"))]
async fn retry(
    State(state): State<AppState>,
    PathParams(id): PathParams<String>,
) -> ApiResult<Json<MessageOut>> {
    let id =
        crate::path_params::job_id(&id).ok_or_else(|| ApiError::NotFound(NO_SUCH_JOB.into()))?;
    match state.store.retry_job(id).await? {
        Some(RetryOutcome::Requeued) => Ok(Json(MessageOut::new(
            "Queued to run again now; its attempts keep counting.",
        ))),
        Some(RetryOutcome::NotFailed(status)) => Err(ApiError::Conflict(format!(
            "This job is {}: only a failed or retrying job can be retried.",
            status.as_str()
        ))),
        None => Err(ApiError::NotFound(NO_SUCH_JOB.into())),
    }
}

/// `POST /api/admin/jobs/{id}/cancel`: a waiting job fails for good now, a running one stops
/// at its next progress report; 409 for a job that has ended; 404 for an unknown id.
#[tracing::instrument(skip(state, user), err(level = "info"))]
async fn cancel(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    PathParams(id): PathParams<String>,
) -> ApiResult<Json<MessageOut>> {
    let id =
        crate::path_params::job_id(&id).ok_or_else(|| ApiError::NotFound(NO_SUCH_JOB.into()))?;
    let reason = format!("by {} on the Jobs page", user.username);
    match state.store.cancel_job(id, &reason).await? {
        Some(StopOutcome::Stopped) => {
            Ok(Json(MessageOut::new("Cancelled: it will not run again.")))
        }
        Some(StopOutcome::StopRequested | StopOutcome::Running) => Ok(Json(MessageOut::new(
            "It is running: asked to stop at its next progress report.",
        ))),
        Some(StopOutcome::Ended(status)) => Err(ApiError::Conflict(format!(
            "This job has already {}: there is nothing to cancel.",
            match status {
                JobStatus::Succeeded => "succeeded",
                _ => "failed",
            }
        ))),
        None => Err(ApiError::NotFound(NO_SUCH_JOB.into())),
    }
}

/// `POST /api/admin/queues/{queue}/pause`: no worker starts the queue's jobs until it is
/// resumed (running ones finish); 404 for an unknown queue.
#[tracing::instrument(skip(state), err(level = "info"))]
async fn pause(
    State(state): State<AppState>,
    PathParams(queue): PathParams<String>,
) -> ApiResult<Json<MessageOut>> {
    let queue = known_queue(&queue)?;
    Ok(Json(MessageOut::new(
        if state.store.pause_queue(queue).await? {
            format!("Queue {queue} paused: no job of it starts until it is resumed.")
        } else {
            format!("Queue {queue} was already paused.")
        },
    )))
}

/// `POST /api/admin/queues/{queue}/resume`; 404 for an unknown queue.
#[tracing::instrument(skip(state), err(level = "info"))]
async fn resume(
    State(state): State<AppState>,
    PathParams(queue): PathParams<String>,
) -> ApiResult<Json<MessageOut>> {
    let queue = known_queue(&queue)?;
    Ok(Json(MessageOut::new(
        if state.store.resume_queue(queue).await? {
            format!("Queue {queue} resumed.")
        } else {
            format!("Queue {queue} was not paused.")
        },
    )))
}

/// A registered queue's name, or 404.
fn known_queue(name: &str) -> ApiResult<&'static str> {
    runtime::select_queues(&[name.to_string()])
        .ok()
        .and_then(|queues| queues.into_iter().next())
        .ok_or_else(|| ApiError::NotFound(format!("There is no queue named '{name}'.")))
}
