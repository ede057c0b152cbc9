//! The 10-K auto-analysis, mounted under `/api/admin` by
//! [`super::admin`]: `POST /auto-analyze-10k/{symbol}` queues the `AutoAnalyze10K` job (or
//! joins the one running for that symbol) and waits for it up to [`WAIT`]: finished, it
//! answers `{rawAnalysis, source, note, warning}`; failed, 422 with the job's reason (no 10-K
//! found, or one that cannot be split); still running, 202 `{jobId}`: the page then follows
//! `/api/jobs/{id}/events` for the real progress and fetches the draft from
//! `GET /auto-analyze-10k/jobs/{id}`. Nothing is stored in the notes here.

use std::time::Duration;

use axum::{
    Json, Router,
    extract::{Query, State},
    response::{IntoResponse, Response},
    routing::{get, post},
};
use jobs::{queue::JobOutcome, symbol::TickerSymbol, tasks::AutoAnalyze10K};
use serde::{Deserialize, Serialize};

use crate::{
    AppState,
    error::{ApiError, ApiResult},
    extract::CurrentUser,
    path_params::PathParams,
    routes::{admin::started_by_admin, job_status::still_running},
};

/// How long the request waits for the draft before answering 202 (at most).
const WAIT: Duration = Duration::from_secs(20);

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

#[tracing::instrument(skip(state, admin), err(level = "info"))]
async fn auto_analyze(
    State(state): State<AppState>,
    CurrentUser(admin): CurrentUser,
    PathParams(symbol): PathParams<String>,
    Query(params): Query<WaitParams>,
) -> ApiResult<Response> {
    let wait = params
        .wait
        .map_or(WAIT, |secs| Duration::from_secs(secs).min(WAIT));
    let symbol = TickerSymbol::parse(Some(&symbol))?;
    let job = AutoAnalyze10K {
        symbol: symbol.as_str().to_string(),
    };
    let queue = started_by_admin(&state, &admin, "/admin", "Auto-Analyze 10K");
    match queue.enqueue_and_wait(&job, wait).await? {
        JobOutcome::Running(job_id) => Ok(still_running(QueuedOut {
            job_id,
            message: "Still reading the 10-K; follow the job for its progress.",
        })),
        ended => Ok(Json(draft(ended)?).into_response()),
    }
}

/// `GET /api/admin/auto-analyze-10k/jobs/{id}`: the draft of a finished job; 422 with the
/// reason when it failed; 409 while it runs.
#[tracing::instrument(skip(state), err(level = "info"))]
async fn draft_of_job(
    State(state): State<AppState>,
    PathParams(id): PathParams<String>,
) -> ApiResult<Json<DraftOut>> {
    let unknown = || ApiError::NotFound("No 10-K analysis with that id.".into());
    let id = crate::path_params::job_id(&id).ok_or_else(unknown)?;
    let outcome = state
        .queue
        .wait_for::<AutoAnalyze10K>(id, Duration::ZERO)
        .await?
        .ok_or_else(unknown)?;
    match outcome {
        JobOutcome::Running(_) => Err(ApiError::Conflict(
            "The 10-K analysis is still running.".into(),
        )),
        ended => Ok(Json(draft(ended)?)),
    }
}

/// The draft of an ended auto-analysis job, or its failure as an error for people.
fn draft(ended: JobOutcome) -> ApiResult<DraftOut> {
    match ended {
        JobOutcome::Done { job, output } => serde_json::from_value(output)
            .map_err(|e| ApiError::Internal(anyhow::anyhow!("job {job} output: {e}"))),
        JobOutcome::Failed(reason) => Err(ApiError::Unprocessable(reason)),
        JobOutcome::Running(job) => Err(ApiError::Internal(anyhow::anyhow!(
            "job {job} has not ended"
        ))),
    }
}
