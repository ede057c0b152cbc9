//! Sign-up, sign-in, sign-out and the current user: `POST /api/register`, `POST /api/login`,
//! `POST /api/logout`, `GET /api/user`.
//!
//! `GET /api/user` answers 401 when nobody is signed in, as the spec says. The web app asks
//! `GET /api/user?optional=true` instead, which answers 200 with `null`: "nobody signed in" is
//! the ordinary state of a first visit, and a 401 would put an error in every visitor's
//! browser console (where real failures then drown).
//!
//! Login throttling, per sliding window (defaults in `LoginLimits`):
//! - per username *and* IP address: 5 attempts, then 429 for that pair;
//! - per IP address: 20 failed attempts, whatever the usernames, then 429 for that address;
//! - per username from anywhere: failures beyond 10 only *slow* each further attempt (1 s),
//!   they never refuse it.
//!
//! Why not a hard per-username lock: anyone could then lock any account by typing wrong
//! passwords for it, and the real owner could not get in. The pair and per-IP limits stop one
//! attacker (1,000 wrong attempts from one address are mostly refused before any hashing), the
//! slowdown caps what many addresses can guess together, and the owner, from their own
//! address, always gets a real password check. Attempts are counted before the password is
//! checked (so parallel requests cannot slip past the limit), and a successful login takes its
//! attempt back.

use axum::{
    Json, Router,
    extract::{Query, State},
    http::StatusCode,
    routing::{get, post},
};
use chrono::{DateTime, Utc};
use jobs::{
    accounts::{Email, OptionalText, Password, Username, messages},
    store::{
        StoreError,
        users::{NewUser, UserRecord},
    },
};
use serde::{Deserialize, Serialize};
use tower_sessions::Session;

use crate::{
    AppState,
    error::{ApiError, ApiResult, MessageOut},
    extract::{ClientIp, JsonBody, MaybeUser},
    session,
};

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/register", post(register))
        .route("/login", post(login))
        .route("/logout", post(logout))
        .route("/user", get(get_user))
}

/// Registration data.
#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct RegisterIn {
    pub username: Option<String>,
    pub password: Option<String>,
    pub accept_terms: Option<bool>,
    pub accept_privacy: Option<bool>,
    pub parent_name: Option<String>,
    pub parent_email: Option<String>,
    pub parent_signature: Option<String>,
    pub child_name: Option<String>,
    pub parental_consent: Option<bool>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct LoginIn {
    pub username: Option<String>,
    pub password: Option<String>,
}

/// The current user as the web app reads it.
#[derive(Debug, Clone, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct UserOut {
    pub id: i64,
    pub username: String,
    pub is_admin: bool,
    pub is_paid_user: bool,
    pub paid_since: Option<DateTime<Utc>>,
    pub subscription_tier: Option<String>,
    pub purchased_queries: i32,
    pub terms_accepted_at: DateTime<Utc>,
    pub privacy_accepted_at: DateTime<Utc>,
    pub parental_consent_at: Option<DateTime<Utc>>,
    pub parent_name: Option<String>,
    pub parent_email: Option<String>,
    pub child_name: Option<String>,
    pub member_since: DateTime<Utc>,
    pub created_at: DateTime<Utc>,
}

impl UserOut {
    pub fn new(user: UserRecord, state: &AppState) -> Self {
        UserOut {
            is_admin: is_admin(&user, state),
            id: user.id,
            username: user.username,
            is_paid_user: user.is_paid_user,
            paid_since: user.paid_since,
            subscription_tier: user.subscription_tier,
            purchased_queries: user.purchased_queries,
            terms_accepted_at: user.terms_accepted_at,
            privacy_accepted_at: user.privacy_accepted_at,
            parental_consent_at: user.parental_consent_at,
            parent_name: user.parent_name,
            parent_email: user.parent_email,
            child_name: user.child_name,
            member_since: user.created_at,
            created_at: user.created_at,
        }
    }
}

/// The one admin: the user whose username is `ADMIN_USERNAME`. Only the operator creates
/// that account (`api create-admin`); public registration refuses the name.
pub fn is_admin(user: &UserRecord, state: &AppState) -> bool {
    is_admin_name(&user.username, state)
}

fn is_admin_name(username: &str, state: &AppState) -> bool {
    state
        .settings
        .admin_username
        .as_deref()
        .is_some_and(|admin| admin.eq_ignore_ascii_case(username))
}

#[tracing::instrument(skip_all, err(level = "info"))]
async fn register(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    session: Session,
    JsonBody(input): JsonBody<RegisterIn>,
) -> ApiResult<(StatusCode, Json<UserOut>)> {
    let username = Username::parse(input.username.as_deref())?;
    let password = Password::parse(input.password.as_deref())?;
    if input.accept_terms != Some(true) {
        return Err(ApiError::BadRequest(messages::ACCEPT_TERMS.into()));
    }
    if input.accept_privacy != Some(true) {
        return Err(ApiError::BadRequest(messages::ACCEPT_PRIVACY.into()));
    }
    let parent_email = match input
        .parent_email
        .as_deref()
        .map(str::trim)
        .filter(|e| !e.is_empty())
    {
        Some(raw) => Some(Email::parse(Some(raw), messages::INVALID_PARENT_EMAIL)?.into_inner()),
        None => None,
    };
    let parent_name = OptionalText::parse(input.parent_name.as_deref(), "Parent name")?;
    let parent_signature =
        OptionalText::parse(input.parent_signature.as_deref(), "Parent signature")?;
    let child_name = OptionalText::parse(input.child_name.as_deref(), "Child name")?;
    // Cheap refusals before the expensive hash: the per-IP throttle (which also stops
    // enumerating accounts at scale), the operator's admin name, and a taken name.
    let limits = &state.settings.accounts.password_routes;
    let ticket = state
        .throttle
        .acquire(
            &format!("register:ip:{ip}"),
            limits.window,
            limits.register_per_ip,
        )
        .await
        .ok_or_else(|| ApiError::TooManyRequests(messages::REGISTER_THROTTLED.into()))?;
    if is_admin_name(username.as_str(), &state)
        || state
            .store
            .user_by_username(username.as_str())
            .await?
            .is_some()
    {
        return Err(ApiError::Conflict(messages::USERNAME_TAKEN.into()));
    }
    let password_hash = state
        .throttle
        .release_on_err(state.hashing.hash(password).await, &[&ticket])
        .await?;
    let new_user = NewUser {
        parent_name: parent_name.into_inner(),
        parent_signature: parent_signature.into_inner(),
        child_name: child_name.into_inner(),
        parent_email,
        parental_consent: input.parental_consent == Some(true),
        username: username.as_str().to_string(),
        password_hash,
        accepted_at: Utc::now(),
    };
    let user = match state.store.create_user(&new_user).await {
        Ok(user) => user,
        Err(StoreError::Conflict { .. }) => {
            return Err(ApiError::Conflict(messages::USERNAME_TAKEN.into()));
        }
        Err(err) => return Err(err.into()),
    };
    session::sign_in(&session, user.id, &state).await?;
    Ok((StatusCode::CREATED, Json(UserOut::new(user, &state))))
}

#[tracing::instrument(skip_all, err(level = "info"))]
async fn login(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    session: Session,
    JsonBody(input): JsonBody<LoginIn>,
) -> ApiResult<Json<UserOut>> {
    // Any text is a possible username at login; only the shape is required.
    let username = match input.username.as_deref().map(str::trim) {
        None | Some("") => return Err(ApiError::BadRequest(messages::USERNAME_REQUIRED.into())),
        Some(name) if name.len() > jobs::accounts::fields::MAX_EMAIL => {
            return Err(ApiError::Unauthorized(messages::LOGIN_FAILED.into()));
        }
        Some(name) => name.to_lowercase(),
    };
    let password = Password::parse_login(input.password.as_deref())?;
    let limits = &state.settings.accounts.login;
    let throttle = &state.throttle;
    let (ip_key, pair_key, user_key) = (
        format!("login:ip:{ip}"),
        format!("login:pair:{ip}:{username}"),
        format!("login:user:{username}"),
    );
    let throttled = || ApiError::TooManyRequests(messages::LOGIN_THROTTLED.into());
    let ip_ticket = throttle
        .acquire(&ip_key, limits.window, limits.per_ip)
        .await
        .ok_or_else(throttled)?;
    let Some(pair_ticket) = throttle
        .acquire(&pair_key, limits.window, limits.per_username_and_ip)
        .await
    else {
        throttle.release(&ip_ticket).await;
        return Err(throttled());
    };
    if throttle.count(&user_key, limits.window).await
        >= u64::from(limits.slow_after_username_failures)
    {
        tokio::time::sleep(limits.slowdown).await;
    }
    let user = state.store.user_by_username(&username).await?;
    let stored = user.as_ref().map(|u| u.password.clone());
    // Busy (503): no password was checked, so the attempt does not count.
    let verified = throttle
        .release_on_err(
            state.hashing.verify(password, stored).await,
            &[&ip_ticket, &pair_ticket],
        )
        .await?;
    if !verified {
        throttle.record(&user_key, limits.window).await;
        return Err(ApiError::Unauthorized(messages::LOGIN_FAILED.into()));
    }
    let user = user.expect("a verified password belongs to a user");
    throttle.release(&ip_ticket).await;
    throttle.clear(&pair_key).await;
    session::sign_in(&session, user.id, &state).await?;
    Ok(Json(UserOut::new(user, &state)))
}

#[tracing::instrument(skip_all, err(level = "info"))]
async fn logout(State(state): State<AppState>, session: Session) -> ApiResult<Json<MessageOut>> {
    // The body ({sessionId}, the anonymous id) needs nothing from us: signing out ends this
    // session; the anonymous trial is counted by its own id.
    session::sign_out(&session, &state).await?;
    Ok(Json(MessageOut::new(messages::LOGGED_OUT)))
}

/// `?optional=true`: nobody signed in is `null`, not a 401.
#[derive(Debug, Default, Deserialize)]
struct UserParams {
    #[serde(default)]
    optional: bool,
}

#[tracing::instrument(skip_all, err(level = "info"))]
async fn get_user(
    State(state): State<AppState>,
    Query(params): Query<UserParams>,
    MaybeUser(user): MaybeUser,
) -> ApiResult<Json<Option<UserOut>>> {
    match user {
        Some(user) => Ok(Json(Some(UserOut::new(user, &state)))),
        None if params.optional => Ok(Json(None)),
        None => Err(ApiError::Unauthorized(messages::NOT_SIGNED_IN.into())),
    }
}
