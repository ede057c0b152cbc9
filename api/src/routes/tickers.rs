//! Server-side ticker search: `GET /api/tickers/search?q=` -> `[{ticker, name}]`, at most 100.

use axum::{
    Json, Router,
    extract::{Query, State},
    routing::get,
};
use jobs::store::tickers::TickerHit;
use serde::Deserialize;

use crate::{
    AppState,
    error::{ApiError, ApiResult},
};

/// Longest query accepted; longer text cannot match any ticker or company name usefully.
const MAX_QUERY: usize = 100;

pub fn router() -> Router<AppState> {
    Router::new().route("/tickers/search", get(search_tickers))
}

#[derive(Debug, Deserialize)]
struct SearchParams {
    #[serde(default)]
    q: String,
}

#[tracing::instrument(skip(state), err(level = "info"))]
async fn search_tickers(
    State(state): State<AppState>,
    Query(params): Query<SearchParams>,
) -> ApiResult<Json<Vec<TickerHit>>> {
    if params.q.chars().count() > MAX_QUERY {
        return Err(ApiError::BadRequest(format!(
            "Search text is limited to {MAX_QUERY} characters."
        )));
    }
    Ok(Json(state.tickers.search(&params.q).await?))
}
