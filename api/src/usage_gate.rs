//! The usage-limit gate for stock analyses, enforced on the server. The analysis
//! route calls it once per request, before it does any work:
//!
//! ```ignore
//! async fn analyze_stock(State(state): State<AppState>, viewer: Viewer, Path(ticker): Path<String>)
//!     -> ApiResult<...>
//! {
//!     usage_gate::check_analysis(&state, &viewer, &ticker).await?;
//!     ...
//! }
//! ```
//!
//! The decisions (who may analyse what, what is counted, refunds) are
//! `jobs::accounts::usage`; this module reads the [`Viewer`] from the request (cookie
//! session, or the `x-session-id` header and the client IP) and answers a refusal with the
//! spec's status: 401 'Please log in to analyze stocks' (anonymous without the header), 403
//! 'You've used all your anonymous analyses. Please sign up to continue.' (trial or IP
//! ceiling used), 429 'You've reached your daily limit of 25 stock analyses. Please try
//! again tomorrow.', 400 for a malformed header or ticker.
//!
//! The client IP is the socket address, or with `TRUST_PROXY=N` the N-th `X-Forwarded-For`
//! entry from the right (see [`crate::extract::ClientIp`]).

use std::net::IpAddr;

use axum::{extract::FromRequestParts, http::request::Parts};
pub use jobs::accounts::usage::{Allowance, Viewer};
use jobs::{
    accounts::{
        AnonymousSessionId,
        usage::{GateError, Refusal, UsageGate},
    },
    store::{Store, StoreError},
    symbol::TickerSymbol,
};
use tower_sessions::Session;

use crate::{
    AppState,
    error::{ApiError, ApiResult},
    extract::client_ip,
    recent_sign_ins,
};

impl FromRequestParts<AppState> for Viewer {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        if let Some(session) = parts.extensions.get::<Session>().cloned()
            && let Some(id) = recent_sign_ins::signed_in_user_id(&session, state).await?
        {
            return Ok(Viewer::User { id });
        }
        let session_id = parts.headers.get("x-session-id").map(|v| match v.to_str() {
            Ok(text) => text.to_string(),
            // Not text at all: keep something that `AnonymousSessionId::parse` refuses.
            Err(_) => "\u{0}".to_string(),
        });
        Ok(Viewer::Anonymous {
            session_id,
            ip: client_ip(parts, state.settings.accounts.trust_proxy),
        })
    }
}

fn gate(state: &AppState) -> UsageGate<'_, Store> {
    UsageGate {
        ledger: &state.store,
        reopenable: &state.reopenable,
        anon_ip_daily_limit: state.settings.accounts.anon_ip_daily_limit,
    }
}

/// A refusal as the spec's status and message.
impl From<GateError<StoreError>> for ApiError {
    fn from(err: GateError<StoreError>) -> Self {
        match err {
            GateError::Refused(refusal) => {
                let message = refusal.to_string();
                match refusal {
                    Refusal::LoginRequired => ApiError::Unauthorized(message),
                    Refusal::TrialUsed => ApiError::Forbidden(message),
                    Refusal::DailyLimit => ApiError::TooManyRequests(message),
                    Refusal::Invalid(invalid) => invalid.into(),
                }
            }
            GateError::Ledger(err) => err.into(),
        }
    }
}

/// The gate: `Ok` when `viewer` may analyse `ticker` now (and then it is counted), or the
/// spec's 400/401/403/429 error. Call it only for a ticker you will analyse: validate that
/// it exists first, so a typo costs no try.
pub async fn check_analysis(
    state: &AppState,
    viewer: &Viewer,
    ticker: &str,
) -> ApiResult<Allowance> {
    let symbol = TickerSymbol::parse(Some(ticker))?;
    Ok(gate(state).check_analysis(viewer, symbol.as_str()).await?)
}

/// The anonymous half of the gate, also behind `POST /api/anonymous/search`.
pub(crate) async fn check_anonymous(
    state: &AppState,
    id: &AnonymousSessionId,
    ip: IpAddr,
    ticker: Option<&str>,
) -> ApiResult<Allowance> {
    let symbol = TickerSymbol::parse(ticker)?;
    Ok(gate(state).check_anonymous(id, ip, symbol.as_str()).await?)
}

/// Gives back what `ticker` used after its analysis failed (failed analyses are free).
pub async fn refund_analysis(state: &AppState, viewer: &Viewer, ticker: &str) -> ApiResult<()> {
    Ok(gate(state).refund(viewer, ticker).await?)
}
