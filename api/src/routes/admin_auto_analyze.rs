//! The 10-K auto-analysis (spec 001 sections 4 and 7), mounted under `/api/admin` by
//! [`super::admin`]: `POST /auto-analyze-10k/{symbol}` queues the `AutoAnalyze10K` job (or
//! joins the one running for that symbol) and waits for it up to [`WAIT`]: finished, it
//! answers `{rawAnalysis, source, note, warning}`; failed, 422 with the job's reason (no 10-K
//! found, or one that cannot be split); still running, 202 `{jobId}`: the page then follows
//! `/api/jobs/{id}/events` for the real progress and fetches the draft from
//! `GET /auto-analyze-10k/jobs/{id}`. Nothing is stored in the notes here.

use std::time::{Duration, Instant};

use axum::{
    Json, Router,
    extract::{Path, Query, State},
    http::StatusCode,
    response::{IntoResponse, Response},
    routing::{get, post},
};
use jobs::{
    handlers::auto_analyze_10k::AutoAnalyze10K, store::apalis::JobStatus, symbol::TickerSymbol,
};
use serde::{Deserialize, Serialize};

use crate::{
    AppState,
    error::{ApiError, ApiResult},
};

/// How long the request waits for the draft before answering 202 (at most).
const WAIT: Duration = Duration::from_secs(20);
/// How often a waiting request looks at its job.
const POLL: Duration = Duration::from_millis(100);

/// Paths relative to `/api/admin`.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/auto-analyze-10k/{symbol}", post(auto_analyze))
        .route("/auto-analyze-10k/jobs/{id}", get(draft_of_job))
}

/// The draft, as the job wrote it.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DraftOut {
    /// The bulk editor's text: `## 10K Date` and the 14 `## Section` blocks.
    pub raw_analysis: String,
    /// Where the 10-K came from.
    pub source: String,
    /// A remark (an older 10-K than SEC's newest was used).
    pub note: Option<String>,
    /// The bulk parser's warning on the draft, if any (none for a complete draft).
    pub warning: Option<String>,
}

/// Still running: follow the job.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct QueuedOut {
    job_id: String,
    message: &'static str,
}

/// `?wait=` seconds to wait for the draft (0 to 20, default 20): the page asks for a short
/// wait so it can show the job's progress for a slow 10-K.
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct WaitParams {
    wait: Option<u64>,
}

#[tracing::instrument(skip(state), err(level = "info"))]
async fn auto_analyze(
    State(state): State<AppState>,
    Path(symbol): Path<String>,
    Query(params): Query<WaitParams>,
) -> ApiResult<Response> {
    let wait = params
        .wait
        .map_or(WAIT, |secs| Duration::from_secs(secs).min(WAIT));
    let symbol = TickerSymbol::parse(Some(&symbol))?;
    let job = state
        .queue
        .enqueue(&AutoAnalyze10K {
            symbol: symbol.as_str().to_string(),
        })
        .await?;
    let started = Instant::now();
    loop {
        if let Some(answer) = finished(&state, &job.id).await? {
            return answer.map(|draft| Json(draft).into_response());
        }
        if started.elapsed() >= wait {
            let body = QueuedOut {
                job_id: job.id,
                message: "Still reading the 10-K; follow the job for its progress.",
            };
            return Ok((StatusCode::ACCEPTED, Json(body)).into_response());
        }
        tokio::time::sleep(POLL).await;
    }
}

/// `GET /api/admin/auto-analyze-10k/jobs/{id}`: the draft of a finished job; 422 with the
/// reason when it failed; 409 while it runs.
#[tracing::instrument(skip(state), err(level = "info"))]
async fn draft_of_job(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> ApiResult<Json<DraftOut>> {
    match finished(&state, &id).await? {
        Some(answer) => answer.map(Json),
        None => Err(ApiError::Conflict(
            "The 10-K analysis is still running.".into(),
        )),
    }
}

/// The outcome of auto-analysis job `id` once it has ended: its draft, or its failure as
/// an error for people. `None` while it is queued, running or retrying.
async fn finished(state: &AppState, id: &str) -> ApiResult<Option<ApiResult<DraftOut>>> {
    let Some(job) = state.store.job(id).await? else {
        return Err(ApiError::NotFound("No 10-K analysis with that id.".into()));
    };
    if job.queue != <AutoAnalyze10K as jobs::queue::Job>::QUEUE {
        return Err(ApiError::NotFound("No 10-K analysis with that id.".into()));
    }
    match job.status {
        JobStatus::Succeeded => {
            let output = state.store.job_output(id).await?.ok_or_else(|| {
                ApiError::Internal(anyhow::anyhow!("job {id} finished without output"))
            })?;
            let draft: DraftOut = serde_json::from_value(output)
                .map_err(|e| ApiError::Internal(anyhow::anyhow!("job {id} output: {e}")))?;
            Ok(Some(Ok(draft)))
        }
        JobStatus::Failed => {
            // The queue library's own record of a permanent failure carries its error type.
            let reason = job.error.as_deref().unwrap_or("The 10-K analysis failed.");
            let reason = reason.trim_start_matches("AbortError: ").to_string();
            Ok(Some(Err(ApiError::Unprocessable(reason))))
        }
        JobStatus::Queued | JobStatus::Running | JobStatus::Retrying => Ok(None),
    }
}
