//! The token check in front of `/mcp`: every request (not only a client's first) must carry
//! `Authorization: Bearer <a live personal access token>`, so a token revoked on the account
//! page stops working at the next request of a client that connected before. The token's
//! owner rides to the tool handler in the request's extensions ([`TokenOwner`]), which the
//! SDK hands over with the request's parts.

use axum::{
    Json,
    extract::{Request, State},
    http::{HeaderValue, StatusCode, header},
    middleware::Next,
    response::{IntoResponse, Response},
};
use chrono::Utc;
use jobs::{accounts::access_token::AccessToken, store::access_tokens::TokenOwner};

use crate::{AppState, error::MessageOut};

/// 401 without a token shaped like ours.
pub const TOKEN_REQUIRED: &str = "This door needs a personal access token: send it as \
    'Authorization: Bearer bubba_pat_...'. You can make one on your Ask Bubba account page.";
/// 401 for a token that is unknown or revoked.
pub const TOKEN_REFUSED: &str = "That access token doesn't work: it was revoked or never \
    existed. Make a new one on your Ask Bubba account page.";
/// 503 when the token could not be checked.
pub const TOKEN_CHECK_FAILED: &str =
    "I couldn't check that token just now. Please try again in a moment.";

/// Lets the request through with its [`TokenOwner`], or answers 401 (`WWW-Authenticate:
/// Bearer`, the reason as `{message}`).
pub async fn require_token(
    State(state): State<AppState>,
    mut request: Request,
    next: Next,
) -> Response {
    let Some(token) = request
        .headers()
        .get(header::AUTHORIZATION)
        .and_then(|value| value.to_str().ok())
        .and_then(AccessToken::from_authorization)
    else {
        return refused(TOKEN_REQUIRED, None);
    };
    match state
        .store
        .access_token_owner(&token.storage_hash(), Utc::now())
        .await
    {
        Ok(Some(owner)) => {
            request.extensions_mut().insert::<TokenOwner>(owner);
            next.run(request).await
        }
        Ok(None) => refused(TOKEN_REFUSED, Some("invalid_token")),
        Err(err) => {
            tracing::error!(%err, "could not check an access token");
            (
                StatusCode::SERVICE_UNAVAILABLE,
                Json(MessageOut::new(TOKEN_CHECK_FAILED)),
            )
                .into_response()
        }
    }
}

/// RFC 6750's answer: 401 with a `WWW-Authenticate: Bearer` challenge (naming the error when
/// a token was sent).
fn refused(message: &str, error: Option<&str>) -> Response {
    let challenge = match error {
        Some(error) => format!("Bearer realm=\"Ask Bubba\", error=\"{error}\""),
        None => "Bearer realm=\"Ask Bubba\"".to_string(),
    };
    let mut response = (StatusCode::UNAUTHORIZED, Json(MessageOut::new(message))).into_response();
    if let Ok(value) = HeaderValue::from_str(&challenge) {
        response
            .headers_mut()
            .insert(header::WWW_AUTHENTICATE, value);
    }
    response
}
