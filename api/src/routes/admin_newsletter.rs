//! The newsletter generator. Admin calls, merged
//! into the admin sub-router (paths relative to `/api/admin`):
//! - `GET /stocks`: every analysed common stock, ranked ones first in the Top 25's order
//!   (`{symbol, companyName, score, scoreBasis, rank, notRanked}`, `jobs::ranking`);
//! - `GET /newsletter-templates`: the quick templates (`{id, title}`);
//! - `POST /generate-newsletter?wait=` `{stocks, prompt, settings, isCustomPrompt}`: queues the
//!   `GenerateNewsletter` job and answers `{content, title, chartUrls, ...}` when it finishes
//!   within the wait (default 20 s, at most 60), else 202 `{jobId, message}` (follow
//!   `/api/jobs/{id}/events`, then read `GET /newsletters/{jobId}`);
//! - `GET /newsletters/{jobId}`: that job's newsletter, 202 while it is still being written.
//!
//! And one public call, [`charts_router`]: `GET /api/newsletter-charts/{symbol}/{kind}.svg?v=`,
//! the charts the newsletters link (readers of a newsletter are not signed in).

use std::time::Duration;

use axum::{
    Json, Router,
    extract::{Query, State},
    http::{HeaderMap, HeaderValue, StatusCode, header},
    response::{IntoResponse, Response},
    routing::{get, post},
};
use jobs::{
    newsletter::{GenerateIn, NewsletterRequest, charts, templates},
    queue::JobOutcome,
    store::newsletters::StoredNewsletter,
    symbol::TickerSymbol,
    tasks::generate_newsletter::GenerateNewsletter,
};
use serde::{Deserialize, Serialize};

use crate::{
    AppState,
    error::{ApiError, ApiResult},
    extract::{JsonBody, MaybeUser},
    path_params::PathParams,
    routes::{admin::started_by_admin, job_status::still_running},
};

/// How long `generate-newsletter` waits for the job by default, and at most.
const DEFAULT_WAIT: Duration = Duration::from_secs(20);
const MAX_WAIT_SECS: u64 = 60;
/// 'Generation Failed' description, before the job's reason.
const FAILED: &str = "Failed to generate newsletter";
/// A chart asked for without (or with an old) version: the latest record, briefly cached.
const SHORT_LIVED: &str = "public, max-age=300";

/// Admin routes, relative to `/api/admin`.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/stocks", get(stocks))
        .route("/newsletter-templates", get(list_templates))
        .route("/generate-newsletter", post(generate))
        .route("/newsletters/{job_id}", get(newsletter_of_job))
}

/// The public chart route, relative to `/api`.
pub fn charts_router() -> Router<AppState> {
    Router::new().route("/newsletter-charts/{symbol}/{file}", get(chart))
}

/// A written newsletter: the spec's `{content, title, chartUrls}` and who wrote it.
#[derive(Debug, Clone, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct NewsletterOut {
    pub content: String,
    pub title: String,
    pub chart_urls: Vec<String>,
    /// `offline`, or the language model's name.
    pub writer: String,
    /// Why the offline writer stood in for the language model, or which stocks were left out.
    pub notice: Option<String>,
    pub job_id: String,
}

impl From<StoredNewsletter> for NewsletterOut {
    fn from(n: StoredNewsletter) -> Self {
        NewsletterOut {
            content: n.content,
            title: n.title,
            chart_urls: n.chart_urls,
            writer: n.writer,
            notice: n.notice,
            job_id: n.job_id,
        }
    }
}

/// 202: still being written; follow the job.
#[derive(Debug, Clone, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct NewsletterQueuedOut {
    pub job_id: String,
    pub message: String,
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct WaitParams {
    wait: Option<u64>,
}

#[tracing::instrument(skip(state), err(level = "info"))]
async fn stocks(State(state): State<AppState>) -> ApiResult<Json<Vec<jobs::ranking::AdminStock>>> {
    Ok(Json(jobs::ranking::admin_stocks(&state.store).await?))
}

async fn list_templates() -> Json<Vec<templates::TemplateOut>> {
    Json(templates::list())
}

#[tracing::instrument(skip(state, user, body), err(level = "info"))]
async fn generate(
    State(state): State<AppState>,
    Query(params): Query<WaitParams>,
    user: MaybeUser,
    JsonBody(body): JsonBody<GenerateIn>,
) -> ApiResult<Response> {
    let request = NewsletterRequest::parse(&body).map_err(ApiError::BadRequest)?;
    let job = GenerateNewsletter {
        request,
        chart_base: state.settings.accounts.public_base_url.clone(),
        requested_by: user.0.as_ref().map(|u| u.username.clone()),
    };
    let wait = params
        .wait
        .map_or(DEFAULT_WAIT, |s| Duration::from_secs(s.min(MAX_WAIT_SECS)));
    // The admin gate let only the admin through, so `user` is the admin.
    let queue = match &user.0 {
        Some(admin) => started_by_admin(&state, admin, "/admin/newsletter", "Generate Newsletter"),
        None => state.queue.clone(),
    };
    let outcome = queue.enqueue_and_wait(&job, wait).await?;
    answer(&state, outcome).await
}

#[tracing::instrument(skip(state), err(level = "info"))]
async fn newsletter_of_job(
    State(state): State<AppState>,
    PathParams(job_id): PathParams<String>,
) -> ApiResult<Response> {
    if crate::path_params::job_id(&job_id).is_none() {
        return Err(ApiError::NotFound("No newsletter job with that id.".into()));
    }
    // Stored once written, even while the job is still being acknowledged.
    if let Some(done) = state.store.newsletter_of_job(&job_id).await? {
        return Ok(Json(NewsletterOut::from(done)).into_response());
    }
    let outcome = state
        .queue
        .wait_for::<GenerateNewsletter>(&job_id, Duration::ZERO)
        .await?
        .ok_or_else(|| ApiError::NotFound("No newsletter job with that id.".into()))?;
    answer(&state, outcome).await
}

/// How a newsletter job stands, as the page reads it: its newsletter, why it failed, or 202
/// while it is being written.
async fn answer(state: &AppState, outcome: JobOutcome) -> ApiResult<Response> {
    match outcome {
        JobOutcome::Done { job, .. } => {
            let done = state.store.newsletter_of_job(&job).await?.ok_or_else(|| {
                ApiError::Internal(anyhow::anyhow!("job {job} finished without a newsletter"))
            })?;
            Ok(Json(NewsletterOut::from(done)).into_response())
        }
        JobOutcome::Failed(why) => Err(ApiError::Unprocessable(format!("{FAILED}: {why}"))),
        JobOutcome::Running(job_id) => Ok(still_running(NewsletterQueuedOut {
            job_id,
            message: "Bubba is still writing. Follow the job for progress.".into(),
        })),
    }
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct ChartParams {
    /// The record's `computed_at` in Unix seconds, as the newsletter's link has it.
    v: Option<i64>,
}

/// `GET /api/newsletter-charts/{symbol}/{kind}.svg?v=`: the chart drawn from the symbol's
/// stored record. With the current record's version the answer is cached for good; otherwise
/// (no version, or a record since re-analysed) the latest chart for five minutes.
#[tracing::instrument(skip(state, headers), err(level = "info"))]
async fn chart(
    State(state): State<AppState>,
    PathParams((symbol, file)): PathParams<(String, String)>,
    Query(params): Query<ChartParams>,
    headers: HeaderMap,
) -> ApiResult<Response> {
    let no_chart = || ApiError::NotFound("No such chart.".into());
    let symbol = TickerSymbol::parse(Some(&symbol)).map_err(|_| no_chart())?;
    let kind = file
        .strip_suffix(".svg")
        .and_then(charts::ChartKind::from_slug)
        .ok_or_else(no_chart)?;
    let stored = state
        .store
        .latest_analysis(symbol.as_str())
        .await?
        .ok_or_else(no_chart)?;
    let version = stored.computed_at.timestamp();
    let etag = format!("\"{}-{}-{version}\"", symbol.as_str(), kind.slug());
    let cache = if params.v == Some(version) {
        super::web::IMMUTABLE
    } else {
        SHORT_LIVED
    };
    let mut response = if if_none_match(&headers, &etag) {
        StatusCode::NOT_MODIFIED.into_response()
    } else {
        let svg = charts::render(&stored.record, kind).ok_or_else(no_chart)?;
        svg.into_response()
    };
    let out = response.headers_mut();
    out.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("image/svg+xml"),
    );
    out.insert(header::CACHE_CONTROL, HeaderValue::from_static(cache));
    if let Ok(value) = HeaderValue::from_str(&etag) {
        out.insert(header::ETAG, value);
    }
    Ok(response)
}

/// Whether the browser already holds this version (`If-None-Match` lists its tag, or `*`).
fn if_none_match(headers: &HeaderMap, etag: &str) -> bool {
    headers
        .get_all(header::IF_NONE_MATCH)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .map(str::trim)
        .any(|tag| tag == etag || tag == "*" || tag.strip_prefix("W/") == Some(etag))
}
