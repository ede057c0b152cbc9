//! Job status and live progress: `GET /api/jobs/{id}` and its server-sent event stream, and
//! [`still_running`], the one way a route that waited for a job (`JobQueue::enqueue_and_wait`)
//! answers a job that has not ended: 202 with a body naming it, for the page to follow here.

use std::{convert::Infallible, time::Duration};

use axum::{
    Json, Router,
    extract::State,
    http::StatusCode,
    response::{
        IntoResponse, Response,
        sse::{Event, KeepAlive, Sse},
    },
    routing::get,
};
use futures::Stream;
use jobs::store::{
    apalis::{JobRecord, JobStatus},
    progress::Progress,
};
use serde::Serialize;

use crate::{
    AppState,
    error::{ApiError, ApiResult},
    path_params::PathParams,
};

/// How often the event stream looks for a change.
const EVENT_POLL: Duration = Duration::from_millis(200);

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/jobs/{id}", get(get_job))
        .route("/jobs/{id}/events", get(job_events))
}

/// 202 Accepted with `body`, which names the job (`jobId`) still running: the page follows
/// `/api/jobs/{id}/events` and then asks the route's own `.../jobs/{id}` for the result.
pub fn still_running<B: Serialize>(body: B) -> Response {
    (StatusCode::ACCEPTED, Json(body)).into_response()
}

/// A job as the browser sees it.
#[derive(Debug, Clone, PartialEq, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct JobOut {
    pub id: String,
    pub queue: String,
    pub status: JobStatus,
    pub attempts: i64,
    pub max_attempts: i64,
    pub progress: Option<Progress>,
    pub error: Option<String>,
}

impl JobOut {
    fn new(job: JobRecord, progress: Option<Progress>) -> Self {
        JobOut {
            id: job.id,
            queue: job.queue,
            status: job.status,
            attempts: job.attempts,
            max_attempts: job.max_attempts,
            progress,
            error: job.error,
        }
    }
}

async fn load(state: &AppState, id: &str) -> ApiResult<JobOut> {
    let Some(id) = crate::path_params::job_id(id) else {
        return Err(ApiError::NotFound("No job with that id.".into()));
    };
    let job = state
        .store
        .job(id)
        .await?
        .ok_or_else(|| ApiError::NotFound("No job with that id.".into()))?;
    let progress = state.store.progress(id).await?;
    Ok(JobOut::new(job, progress))
}

#[tracing::instrument(skip(state), err(level = "info"))]
async fn get_job(
    State(state): State<AppState>,
    PathParams(id): PathParams<String>,
) -> ApiResult<Json<JobOut>> {
    Ok(Json(load(&state, &id).await?))
}

/// Where an event stream stands.
struct Cursor {
    state: AppState,
    id: String,
    first: Option<JobOut>,
    last: Option<JobOut>,
    ended: bool,
}

/// Streams the job (same shape as `GET /api/jobs/{id}`) each time it changes, until it ends.
async fn job_events(
    State(state): State<AppState>,
    PathParams(id): PathParams<String>,
) -> ApiResult<Sse<impl Stream<Item = Result<Event, Infallible>>>> {
    let first = load(&state, &id).await?;
    let cursor = Cursor {
        state,
        id,
        first: Some(first),
        last: None,
        ended: false,
    };
    let stream = futures::stream::unfold(cursor, |mut c| async move {
        if c.ended {
            return None;
        }
        let job = match c.first.take() {
            Some(job) => job,
            None => loop {
                tokio::time::sleep(EVENT_POLL).await;
                match load(&c.state, &c.id).await {
                    Ok(job) if Some(&job) != c.last.as_ref() => break job,
                    Ok(_) => continue,
                    Err(_) => return None,
                }
            },
        };
        c.ended = job.status.is_final();
        let event = Event::default()
            .event("job")
            .json_data(&job)
            .unwrap_or_default();
        c.last = Some(job);
        Some((Ok(event), c))
    });
    Ok(Sse::new(stream).keep_alive(KeepAlive::default()))
}
