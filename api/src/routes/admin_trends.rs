//! Quarterly score trends: the admin's calls (`/api/admin/trends/*`, merged into the admin
//! sub-router so each passes its one admin check) and the stock page's public "since last
//! quarter" call. The comparisons are `jobs::trends`; past quarters are computed by the
//! `AnalyzeQuarter` job.

use axum::{
    Json, Router,
    extract::{Query, State},
    http::StatusCode,
    response::{IntoResponse, Response},
    routing::{get, post},
};
use chrono::Utc;
use jobs::{
    securities::{self, Eligibility},
    store::apalis::JobStatus,
    symbol::TickerSymbol,
    tasks::{BackfillHistory, analyze_quarter::AnalyzeQuarter, backfill_history::HISTORY_QUARTERS},
    trends::{ChangeExplanation, HistoryEntry, Quarter, QuarterlyChange, read},
};
use serde::{Deserialize, Serialize};

use crate::{
    AppState,
    error::{ApiError, ApiResult},
    extract::{CurrentUser, JsonBody},
    path_params::PathParams,
    routes::admin::started_by_admin,
};

/// The admin's routes, relative to `/api/admin`.
pub fn admin_router() -> Router<AppState> {
    Router::new()
        .route("/trends/quarterly-changes", get(quarterly_changes))
        .route("/trends/most-improved", get(most_improved))
        .route("/trends/most-declined", get(most_declined))
        .route("/trends/stock-history/{symbol}", get(stock_history))
        .route("/trends/explain/{symbol}", get(explain))
        .route("/trends/analyze-quarter", post(analyze_quarter))
        .route(
            "/trends/backfill-history",
            post(backfill_history).get(backfill_progress),
        )
}

/// The public route, relative to `/api`.
pub fn router() -> Router<AppState> {
    Router::new()
        .route(
            "/stocks/{symbol}/since-last-quarter",
            get(since_last_quarter),
        )
        .route("/stocks/{symbol}/score-history", get(stock_history))
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct LimitParams {
    limit: Option<usize>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct PageParams {
    after: Option<String>,
    limit: Option<usize>,
}

/// `GET /api/admin/trends/quarterly-changes?after=SYMBOL&limit=100`: the symbols with two
/// stored quarters, alphabetically after `after`, `limit` at a time (default 100, at most
/// 500); a page shorter than `limit` is the last.
#[tracing::instrument(skip(state), err(level = "info"))]
async fn quarterly_changes(
    State(state): State<AppState>,
    Query(params): Query<PageParams>,
) -> ApiResult<Json<Vec<QuarterlyChange>>> {
    let limit = params.limit.unwrap_or(read::CHANGES_PAGE).clamp(1, 500);
    let after = params.after.unwrap_or_default();
    Ok(Json(read::changes_page(&state.store, &after, limit).await?))
}

/// `GET /api/admin/trends/most-improved?limit=5` (at most 50).
#[tracing::instrument(skip(state), err(level = "info"))]
async fn most_improved(
    State(state): State<AppState>,
    Query(params): Query<LimitParams>,
) -> ApiResult<Json<Vec<QuarterlyChange>>> {
    let limit = params.limit.map(|l| l.clamp(1, 50));
    Ok(Json(read::most_moved(&state.store, true, limit).await?))
}

/// `GET /api/admin/trends/most-declined?limit=5` (at most 50).
#[tracing::instrument(skip(state), err(level = "info"))]
async fn most_declined(
    State(state): State<AppState>,
    Query(params): Query<LimitParams>,
) -> ApiResult<Json<Vec<QuarterlyChange>>> {
    let limit = params.limit.map(|l| l.clamp(1, 50));
    Ok(Json(read::most_moved(&state.store, false, limit).await?))
}

/// `GET /api/admin/trends/stock-history/{symbol}`, and for every visitor (like the analysis)
/// `GET /api/stocks/{symbol}/score-history` (the stock page's "Score history" card): the
/// latest 12 quarters, newest first (empty when the symbol has none).
#[tracing::instrument(skip(state), err(level = "info"))]
async fn stock_history(
    State(state): State<AppState>,
    PathParams(symbol): PathParams<String>,
) -> ApiResult<Json<Vec<HistoryEntry>>> {
    let symbol = TickerSymbol::parse(Some(&symbol))?;
    Ok(Json(read::history(&state.store, symbol.as_str()).await?))
}

/// `GET /api/admin/trends/explain/{symbol}`: why the score moved since the previous stored
/// quarter; 404 when fewer than two are stored.
#[tracing::instrument(skip(state), err(level = "info"))]
async fn explain(
    State(state): State<AppState>,
    PathParams(symbol): PathParams<String>,
) -> ApiResult<Json<ChangeExplanation>> {
    let symbol = TickerSymbol::parse(Some(&symbol))?;
    read::since_last_quarter(&state.store, symbol.as_str())
        .await?
        .map(Json)
        .ok_or_else(|| {
            ApiError::NotFound(format!(
                "{} has fewer than two stored quarters, so there is no change to explain.",
                symbol.as_str()
            ))
        })
}

/// The stock page's "since last quarter": `change` is `null` when there is no previous
/// quarter (an answer, not an error: most stocks have one quarter).
#[derive(Debug, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct SinceLastQuarterOut {
    pub change: Option<ChangeExplanation>,
}

/// `GET /api/stocks/{symbol}/since-last-quarter`: public, like the analysis it explains.
#[tracing::instrument(skip(state), err(level = "info"))]
async fn since_last_quarter(
    State(state): State<AppState>,
    PathParams(symbol): PathParams<String>,
) -> ApiResult<Json<SinceLastQuarterOut>> {
    let symbol = TickerSymbol::parse(Some(&symbol))?;
    let change = read::since_last_quarter(&state.store, symbol.as_str()).await?;
    Ok(Json(SinceLastQuarterOut { change }))
}

/// `POST /api/admin/trends/analyze-quarter`'s body.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AnalyzeQuarterIn {
    pub symbol: Option<String>,
    pub quarter: Option<String>,
}

/// The queued (or joined) past-quarter analysis.
#[derive(Debug, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct AnalyzeQuarterOut {
    pub job_id: String,
    pub joined: bool,
    pub symbol: String,
    pub quarter: String,
}

/// `POST /api/admin/trends/analyze-quarter` {symbol, quarter}: scores the company as of that
/// past quarter's last day (a backfill for trends); 202 with the job to follow. 400 for a bad
/// symbol or quarter, or one that is not in the past; 404 for a ticker the SEC list lacks.
#[tracing::instrument(skip(state, admin), err(level = "info"))]
async fn analyze_quarter(
    State(state): State<AppState>,
    CurrentUser(admin): CurrentUser,
    JsonBody(body): JsonBody<AnalyzeQuarterIn>,
) -> ApiResult<Response> {
    let symbol = TickerSymbol::parse(body.symbol.as_deref())?;
    let quarter = Quarter::parse(body.quarter.as_deref().unwrap_or_default())
        .map_err(ApiError::BadRequest)?;
    if quarter >= Quarter::of(Utc::now().date_naive()) {
        return Err(ApiError::BadRequest(format!(
            "{} is not a past quarter: the current quarter comes from the latest analysis.",
            quarter.key()
        )));
    }
    // The one rule of `jobs::securities`: a preferred or note is refused (422), another class
    // of a company is backfilled as its main ticker.
    let symbol = match securities::eligibility_in(&state.store, symbol.as_str()).await? {
        None => {
            return Err(ApiError::NotFound(format!(
                "{} is not in the SEC's ticker list.",
                symbol.as_str()
            )));
        }
        Some(Eligibility::Refuse { message }) => return Err(ApiError::Unprocessable(message)),
        Some(Eligibility::Analyse { symbol }) => symbol,
    };
    let job = AnalyzeQuarter {
        symbol,
        quarter: quarter.key(),
    };
    let queued = started_by_admin(&state, &admin, "/admin/trends", "Analyze a past quarter")
        .enqueue(&job)
        .await?;
    let out = AnalyzeQuarterOut {
        job_id: queued.id,
        joined: queued.joined,
        symbol: job.symbol,
        quarter: job.quarter,
    };
    Ok((StatusCode::ACCEPTED, Json(out)).into_response())
}

/// The backfills queued, and where the history backfill queue stands.
#[derive(Debug, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct BackfillOut {
    /// Companies whose backfill was queued by this call (or joined one already waiting).
    pub companies: usize,
    /// Past quarters each backfill fills when missing.
    pub quarters_per_company: usize,
    pub progress: BackfillProgressOut,
}

/// The history backfill queue's jobs by state (all time: `done` and `failed` grow).
#[derive(Debug, Default, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct BackfillProgressOut {
    pub waiting: i64,
    pub running: i64,
    pub done: i64,
    pub failed: i64,
}

/// `POST /api/admin/trends/backfill-history`: queues a history backfill (the last 12 quarters,
/// each scored as of its end from what was filed by then) for every company with a score;
/// each fills only its missing quarters, so pressing it twice costs nothing. 202.
#[tracing::instrument(skip(state, admin), err(level = "info"))]
async fn backfill_history(
    State(state): State<AppState>,
    CurrentUser(admin): CurrentUser,
) -> ApiResult<Response> {
    let queue = started_by_admin(&state, &admin, "/admin/trends", "Backfill history");
    let rows = state.store.score_rows().await?;
    for row in &rows {
        let job = BackfillHistory {
            symbol: row.symbol.clone(),
        };
        queue.enqueue(&job).await?;
    }
    let out = BackfillOut {
        companies: rows.len(),
        quarters_per_company: HISTORY_QUARTERS,
        progress: backfill_counts(&state).await?,
    };
    Ok((StatusCode::ACCEPTED, Json(out)).into_response())
}

/// `GET /api/admin/trends/backfill-history`: the backfill queue's jobs by state.
#[tracing::instrument(skip(state), err(level = "info"))]
async fn backfill_progress(State(state): State<AppState>) -> ApiResult<Json<BackfillProgressOut>> {
    Ok(Json(backfill_counts(&state).await?))
}

async fn backfill_counts(state: &AppState) -> ApiResult<BackfillProgressOut> {
    let mut out = BackfillProgressOut::default();
    for count in state.store.job_counts().await? {
        if count.queue != <BackfillHistory as jobs::queue::Job>::QUEUE {
            continue;
        }
        match count.status {
            JobStatus::Queued | JobStatus::Retrying => out.waiting += count.count,
            JobStatus::Running => out.running += count.count,
            JobStatus::Succeeded => out.done += count.count,
            JobStatus::Failed => out.failed += count.count,
        }
    }
    Ok(out)
}
