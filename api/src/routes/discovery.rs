//! What the home and analytics pages list: trending stocks from real view counts, and the
//! latest content items.

use axum::{
    Json, Router,
    extract::{Query, State},
    routing::get,
};
use chrono::Utc;
use jobs::store::trending::{TrendingPeriod, ViewCount};
use serde::Deserialize;

use crate::{
    AppState,
    error::{ApiError, ApiResult},
};

/// Most items the content feed returns at once.
const MAX_CONTENT: i64 = 50;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/trending", get(trending))
        .route("/content", get(content))
}

#[derive(Debug, Deserialize)]
struct TrendingParams {
    period: Option<String>,
}

/// The most viewed analysable stocks of the last 24 hours, 7 days or 30 days (`period=24h|7d|30d`).
async fn trending(
    State(state): State<AppState>,
    Query(params): Query<TrendingParams>,
) -> ApiResult<Json<Vec<ViewCount>>> {
    let asked = params.period.as_deref().unwrap_or("24h");
    let period = TrendingPeriod::parse(asked).ok_or_else(|| {
        ApiError::BadRequest(format!("Unknown period '{asked}'. Use 24h, 7d or 30d."))
    })?;
    let mut viewed = state.store.trending(period, Utc::now(), 20).await?;
    for stock in &mut viewed {
        stock.company_name = stock
            .company_name
            .as_deref()
            .map(|name| jobs::analysis::names::readable(name, Some(&stock.symbol), None));
    }
    Ok(Json(viewed))
}

#[derive(Debug, Deserialize)]
struct ContentParams {
    limit: Option<i64>,
}

/// The newest content items (default 3).
async fn content(
    State(state): State<AppState>,
    Query(params): Query<ContentParams>,
) -> ApiResult<Json<Vec<jobs::store::content::ContentItem>>> {
    let limit = params.limit.unwrap_or(3).clamp(1, MAX_CONTENT);
    Ok(Json(state.store.latest_content(limit).await?))
}
