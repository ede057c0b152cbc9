//! Personal access tokens on the account page, for outside assistants calling the MCP
//! endpoint (`api/docs/mcp.md`): `GET /api/account/tokens` lists the signed-in user's live
//! tokens, `POST /api/account/tokens {name}` makes one and answers its value (the only time it
//! is shown; the store keeps its SHA-256), `DELETE /api/account/tokens/{id}` revokes one of
//! theirs. Signed in with the cookie session only; the CSRF rules of every `/api` call apply.

use axum::{
    Json, Router,
    extract::State,
    http::StatusCode,
    routing::{delete, get},
};
use chrono::{DateTime, Utc};
use jobs::{
    accounts::access_token::{
        ACCESS_TOKEN_LIMIT, AccessToken, TOKEN_NOT_FOUND, TOO_MANY_TOKENS, TokenName,
    },
    store::access_tokens::StoredToken,
};
use serde::{Deserialize, Serialize};

use crate::{
    AppState,
    error::{ApiError, ApiResult},
    extract::{CurrentUser, JsonBody},
    path_params::PathParams,
};

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/account/tokens", get(list_tokens).post(create_token))
        .route("/account/tokens/{id}", delete(revoke_token))
}

/// One live token (never its value).
#[derive(Debug, Clone, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct AccessTokenOut {
    pub id: i64,
    pub name: String,
    pub created_at: DateTime<Utc>,
    /// `None`: never used. Stamped at most once a minute.
    pub last_used_at: Option<DateTime<Utc>>,
}

impl From<StoredToken> for AccessTokenOut {
    fn from(t: StoredToken) -> Self {
        AccessTokenOut {
            id: t.id,
            name: t.name,
            created_at: t.created_at,
            last_used_at: t.last_used_at,
        }
    }
}

/// `GET /api/account/tokens`: newest first.
#[derive(Debug, Clone, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct AccessTokensOut {
    pub tokens: Vec<AccessTokenOut>,
    /// How many live tokens a user may hold.
    pub limit: i64,
}

/// `POST /api/account/tokens`.
#[derive(Debug, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct CreateTokenIn {
    pub name: Option<String>,
}

/// A new token: `secret` is the value to give the assistant, shown this once.
#[derive(Debug, Clone, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct CreatedTokenOut {
    pub token: AccessTokenOut,
    pub secret: String,
}

#[tracing::instrument(skip_all, err(level = "info"))]
async fn list_tokens(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
) -> ApiResult<Json<AccessTokensOut>> {
    let tokens = state.store.access_tokens(user.id).await?;
    Ok(Json(AccessTokensOut {
        tokens: tokens.into_iter().map(AccessTokenOut::from).collect(),
        limit: ACCESS_TOKEN_LIMIT,
    }))
}

/// 201 with the token; 400 a missing or bad name; 409 at the limit.
#[tracing::instrument(skip_all, err(level = "info"))]
async fn create_token(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    JsonBody(body): JsonBody<CreateTokenIn>,
) -> ApiResult<(StatusCode, Json<CreatedTokenOut>)> {
    let name = TokenName::parse(body.name.as_deref())?;
    let secret = AccessToken::generate();
    let created = state
        .store
        .create_access_token(
            user.id,
            name.as_str(),
            &secret.storage_hash(),
            Utc::now(),
            ACCESS_TOKEN_LIMIT,
        )
        .await?
        .ok_or_else(|| ApiError::Conflict(TOO_MANY_TOKENS.into()))?;
    Ok((
        StatusCode::CREATED,
        Json(CreatedTokenOut {
            token: created.into(),
            secret: secret.expose().to_string(),
        }),
    ))
}

/// 204 revoked; 404 not a live token of this user (someone else's included).
#[tracing::instrument(skip(state, user), err(level = "info"))]
async fn revoke_token(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    PathParams(id): PathParams<i64>,
) -> ApiResult<StatusCode> {
    if state
        .store
        .revoke_access_token(user.id, id, Utc::now())
        .await?
    {
        Ok(StatusCode::NO_CONTENT)
    } else {
        Err(ApiError::NotFound(TOKEN_NOT_FOUND.into()))
    }
}
