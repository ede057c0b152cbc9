//! Password reset: `POST /api/reset-password` {email} mails a link with a one-hour,
//! single-use token; `POST /api/reset-password/confirm` {token, password} sets the new
//! password and ends every session of the account.
//!
//! The request answers the same text at once whether or not the address has an account: the
//! lookup, the token and the mail happen in a background task, so neither the words nor the
//! timing say anything.

use axum::{Json, Router, extract::State, routing::post};
use chrono::Utc;
use jobs::{
    accounts::{Email, Password, RESET_TOKEN_LIFETIME, ResetToken, messages},
    store::outbox::NewEmail,
};
use serde::Deserialize;

use crate::{
    AppState,
    error::{ApiError, ApiResult, MessageOut},
    extract::{ClientIp, JsonBody},
};

/// Reset requests per address and per IP per hour (each sends mail).
const REQUESTS_PER_HOUR: u32 = 5;
const REQUESTS_PER_IP_PER_HOUR: u32 = 20;
const HOUR: std::time::Duration = std::time::Duration::from_secs(3600);
pub const TOO_MANY_RESETS: &str =
    "That's a lot of reset requests. Please check your email, or wait a bit and try again.";

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/reset-password", post(request_reset))
        .route("/reset-password/confirm", post(confirm_reset))
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct ResetIn {
    pub email: Option<String>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct ConfirmIn {
    pub token: Option<String>,
    pub password: Option<String>,
}

#[tracing::instrument(skip_all, err(level = "info"))]
async fn request_reset(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    JsonBody(input): JsonBody<ResetIn>,
) -> ApiResult<Json<MessageOut>> {
    let email = Email::parse(input.email.as_deref(), messages::INVALID_EMAIL)?;
    let username = email.as_str().to_lowercase();
    let throttle = &state.throttle;
    let too_many = || ApiError::TooManyRequests(TOO_MANY_RESETS.into());
    throttle
        .acquire(&format!("reset:ip:{ip}"), HOUR, REQUESTS_PER_IP_PER_HOUR)
        .await
        .ok_or_else(too_many)?;
    throttle
        .acquire(&format!("reset:email:{username}"), HOUR, REQUESTS_PER_HOUR)
        .await
        .ok_or_else(too_many)?;
    let base_url = state.settings.accounts.public_base_url.clone();
    tokio::spawn(async move {
        if let Err(err) = issue_token(&state, &username, &base_url).await {
            tracing::error!(error = format!("{err:#}"), "password reset mail not issued");
        }
    });
    Ok(Json(MessageOut::new(messages::RESET_MAIL_SENT)))
}

/// Stores a token and mails the link, if `username` has an account.
async fn issue_token(state: &AppState, username: &str, base_url: &str) -> anyhow::Result<()> {
    let Some(user) = state.store.user_by_username(username).await? else {
        tracing::info!("password reset asked for an address without an account");
        return Ok(());
    };
    let token = ResetToken::generate();
    let link = format!("{base_url}/reset-password/confirm?token={}", token.expose());
    let email = NewEmail {
        to: user.username.clone(),
        subject: "Reset your Ask Bubba password".into(),
        body: format!(
            "Howdy,\n\nSomebody (hopefully you) asked to reset the password of your Ask Bubba account. \
             Open this link within the next hour to pick a new one:\n\n{link}\n\n\
             If the link won't open, go to {base_url}/reset-password/confirm and paste this reset token:\n\n{token}\n\n\
             If you didn't ask for this, ignore this e-mail and your password stays as it is.\n\n\
             Bubba\n(a guy on a porch, not your financial adviser)\n",
            token = token.expose()
        ),
        kind: "password_reset".into(),
    };
    let now = Utc::now();
    let expires = now + chrono::Duration::from_std(RESET_TOKEN_LIFETIME)?;
    let id = state
        .store
        .create_reset_token(user.id, &token.storage_hash(), expires, &email, now)
        .await?;
    state.deliver_later(id);
    Ok(())
}

#[tracing::instrument(skip_all, err(level = "info"))]
async fn confirm_reset(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    JsonBody(input): JsonBody<ConfirmIn>,
) -> ApiResult<Json<MessageOut>> {
    let token = ResetToken::parse(input.token.as_deref())?;
    let password = Password::parse(input.password.as_deref())?;
    // Throttled per IP and checked before the expensive hash, so made-up tokens cost nothing.
    let limits = &state.settings.accounts.password_routes;
    let ticket = state
        .throttle
        .acquire(
            &format!("reset:confirm:ip:{ip}"),
            limits.window,
            limits.reset_confirm_per_ip,
        )
        .await
        .ok_or_else(|| ApiError::TooManyRequests(messages::RESET_CONFIRM_THROTTLED.into()))?;
    if !state
        .store
        .reset_token_usable(&token.storage_hash(), Utc::now())
        .await?
    {
        return Err(ApiError::BadRequest(messages::RESET_TOKEN_INVALID.into()));
    }
    let hash = state
        .throttle
        .release_on_err(state.hashing.hash(password).await, &[&ticket])
        .await?;
    let Some(user_id) = state
        .store
        .reset_password(&token.storage_hash(), hash.as_str(), Utc::now())
        .await?
    else {
        return Err(ApiError::BadRequest(messages::RESET_TOKEN_INVALID.into()));
    };
    state.sessions.end_user_sessions(user_id).await?;
    state.recent_sign_ins.forget_user(user_id);
    Ok(Json(MessageOut::new(messages::RESET_DONE)))
}
