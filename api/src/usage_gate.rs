//! The usage-limit gate for stock analyses, enforced on the server (spec 000 sections 1, 6, 8
//! and 9). The analysis route calls it once per request, before it does any work:
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
//! Contract of [`check_analysis`]:
//! - Signed in (cookie session): up to [`DAILY_ANALYSES`] (25) *different* symbols per UTC
//!   day; reopening a symbol already opened today is free. Past the cap:
//!   429 'You've reached your daily limit of 25 stock analyses. Please try again tomorrow.'
//! - Anonymous with an `x-session-id` header: up to [`ANONYMOUS_FREE_ANALYSES`] (3) different
//!   symbols per session id, for good; reopening one of them is free. Each new symbol also
//!   counts against the client IP's daily ceiling (`ANON_IP_DAILY_LIMIT`, default 10), so
//!   fresh session ids do not give unlimited analyses. Past either: 403 'You've used all your
//!   anonymous analyses. Please sign up to continue.'
//! - Anonymous without the header: 401 'Please log in to analyze stocks'. A malformed header
//!   or ticker: 400 with a message.
//! - On success the analysis is counted and a view recorded (per user in `stock_views`,
//!   anonymous ones per symbol and day), which feeds the trending lists. Call it only for a
//!   ticker you will analyse: validate that the ticker exists first, so a typo costs no try.
//! - Every count is one guarded database write, so concurrent requests cannot exceed a limit,
//!   and concurrent requests for one new symbol use one analysis.
//! - Failed analyses are free: when a symbol cannot be analysed (no SEC statements, IFRS, not
//!   enough data, an upstream failure), [`refund_analysis`] gives back what the symbol used.
//!
//! The client IP is the socket address, or with `TRUST_PROXY=N` the N-th `X-Forwarded-For`
//! entry from the right (see [`crate::extract::ClientIp`]).

use std::net::IpAddr;

use axum::{extract::FromRequestParts, http::request::Parts};
use chrono::Utc;
use jobs::{
    accounts::{ANONYMOUS_FREE_ANALYSES, AnonymousSessionId, DAILY_ANALYSES, messages},
    store::{
        anonymous::{AnonymousOutcome, TrialLimits},
        usage::DailyOutcome,
    },
    symbol::TickerSymbol,
};

use crate::{
    AppState,
    error::{ApiError, ApiResult},
    extract::{MaybeUser, client_ip},
};

/// Who asks for an analysis: a signed-in user, or an anonymous visitor with the
/// `x-session-id` header they sent (if any) and their IP address.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Viewer {
    User {
        id: i64,
    },
    Anonymous {
        session_id: Option<String>,
        ip: IpAddr,
    },
}

impl FromRequestParts<AppState> for Viewer {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        if let Some(id) = MaybeUser::from_request_parts(parts, state).await?.id() {
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

/// What the gate allowed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Allowance {
    /// This request used one analysis (a new symbol); `false` when reopening one.
    pub counted: bool,
    /// Analyses used so far in the period (the day, or the anonymous trial).
    pub used: i32,
    /// The period's allowance (25 or 3).
    pub limit: i32,
}

/// The gate: `Ok` when `viewer` may analyse `ticker` now (and then it is counted), or the
/// spec's 401/403/429 error. See the module documentation for the full contract.
pub async fn check_analysis(
    state: &AppState,
    viewer: &Viewer,
    ticker: &str,
) -> ApiResult<Allowance> {
    match viewer {
        Viewer::User { id } => {
            let symbol = TickerSymbol::parse(Some(ticker))?;
            match state
                .store
                .record_user_analysis(*id, symbol.as_str(), DAILY_ANALYSES, Utc::now())
                .await?
            {
                DailyOutcome::Counted { count } => Ok(Allowance {
                    counted: true,
                    used: count,
                    limit: DAILY_ANALYSES,
                }),
                DailyOutcome::AlreadyViewedToday { count } => Ok(Allowance {
                    counted: false,
                    used: count,
                    limit: DAILY_ANALYSES,
                }),
                DailyOutcome::LimitReached => Err(ApiError::TooManyRequests(
                    messages::DAILY_LIMIT_REACHED.into(),
                )),
            }
        }
        Viewer::Anonymous { session_id, ip } => {
            let raw = session_id
                .as_deref()
                .map(str::trim)
                .filter(|s| !s.is_empty());
            let Some(raw) = raw else {
                return Err(ApiError::Unauthorized(messages::LOGIN_TO_ANALYZE.into()));
            };
            let id = AnonymousSessionId::parse(Some(raw))?;
            check_anonymous(state, &id, *ip, Some(ticker)).await
        }
    }
}

/// The anonymous half of the gate, also behind `POST /api/anonymous/search`.
pub(crate) async fn check_anonymous(
    state: &AppState,
    id: &AnonymousSessionId,
    ip: IpAddr,
    ticker: Option<&str>,
) -> ApiResult<Allowance> {
    let symbol = TickerSymbol::parse(ticker)?;
    let now = Utc::now();
    let ceiling = state.settings.accounts.anon_ip_daily_limit;
    let outcome = state
        .store
        .record_anonymous_analysis(
            id.as_str(),
            &ip.to_string(),
            symbol.as_str(),
            TrialLimits {
                per_session: ANONYMOUS_FREE_ANALYSES,
                per_ip_per_day: ceiling,
            },
            now,
        )
        .await?;
    let allowance = match outcome {
        AnonymousOutcome::Counted { search_count } => Allowance {
            counted: true,
            used: search_count,
            limit: ANONYMOUS_FREE_ANALYSES,
        },
        AnonymousOutcome::AlreadyAnalysed { search_count } => Allowance {
            counted: false,
            used: search_count,
            limit: ANONYMOUS_FREE_ANALYSES,
        },
        AnonymousOutcome::TrialUsed | AnonymousOutcome::IpCeiling => {
            return Err(ApiError::Forbidden(messages::ANONYMOUS_TRIAL_USED.into()));
        }
    };
    // A view counts once per anonymous session and stock (the trial never counts a symbol
    // twice), so one visitor reopening a stock cannot push it up the trending list.
    if allowance.counted {
        state
            .store
            .record_anonymous_view(symbol.as_str(), now)
            .await?;
    }
    Ok(allowance)
}

/// Gives back the analysis (signed in) or the anonymous try that `ticker` used, after its
/// analysis failed: failed analyses are free. Nothing happens when the symbol used nothing
/// (already given back, or never counted), so it is safe to call on every failure.
pub async fn refund_analysis(state: &AppState, viewer: &Viewer, ticker: &str) -> ApiResult<()> {
    let now = Utc::now();
    match viewer {
        Viewer::User { id } => {
            state.store.refund_user_analysis(*id, ticker, now).await?;
        }
        Viewer::Anonymous {
            session_id: Some(raw),
            ip,
        } => {
            if let Ok(id) = AnonymousSessionId::parse(Some(raw.trim())) {
                state
                    .store
                    .refund_anonymous_analysis(id.as_str(), &ip.to_string(), ticker, now)
                    .await?;
            }
        }
        Viewer::Anonymous {
            session_id: None, ..
        } => {}
    }
    Ok(())
}
