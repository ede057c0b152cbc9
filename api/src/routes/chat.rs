//! The assistant: `GET /api/chat/usage`, and `POST /api/chat/generic`
//! (home page) and `POST /api/chat/{symbol}` (stock page), which stream the reply as plain
//! text. Errors answer JSON with an `error` field (what the widget reads), the same text in
//! `message`, and a `code` telling the two 429s apart.

use std::{convert::Infallible, time::Duration};

use axum::{
    Json, Router,
    body::Body,
    extract::State,
    http::{StatusCode, header},
    response::{IntoResponse, Response},
    routing::{get, post},
};
use futures::StreamExt;
use jobs::{
    assistant::{ChatError, ChatInput, ChatTurn, service::TECHNICAL_DIFFICULTIES},
    symbol::TickerSymbol,
};
use serde::{Deserialize, Serialize};

use crate::{
    AppState,
    error::ApiError,
    extract::{JsonBody, MaybeUser},
    path_params::PathParams,
};

/// 401 for anonymous visitors (the widget shows its sign-up prompt on this text).
pub const AUTH_REQUIRED: &str = "Authentication required";
/// 429 when the free and purchased queries are used up (the widget's 'Well shoot...').
pub const OUT_OF_QUERIES: &str = "Well shoot... you've used up all your chat queries. Get More Queries to keep the conversation going.";
/// 404 for a symbol we know nothing about.
pub const UNKNOWN_SYMBOL: &str = "I don't know that ticker, so I can't chat about it.";

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/chat/usage", get(usage))
        .route("/chat/generic", post(generic))
        .route("/chat/{symbol}", post(stock))
}

/// `GET /api/chat/usage`.
#[derive(Debug, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct ChatUsageOut {
    pub queries_used: i32,
    pub queries_limit: i32,
    /// Limit minus used, never below 0.
    pub queries_remaining: i32,
}

/// The body of both send calls.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ChatIn {
    pub message: String,
    #[serde(default)]
    pub conversation_history: Vec<ChatTurn>,
}

/// Every chat error body.
#[derive(Debug, Serialize, ts_rs::TS)]
pub struct ChatErrorOut {
    pub error: String,
    pub message: String,
    /// `auth_required`, `out_of_queries`, `rate_limited`, `invalid`, `unknown_symbol`,
    /// `unavailable`.
    pub code: String,
}

/// A chat error: an [`ApiError`] answered as `{error, message, code}`. The code follows the
/// status unless given (the two 429s differ); a server-side failure answers Bubba's
/// 'technical difficulties' with `unavailable` (and is logged as every `ApiError` is).
#[derive(Debug)]
pub struct ChatFailure {
    pub error: ApiError,
    pub code: Option<&'static str>,
}

impl From<ApiError> for ChatFailure {
    fn from(error: ApiError) -> Self {
        ChatFailure { error, code: None }
    }
}

impl From<jobs::store::StoreError> for ChatFailure {
    fn from(err: jobs::store::StoreError) -> Self {
        ApiError::from(err).into()
    }
}

impl IntoResponse for ChatFailure {
    fn into_response(self) -> Response {
        let (status, message) = self.error.into_parts();
        let (code, message) = match status {
            s if s.is_server_error() => ("unavailable", TECHNICAL_DIFFICULTIES.to_string()),
            StatusCode::UNAUTHORIZED => ("auth_required", message),
            StatusCode::NOT_FOUND => ("unknown_symbol", message),
            StatusCode::TOO_MANY_REQUESTS => ("rate_limited", message),
            _ => ("invalid", message),
        };
        let body = ChatErrorOut {
            error: message.clone(),
            message,
            code: self.code.unwrap_or(code).into(),
        };
        (status, Json(body)).into_response()
    }
}

fn auth_required() -> ChatFailure {
    ApiError::Unauthorized(AUTH_REQUIRED.into()).into()
}

#[tracing::instrument(skip_all)]
async fn usage(
    State(state): State<AppState>,
    user: MaybeUser,
) -> Result<Json<ChatUsageOut>, ChatFailure> {
    let user_id = user.id().ok_or_else(auth_required)?;
    let b = state.assistant.usage(user_id).await?;
    Ok(Json(ChatUsageOut {
        queries_used: b.used,
        queries_limit: b.limit,
        queries_remaining: b.remaining.max(0),
    }))
}

async fn generic(
    State(state): State<AppState>,
    user: MaybeUser,
    body: JsonBody<ChatIn>,
) -> Result<Response, ChatFailure> {
    send(state, user, None, body.0).await
}

async fn stock(
    State(state): State<AppState>,
    user: MaybeUser,
    PathParams(symbol): PathParams<String>,
    body: JsonBody<ChatIn>,
) -> Result<Response, ChatFailure> {
    let symbol = TickerSymbol::parse(Some(&symbol)).map_err(ApiError::from)?;
    send(state, user, Some(symbol), body.0).await
}

/// Counts one message of `user_id` against `CHAT_MESSAGES_PER_MINUTE` (one window per user,
/// shared by the chat and the MCP endpoint's tool calls); over it, the text to answer.
pub async fn within_message_rate(state: &AppState, user_id: i64) -> Result<(), String> {
    let per_minute = state.settings.assistant.messages_per_minute;
    let key = format!("chat:user:{user_id}");
    match state
        .throttle
        .acquire(&key, Duration::from_secs(60), per_minute)
        .await
    {
        Some(_) => Ok(()),
        None => Err(format!(
            "Whoa there, partner: that's more than {per_minute} messages in a minute. Give me a \
             moment to catch my breath, then ask again."
        )),
    }
}

#[tracing::instrument(skip_all, fields(symbol = symbol.as_ref().map(TickerSymbol::as_str)))]
async fn send(
    state: AppState,
    user: MaybeUser,
    symbol: Option<TickerSymbol>,
    body: ChatIn,
) -> Result<Response, ChatFailure> {
    let user_id = user.id().ok_or_else(auth_required)?;
    within_message_rate(&state, user_id)
        .await
        .map_err(ApiError::TooManyRequests)?;
    let input = ChatInput {
        user_id,
        symbol,
        message: body.message,
        history: body.conversation_history,
    };
    let reply = state.assistant.send(input).await.map_err(|err| match err {
        ChatError::Invalid(text) => ApiError::BadRequest(text).into(),
        ChatError::NoQueries => ChatFailure {
            error: ApiError::TooManyRequests(OUT_OF_QUERIES.into()),
            code: Some("out_of_queries"),
        },
        ChatError::UnknownSymbol => ApiError::NotFound(UNKNOWN_SYMBOL.into()).into(),
        ChatError::Provider(err) => {
            tracing::warn!(%err, "chat provider failed before answering");
            ApiError::BadGateway(TECHNICAL_DIFFICULTIES.into()).into()
        }
        ChatError::Store(err) => ChatFailure::from(err),
    })?;
    let body = Body::from_stream(reply.map(Ok::<_, Infallible>));
    Ok((
        [
            (header::CONTENT_TYPE, "text/plain; charset=utf-8"),
            (header::CACHE_CONTROL, "no-cache"),
            (header::HeaderName::from_static("x-accel-buffering"), "no"),
        ],
        body,
    )
        .into_response())
}
