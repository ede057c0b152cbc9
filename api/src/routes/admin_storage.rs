//! `GET /api/admin/kv-stocks`: per stock the bytes stored and when they
//! last changed, for the storage page. Mounted under `/api/admin` by [`super::admin`].

use axum::{Json, Router, extract::State, routing::get};
use jobs::store::storage::KvStock;

use crate::{AppState, error::ApiResult};

/// Paths relative to `/api/admin`.
pub fn router() -> Router<AppState> {
    Router::new().route("/kv-stocks", get(kv_stocks))
}

#[tracing::instrument(skip(state), err(level = "info"))]
async fn kv_stocks(State(state): State<AppState>) -> ApiResult<Json<Vec<KvStock>>> {
    Ok(Json(state.store.kv_stocks().await?))
}
