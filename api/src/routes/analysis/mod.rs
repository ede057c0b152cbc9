//! Stock analyses: `GET /api/analyze-stock/{ticker}` (the spec's answer plus the structured
//! record), `POST /api/analyses`, the top-25 list, batch scores, forward returns and notes.
//! The decision what to serve is `jobs::analysis_request`; these handlers check the ticker
//! and the usage gate, then shape the answer.

use std::{collections::BTreeMap, sync::Arc, time::Duration};

use axum::{
    Json, Router,
    extract::{Query, State},
    http::{HeaderMap, StatusCode},
    response::{IntoResponse, Response},
    routing::{get, post},
};
use chrono::Utc;
use jobs::{
    analysis_request::{self, Outcome},
    securities::{self, Eligibility},
    store::{analysis_changes, notes::StockNotes},
    symbol::TickerSymbol,
    tasks::analyze_stock::AnalyzeStock,
};
use serde::Deserialize;

pub mod wire;

use wire::{
    AnalysisOut, BatchScoreOut, CreateAnalysisOut, ForwardReturnsData, ForwardReturnsOut,
    InProgressOut,
};

use crate::{
    AppState,
    answer_cache::{AnswerVersion, CachedAnswer, Encoding},
    error::{AnalysisFailure, ApiError, ApiResult},
    extract::{CurrentUser, JsonBody},
    path_params::PathParams,
    ticker_index::Listing,
    usage_gate::{self, Viewer},
};

/// Size of the top list (spec: top stocks list 25).
const TOP_STOCKS: usize = 25;
/// The longest a request may ask to wait for a running analysis.
const MAX_WAIT_SECS: u64 = 60;

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

/// Validates the ticker and finds the company. Unknown tickers answer 404 and securities that
/// are not common stock (preferreds, warrants, units, notes, funds) 422, before any usage is
/// counted, so neither costs a try. Another share class of a company answers as its main
/// ticker: GOOG is analysed, stored and ranked as GOOGL (one company, one entry).
pub(crate) async fn known_symbol(state: &AppState, raw: &str) -> ApiResult<TickerSymbol> {
    let symbol = TickerSymbol::parse(Some(raw))?;
    // The in-memory directory answers almost every request; a ticker its copy (at most a
    // minute old) does not hold yet is looked up in the store before it is called unknown.
    let company = match state.tickers.listing(symbol.as_str()).await? {
        Some(listing) => Some(listing),
        None => match state.store.find_ticker(symbol.as_str()).await? {
            Some(row) => Some(Listing {
                issuer: state.store.issuer_tickers(row.cik).await?,
                name: row.name,
            }),
            None => None,
        },
    };
    let Some(Listing { name, issuer }) = company else {
        return Err(ApiError::NotFound(format!(
            "I couldn't find a company with the ticker {}. Check the spelling, or try AAPL or MSFT.",
            symbol.as_str()
        )));
    };
    let name = jobs::analysis::names::readable(&name, issuer.first().map(String::as_str), None);
    match securities::eligibility(symbol.as_str(), &issuer, &name) {
        Eligibility::Analyse { symbol: main } if main == symbol.as_str() => Ok(symbol),
        Eligibility::Analyse { symbol: main } => Ok(TickerSymbol::parse(Some(&main))?),
        Eligibility::Refuse { message } => Err(ApiError::Unprocessable(message)),
    }
}

#[tracing::instrument(skip(state, viewer), fields(ticker = %ticker))]
async fn analyze_stock(
    State(state): State<AppState>,
    viewer: Viewer,
    PathParams(ticker): PathParams<String>,
    Query(params): Query<WaitParams>,
    headers: HeaderMap,
) -> Result<Response, AnalysisFailure> {
    let symbol = known_symbol(&state, &ticker).await?;
    usage_gate::check_analysis(&state, &viewer, symbol.as_str()).await?;
    let encoding = Encoding::negotiate(&headers);
    if let Some(answer) = ready_answer(&state, &symbol).await? {
        return Ok(answer.response(encoding));
    }
    // Noted before the analysis is read, so a change stored after that read is heard.
    let generation = analysis_changes::generation();
    let wait = params
        .wait
        .unwrap_or(state.settings.analyze_wait_secs)
        .min(MAX_WAIT_SECS);
    let outcome = analysis_request::request(
        &state.queue,
        &symbol,
        state.settings.common.analysis_max_age,
        Duration::from_secs(wait),
    )
    .await?;
    match outcome {
        // A stored analysis: serialised and compressed once, kept for the next readers.
        Outcome::Fresh {
            analysis,
            job: None,
        } => {
            let peers = jobs::peers::for_record(&state.store, &analysis.record).await?;
            let version = AnswerVersion {
                computed_at: analysis.computed_at,
                peers_at: peers.computed_at,
            };
            let json = serde_json::to_vec(&AnalysisOut::new(*analysis, peers.questions, None))
                .map_err(|e| ApiError::Internal(e.into()))?;
            let answer = state
                .answers
                .insert(symbol.as_str(), version, json, generation);
            Ok(answer.response(encoding))
        }
        // Just computed for this request: the answer names its job, so it is not shared.
        Outcome::Fresh { analysis, job } => {
            let peers = jobs::peers::for_record(&state.store, &analysis.record).await?;
            Ok(Json(AnalysisOut::new(*analysis, peers.questions, job)).into_response())
        }
        // Failed analyses are free: what the gate counted for this symbol is given back.
        Outcome::Unanalysable(message) => {
            usage_gate::refund_analysis(&state, &viewer, symbol.as_str()).await?;
            Err(ApiError::Unprocessable(message).into())
        }
        Outcome::Failed(reason) => {
            usage_gate::refund_analysis(&state, &viewer, symbol.as_str()).await?;
            Err(ApiError::BadGateway(format!(
                "Error analyzing stock: {reason}. Nothing was used from your allowance; please try again in a few minutes."
            ))
            .into())
        }
        Outcome::Queued { job } => {
            let body = InProgressOut {
                success: false,
                message: "Analysis in progress",
                details: None,
                job_id: job,
            };
            Ok((StatusCode::ACCEPTED, Json(body)).into_response())
        }
    }
}

/// The ready answer of `symbol`'s stored analysis, when it is fresh and its answer was built
/// already: from memory while its last check holds (see `answer_cache`), otherwise after one
/// indexed read of `computed_at` and the peer statistics' date; no record parsed, nothing
/// serialised.
async fn ready_answer(
    state: &AppState,
    symbol: &TickerSymbol,
) -> ApiResult<Option<Arc<CachedAnswer>>> {
    let max_age = chrono::Duration::from_std(state.settings.common.analysis_max_age)
        .unwrap_or(chrono::Duration::MAX);
    let fresh = |computed_at| Utc::now() - computed_at < max_age;
    let generation = analysis_changes::generation();
    if let Some(answer) = state.answers.checked(symbol.as_str(), generation) {
        return Ok(fresh(answer.computed_at).then_some(answer));
    }
    // The analysis and the peer statistics beside it, in one read.
    let Some((computed_at, peers_at)) = state.store.answer_version(symbol.as_str()).await? else {
        return Ok(None);
    };
    if !fresh(computed_at) {
        return Ok(None);
    }
    let version = AnswerVersion {
        computed_at,
        peers_at,
    };
    Ok(state.answers.get(symbol.as_str(), version, generation))
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
) -> Result<(StatusCode, Json<CreateAnalysisOut>), AnalysisFailure> {
    let symbol = known_symbol(&state, input.symbol.as_deref().unwrap_or_default()).await?;
    usage_gate::check_analysis(&state, &viewer, symbol.as_str()).await?;
    let job = state
        .queue
        .enqueue(&AnalyzeStock {
            symbol: symbol.as_str().to_string(),
        })
        .await?;
    let out = CreateAnalysisOut {
        job_id: job.id,
        joined: job.joined,
        symbol: symbol.as_str().to_string(),
    };
    Ok((StatusCode::ACCEPTED, Json(out)))
}

/// The Top 25 by the rule of `jobs::ranking` (`docs/scoring.md`, "The Top 25").
async fn top_stocks(
    State(state): State<AppState>,
) -> ApiResult<Json<Vec<jobs::ranking::TopStock>>> {
    Ok(Json(
        jobs::ranking::top_stocks(&state.store, TOP_STOCKS).await?,
    ))
}

#[derive(Debug, Deserialize)]
struct BatchParams {
    #[serde(default)]
    symbols: String,
}

/// Scores of up to 10 stocks for the compare page: `{A: {scores: [12], score, companyName}}`;
/// unknown tickers and securities that are not common stock are left out.
async fn batch_scores(
    State(state): State<AppState>,
    _user: CurrentUser,
    Query(params): Query<BatchParams>,
) -> ApiResult<Json<BTreeMap<String, BatchScoreOut>>> {
    let mut out = BTreeMap::new();
    for raw in params
        .symbols
        .split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .take(10)
    {
        let symbol = TickerSymbol::parse(Some(raw))?;
        // The one rule of `jobs::securities`: another class compares as its main ticker, a
        // preferred or note (even one with a record stored before the rule) not at all.
        let analysed = match known_symbol(&state, symbol.as_str()).await {
            Ok(analysed) => analysed,
            Err(ApiError::NotFound(_) | ApiError::Unprocessable(_)) => continue,
            Err(other) => return Err(other),
        };
        if let Some(stored) = state.store.latest_analysis(analysed.as_str()).await? {
            let record = stored.record;
            out.insert(
                symbol.as_str().to_string(),
                BatchScoreOut {
                    scores: record.questions.iter().map(|q| q.score).collect(),
                    score: record.score,
                    company_name: record.company_name,
                    answered_questions: record.answered_questions,
                    provisional: record.provisional,
                    provisional_reason: record.provisional_reason,
                },
            );
        }
    }
    Ok(Json(out))
}

/// The notes record of a stock, `null` when none was written yet: most stocks have no notes,
/// the page then says they are coming, and an expected state is not an error (a 404 would
/// be logged in the browser console of every such visit).
async fn stock_notes(
    State(state): State<AppState>,
    PathParams(ticker): PathParams<String>,
) -> ApiResult<Json<Option<StockNotes>>> {
    let symbol = TickerSymbol::parse(Some(&ticker))?;
    Ok(Json(state.store.stock_notes(symbol.as_str()).await?))
}

/// The forward-returns chart data of the stored analysis.
async fn forward_returns(
    State(state): State<AppState>,
    PathParams(ticker): PathParams<String>,
) -> Result<Json<ForwardReturnsOut>, AnalysisFailure> {
    let symbol = TickerSymbol::parse(Some(&ticker))?;
    let forward = state
        .store
        .latest_analysis(symbol.as_str())
        .await?
        .and_then(|s| s.record.forward_returns)
        .ok_or_else(|| {
            ApiError::NotFound(format!("No forward returns for {} yet.", symbol.as_str()))
        })?;
    Ok(Json(ForwardReturnsOut {
        success: true,
        data: ForwardReturnsData {
            forward_earnings_return: forward.forward_earnings_return,
            govt_bond_return: forward.govt_bond_return,
        },
    }))
}
