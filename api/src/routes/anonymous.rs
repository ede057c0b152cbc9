//! The anonymous trial: `GET /api/anonymous/session/{sessionId}` (exists, searchCount,
//! remainingSearches, requiresSignup) and `POST /api/anonymous/search` {sessionId, symbol},
//! which counts an analysis through the same gate as the analysis call
//! ([`crate::usage_gate`]): a new symbol uses a try, a reopened one does not, and past the
//! trial or the per-IP ceiling the answer is 403 with the spec's message. Unknown symbols
//! (404), non-common securities and companies already known to be unanalysable (422) use
//! no try.

use axum::{
    Json, Router,
    extract::State,
    routing::{get, post},
};
use jobs::{
    accounts::{ANONYMOUS_FREE_ANALYSES, AnonymousSessionId, quotas::remaining_anonymous},
    store::anonymous::AnonymousSession,
};
use serde::{Deserialize, Serialize};

use crate::{
    AppState,
    error::{ApiError, ApiResult},
    extract::{ClientIp, JsonBody},
    path_params::PathParams,
    usage_gate,
};

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/anonymous/session/{session_id}", get(get_session))
        .route("/anonymous/search", post(record_search))
}

/// The session as the trial counter reads it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct AnonymousSessionOut {
    pub session_id: String,
    pub exists: bool,
    pub search_count: i32,
    pub remaining_searches: i32,
    pub requires_signup: bool,
}

impl AnonymousSessionOut {
    /// The spec's default shape for an unknown id: exists false, 0, 3, false.
    fn new(session_id: &AnonymousSessionId, stored: Option<AnonymousSession>) -> Self {
        let search_count = stored.as_ref().map_or(0, |s| s.search_count);
        AnonymousSessionOut {
            session_id: session_id.as_str().to_string(),
            exists: stored.is_some(),
            search_count,
            remaining_searches: remaining_anonymous(search_count),
            requires_signup: search_count >= ANONYMOUS_FREE_ANALYSES,
        }
    }
}

#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct AnonymousSearchIn {
    pub session_id: Option<String>,
    pub symbol: Option<String>,
}

#[tracing::instrument(skip(state), err(level = "info"))]
async fn get_session(
    State(state): State<AppState>,
    PathParams(session_id): PathParams<String>,
) -> ApiResult<Json<AnonymousSessionOut>> {
    let id = AnonymousSessionId::parse(Some(&session_id))?;
    let stored = state.store.anonymous_session(id.as_str()).await?;
    Ok(Json(AnonymousSessionOut::new(&id, stored)))
}

#[tracing::instrument(skip_all, err(level = "info"))]
async fn record_search(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    JsonBody(input): JsonBody<AnonymousSearchIn>,
) -> ApiResult<Json<AnonymousSessionOut>> {
    let id = AnonymousSessionId::parse(input.session_id.as_deref())?;
    // Unknown symbols and non-common securities are refused before anything is counted, and
    // so is a company already known to be unanalysable: failed analyses are free.
    let symbol =
        super::analysis::known_symbol(&state, input.symbol.as_deref().unwrap_or_default()).await?;
    let max_age = state.settings.common.analysis_max_age;
    if let Some(message) =
        jobs::analysis_request::fresh_failure(&state.store, symbol.as_str(), max_age).await?
    {
        return Err(ApiError::Unprocessable(message));
    }
    usage_gate::check_anonymous(&state, &id, ip, Some(symbol.as_str())).await?;
    let stored = state.store.anonymous_session(id.as_str()).await?;
    Ok(Json(AnonymousSessionOut::new(&id, stored)))
}
