//! Stock analyses: `GET /api/analyze-stock/{ticker}` (the spec's answer plus the structured
//! record), `POST /api/analyses`, the top-25 list, batch scores, forward returns and notes.

use std::{
    collections::BTreeMap,
    time::{Duration, Instant},
};

use axum::{
    Json, Router,
    extract::{Path, Query, State},
    http::StatusCode,
    response::{IntoResponse, Response},
    routing::{get, post},
};
use chrono::Utc;
use jobs::{
    accounts::TickerSymbol,
    handlers::analyze_stock::AnalyzeStock,
    store::{analyses::StoredAnalysis, jobs_table::JobStatus},
};
use serde::Deserialize;
use serde_json::json;

use crate::{
    AppState,
    error::{ApiError, ApiResult},
    extract::{CurrentUser, JsonBody},
    limits::{self, Viewer},
};

/// Size of the top list (spec: top stocks list 25).
const TOP_STOCKS: i64 = 25;
/// How often a waiting request looks at its job.
const JOB_POLL: Duration = Duration::from_millis(50);

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/analyze-stock/{ticker}", get(analyze_stock))
        .route("/analyses", post(create_analysis))
        .route("/top-stocks", get(top_stocks))
        .route("/stocks/batch", get(batch_scores))
        .route("/stock-analysis/{ticker}", get(stock_notes))
        .route(
            "/stock-chart-data/{ticker}/forward_returns_data",
            get(forward_returns),
        )
}

#[derive(Debug, Deserialize)]
struct WaitParams {
    /// Seconds to wait for a fresh analysis before answering 202 (default from settings).
    wait: Option<u64>,
}

/// The spec's answer for a stored analysis, plus the structured record.
fn analysis_answer(stored: StoredAnalysis, job_id: Option<String>) -> Response {
    let body = json!({
        "success": true,
        "data": stored.text,
        "message": "Analysis complete",
        "details": { "computedAt": stored.computed_at, "scoreBasis": stored.record.score_basis },
        "record": stored.record,
        "jobId": job_id,
    });
    (StatusCode::OK, Json(body)).into_response()
}

/// A failure in the spec's shape `{success: false, message}`.
fn failure(status: StatusCode, message: String) -> Response {
    (
        status,
        Json(json!({ "success": false, "message": message, "details": null })),
    )
        .into_response()
}

/// Validates the ticker and finds the company; unknown tickers answer 404 before any usage
/// is counted, so a typo costs no try.
async fn known_symbol(state: &AppState, raw: &str) -> Result<TickerSymbol, Response> {
    let symbol = TickerSymbol::parse(Some(raw))
        .map_err(|err| failure(StatusCode::BAD_REQUEST, err.to_string()))?;
    match state.store.find_ticker(symbol.as_str()).await {
        Ok(Some(_)) => Ok(symbol),
        Ok(None) => Err(failure(
            StatusCode::NOT_FOUND,
            format!(
                "I couldn't find a company with the ticker {}. Check the spelling and try again.",
                symbol.as_str()
            ),
        )),
        Err(err) => Err(ApiError::from(err).into_response()),
    }
}

#[tracing::instrument(skip(state, viewer), fields(ticker = %ticker))]
async fn analyze_stock(
    State(state): State<AppState>,
    viewer: Viewer,
    Path(ticker): Path<String>,
    Query(params): Query<WaitParams>,
) -> Response {
    let symbol = match known_symbol(&state, &ticker).await {
        Ok(symbol) => symbol,
        Err(response) => return response,
    };
    if let Err(err) = limits::check_analysis(&state, &viewer, symbol.as_str()).await {
        return err.into_response();
    }
    match answer_or_job(&state, symbol.as_str(), params.wait).await {
        Ok(response) => response,
        Err(err) => err.into_response(),
    }
}

/// Serves a fresh stored analysis at once; otherwise queues (or joins) the job and waits for
/// it up to the bound, then answers 202 with the job id.
async fn answer_or_job(state: &AppState, symbol: &str, wait: Option<u64>) -> ApiResult<Response> {
    let max_age =
        chrono::Duration::from_std(state.settings.common.analysis_max_age).unwrap_or_default();
    let fresh = |at: chrono::DateTime<Utc>| Utc::now() - at < max_age;
    if let Some(stored) = state.store.latest_analysis(symbol).await?
        && fresh(stored.computed_at)
    {
        return Ok(analysis_answer(stored, None));
    }
    if let Some((message, at)) = state.store.analysis_failure(symbol).await?
        && fresh(at)
    {
        return Ok(failure(StatusCode::UNPROCESSABLE_ENTITY, message));
    }
    let job = state
        .queue
        .enqueue(&AnalyzeStock {
            symbol: symbol.to_string(),
        })
        .await?;
    let bound = Duration::from_secs(wait.unwrap_or(state.settings.analyze_wait_secs).min(60));
    let started = Instant::now();
    loop {
        let record = state.store.job(&job.id).await?;
        match record.map(|r| (r.status, r.error)) {
            Some((JobStatus::Succeeded, _)) => {
                if let Some(stored) = state.store.latest_analysis(symbol).await? {
                    return Ok(analysis_answer(stored, Some(job.id)));
                }
            }
            Some((JobStatus::Failed, error)) => {
                if let Some((message, _)) = state.store.analysis_failure(symbol).await? {
                    return Ok(failure(StatusCode::UNPROCESSABLE_ENTITY, message));
                }
                let reason = error.unwrap_or_else(|| "the analysis failed".into());
                return Ok(failure(
                    StatusCode::BAD_GATEWAY,
                    format!("Error analyzing stock: {reason}"),
                ));
            }
            _ => {}
        }
        if started.elapsed() >= bound {
            let body = json!({ "success": false, "message": "Analysis in progress", "details": null, "jobId": job.id });
            return Ok((StatusCode::ACCEPTED, Json(body)).into_response());
        }
        tokio::time::sleep(JOB_POLL).await;
    }
}

#[derive(Debug, Deserialize)]
struct CreateAnalysisIn {
    symbol: Option<String>,
}

/// Queues a fresh analysis (or joins the one running) and answers its job id.
async fn create_analysis(
    State(state): State<AppState>,
    viewer: Viewer,
    JsonBody(input): JsonBody<CreateAnalysisIn>,
) -> Response {
    let symbol = match known_symbol(&state, input.symbol.as_deref().unwrap_or_default()).await {
        Ok(symbol) => symbol,
        Err(response) => return response,
    };
    if let Err(err) = limits::check_analysis(&state, &viewer, symbol.as_str()).await {
        return err.into_response();
    }
    match state
        .queue
        .enqueue(&AnalyzeStock {
            symbol: symbol.as_str().to_string(),
        })
        .await
    {
        Ok(job) => (
            StatusCode::ACCEPTED,
            Json(json!({ "jobId": job.id, "joined": job.joined, "symbol": symbol.as_str() })),
        )
            .into_response(),
        Err(err) => ApiError::from(err).into_response(),
    }
}

async fn top_stocks(
    State(state): State<AppState>,
) -> ApiResult<Json<Vec<jobs::store::analyses::TopStock>>> {
    Ok(Json(state.store.top_stocks(TOP_STOCKS).await?))
}

#[derive(Debug, Deserialize)]
struct BatchParams {
    #[serde(default)]
    symbols: String,
}

/// Scores of up to 10 stocks for the compare page: `{A: {scores: [12], score, companyName}}`.
async fn batch_scores(
    State(state): State<AppState>,
    _user: CurrentUser,
    Query(params): Query<BatchParams>,
) -> ApiResult<Json<BTreeMap<String, serde_json::Value>>> {
    let mut out = BTreeMap::new();
    for raw in params
        .symbols
        .split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .take(10)
    {
        let symbol = TickerSymbol::parse(Some(raw))?;
        if let Some(stored) = state.store.latest_analysis(symbol.as_str()).await? {
            let record = stored.record;
            let scores: Vec<Option<u8>> = record.questions.iter().map(|q| q.score).collect();
            out.insert(
                symbol.as_str().to_string(),
                json!({ "scores": scores, "score": record.score, "companyName": record.company_name, "answeredQuestions": record.answered_questions }),
            );
        }
    }
    Ok(Json(out))
}

/// The notes record of a stock, 404 when none was written.
async fn stock_notes(
    State(state): State<AppState>,
    Path(ticker): Path<String>,
) -> ApiResult<Json<jobs::store::notes::StockNotes>> {
    let symbol = TickerSymbol::parse(Some(&ticker))?;
    state
        .store
        .stock_notes(symbol.as_str())
        .await?
        .map(Json)
        .ok_or_else(|| ApiError::NotFound(format!("No notes for {} yet.", symbol.as_str())))
}

/// The forward-returns chart data of the stored analysis.
async fn forward_returns(
    State(state): State<AppState>,
    Path(ticker): Path<String>,
) -> ApiResult<Response> {
    let symbol = TickerSymbol::parse(Some(&ticker))?;
    let forward = state
        .store
        .latest_analysis(symbol.as_str())
        .await?
        .and_then(|s| s.record.forward_returns);
    Ok(match forward {
        Some(f) => Json(json!({ "success": true, "data": { "forward_earnings_return": f.forward_earnings_return, "govt_bond_return": f.govt_bond_return } })).into_response(),
        None => failure(StatusCode::NOT_FOUND, format!("No forward returns for {} yet.", symbol.as_str())),
    })
}
