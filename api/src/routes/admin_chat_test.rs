//! `POST /api/admin/chat-test/{symbol}` `{message, conversationHistory}` -> `{response}`:
//! the admin tries the chat engine on a stock without spending a query or logging
//! the exchange. Mounted under `/api/admin` by [`super::admin`].

use axum::{Json, Router, extract::State, routing::post};
use jobs::{
    assistant::{ChatError, service::TECHNICAL_DIFFICULTIES},
    symbol::TickerSymbol,
};
use serde::Serialize;

use super::chat::{ChatIn, UNKNOWN_SYMBOL};
use crate::{
    AppState,
    error::{ApiError, ApiResult},
    extract::JsonBody,
    path_params::PathParams,
};

/// Paths relative to `/api/admin`.
pub fn router() -> Router<AppState> {
    Router::new().route("/chat-test/{symbol}", post(chat_test))
}

/// The whole reply.
#[derive(Debug, Serialize, ts_rs::TS)]
pub struct ChatTestOut {
    pub response: String,
}

#[tracing::instrument(skip(state, body), err(level = "info"))]
async fn chat_test(
    State(state): State<AppState>,
    PathParams(symbol): PathParams<String>,
    JsonBody(body): JsonBody<ChatIn>,
) -> ApiResult<Json<ChatTestOut>> {
    let symbol = TickerSymbol::parse(Some(&symbol))?;
    match state
        .assistant
        .test_reply(&symbol, &body.message, &body.conversation_history)
        .await
    {
        Ok(response) => Ok(Json(ChatTestOut { response })),
        Err(ChatError::Invalid(text)) => Err(ApiError::BadRequest(text)),
        Err(ChatError::UnknownSymbol) => Err(ApiError::NotFound(format!(
            "{UNKNOWN_SYMBOL} ({} is not in our data.)",
            symbol.as_str()
        ))),
        Err(ChatError::Provider(err)) => {
            tracing::warn!(%err, "chat test: the provider failed");
            Err(ApiError::BadGateway(TECHNICAL_DIFFICULTIES.into()))
        }
        Err(ChatError::NoQueries) => Err(ApiError::Internal(anyhow::anyhow!(
            "the chat test spends no queries"
        ))),
        Err(ChatError::Store(err)) => Err(err.into()),
    }
}
