//! The storage page's calls: `GET /api/admin/kv-stocks?after=SYMBOL&limit=100` (per stock the
//! bytes stored and when they last changed, a page at a time) and `GET /api/admin/kv-totals`
//! (the page's totals over every stock). Mounted under `/api/admin` by [`super::admin`].

use axum::{
    Json, Router,
    extract::{Query, State},
    routing::get,
};
use jobs::store::storage::{KvStock, KvTotals};
use serde::Deserialize;

use crate::{AppState, error::ApiResult};

/// Stocks per page when the caller does not say.
const DEFAULT_PAGE: i64 = 100;

/// Paths relative to `/api/admin`.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/kv-stocks", get(kv_stocks))
        .route("/kv-totals", get(kv_totals))
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct PageParams {
    after: Option<String>,
    limit: Option<i64>,
}

/// Stocks alphabetically after `after`, `limit` at a time (at most 500); a page shorter
/// than `limit` is the last.
#[tracing::instrument(skip(state), err(level = "info"))]
async fn kv_stocks(
    State(state): State<AppState>,
    Query(page): Query<PageParams>,
) -> ApiResult<Json<Vec<KvStock>>> {
    let after = page.after.unwrap_or_default();
    let limit = page.limit.unwrap_or(DEFAULT_PAGE);
    Ok(Json(state.store.kv_stocks_page(&after, limit).await?))
}

#[tracing::instrument(skip(state), err(level = "info"))]
async fn kv_totals(State(state): State<AppState>) -> ApiResult<Json<KvTotals>> {
    Ok(Json(state.store.kv_totals().await?))
}
