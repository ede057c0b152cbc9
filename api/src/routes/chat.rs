//! The assistant (spec 000 section 7): `GET /api/chat/usage`, and `POST /api/chat/generic`
//! (home page) and `POST /api/chat/{symbol}` (stock page), which stream the reply as plain
//! text. Errors answer JSON with an `error` field (what the widget reads), the same text in
//! `message`, and a `code` telling the two 429s apart.

use std::{convert::Infallible, time::Duration};

use axum::{
    Json, Router,
    body::Body,
    extract::{Path, State},
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

use crate::{AppState, extract::JsonBody, extract::MaybeUser};

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

fn chat_error(status: StatusCode, code: &str, text: &str) -> Response {
    let body = ChatErrorOut {
        error: text.into(),
        message: text.into(),
        code: code.into(),
    };
    (status, Json(body)).into_response()
}

fn auth_required() -> Response {
    chat_error(StatusCode::UNAUTHORIZED, "auth_required", AUTH_REQUIRED)
}

#[tracing::instrument(skip_all)]
async fn usage(State(state): State<AppState>, user: MaybeUser) -> Response {
    let Some(user_id) = user.id() else {
        return auth_required();
    };
    match state.assistant.usage(user_id).await {
        Ok(b) => Json(ChatUsageOut {
            queries_used: b.used,
            queries_limit: b.limit,
            queries_remaining: b.remaining.max(0),
        })
        .into_response(),
        Err(err) => crate::error::ApiError::from(err).into_response(),
    }
}

async fn generic(
    State(state): State<AppState>,
    user: MaybeUser,
    body: JsonBody<ChatIn>,
) -> Response {
    send(state, user, None, body.0).await
}

async fn stock(
    State(state): State<AppState>,
    user: MaybeUser,
    Path(symbol): Path<String>,
    body: JsonBody<ChatIn>,
) -> Response {
    match TickerSymbol::parse(Some(&symbol)) {
        Ok(symbol) => send(state, user, Some(symbol), body.0).await,
        Err(invalid) => chat_error(StatusCode::BAD_REQUEST, "invalid", &invalid.0),
    }
}

#[tracing::instrument(skip_all, fields(symbol = symbol.as_ref().map(TickerSymbol::as_str)))]
async fn send(
    state: AppState,
    user: MaybeUser,
    symbol: Option<TickerSymbol>,
    body: ChatIn,
) -> Response {
    let Some(user_id) = user.id() else {
        return auth_required();
    };
    let per_minute = state.settings.assistant.messages_per_minute;
    let key = format!("chat:user:{user_id}");
    if state
        .throttle
        .acquire(&key, Duration::from_secs(60), per_minute)
        .await
        .is_none()
    {
        let text = format!(
            "Whoa there, partner: that's more than {per_minute} messages in a minute. Give me a \
             moment to catch my breath, then ask again."
        );
        return chat_error(StatusCode::TOO_MANY_REQUESTS, "rate_limited", &text);
    }
    let input = ChatInput {
        user_id,
        symbol,
        message: body.message,
        history: body.conversation_history,
    };
    match state.assistant.send(input).await {
        Ok(reply) => {
            let body = Body::from_stream(reply.map(Ok::<_, Infallible>));
            (
                [
                    (header::CONTENT_TYPE, "text/plain; charset=utf-8"),
                    (header::CACHE_CONTROL, "no-cache"),
                    (header::HeaderName::from_static("x-accel-buffering"), "no"),
                ],
                body,
            )
                .into_response()
        }
        Err(ChatError::Invalid(text)) => chat_error(StatusCode::BAD_REQUEST, "invalid", &text),
        Err(ChatError::NoQueries) => chat_error(
            StatusCode::TOO_MANY_REQUESTS,
            "out_of_queries",
            OUT_OF_QUERIES,
        ),
        Err(ChatError::UnknownSymbol) => {
            chat_error(StatusCode::NOT_FOUND, "unknown_symbol", UNKNOWN_SYMBOL)
        }
        Err(ChatError::Provider(err)) => {
            tracing::warn!(%err, "chat provider failed before answering");
            chat_error(
                StatusCode::BAD_GATEWAY,
                "unavailable",
                TECHNICAL_DIFFICULTIES,
            )
        }
        Err(ChatError::Store(err)) => {
            tracing::error!(%err, "chat failed");
            chat_error(
                StatusCode::INTERNAL_SERVER_ERROR,
                "unavailable",
                TECHNICAL_DIFFICULTIES,
            )
        }
    }
}
