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
//! - Reopening costs no database work at all once this process has seen the symbol counted
//!   (or found it already counted): [`Reopenable`] remembers, per signed-in user and UTC day
//!   and per anonymous session, the symbols that are free to reopen. It only ever remembers
//!   what the database said, so it never lets anyone past a limit; `used` on a reopening is
//!   the count as this process last saw it.
//! - Failed analyses are free: when a symbol cannot be analysed (no SEC statements, IFRS, not
//!   enough data, an upstream failure), [`refund_analysis`] gives back what the symbol used.
//!
//! The client IP is the socket address, or with `TRUST_PROXY=N` the N-th `X-Forwarded-For`
//! entry from the right (see [`crate::extract::ClientIp`]).

use std::{
    collections::{HashMap, HashSet},
    net::IpAddr,
    sync::Mutex,
};

use axum::{extract::FromRequestParts, http::request::Parts};
use chrono::{DateTime, NaiveDate, Utc};
use jobs::{
    accounts::{ANONYMOUS_FREE_ANALYSES, AnonymousSessionId, DAILY_ANALYSES, messages},
    store::{
        anonymous::{AnonymousOutcome, TrialLimits},
        usage::DailyOutcome,
    },
    symbol::TickerSymbol,
};

use tower_sessions::Session;

use crate::{
    AppState,
    error::{ApiError, ApiResult},
    extract::client_ip,
    recent_sign_ins,
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
            let now = Utc::now();
            if let Some(used) = state.reopenable.user(*id, symbol.as_str(), now) {
                return Ok(Allowance {
                    counted: false,
                    used,
                    limit: DAILY_ANALYSES,
                });
            }
            match state
                .store
                .record_user_analysis(*id, symbol.as_str(), DAILY_ANALYSES, now)
                .await?
            {
                DailyOutcome::Counted { count } => {
                    state
                        .reopenable
                        .remember_user(*id, symbol.as_str(), now, count);
                    Ok(Allowance {
                        counted: true,
                        used: count,
                        limit: DAILY_ANALYSES,
                    })
                }
                DailyOutcome::AlreadyViewedToday { count } => {
                    state
                        .reopenable
                        .remember_user(*id, symbol.as_str(), now, count);
                    Ok(Allowance {
                        counted: false,
                        used: count,
                        limit: DAILY_ANALYSES,
                    })
                }
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
    if let Some(used) = state.reopenable.anonymous(id.as_str(), symbol.as_str()) {
        return Ok(Allowance {
            counted: false,
            used,
            limit: ANONYMOUS_FREE_ANALYSES,
        });
    }
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
    if let AnonymousOutcome::Counted { search_count }
    | AnonymousOutcome::AlreadyAnalysed { search_count } = outcome
    {
        state
            .reopenable
            .remember_anonymous(id.as_str(), symbol.as_str(), search_count);
    }
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
            state.reopenable.forget_user(*id, ticker);
            state.store.refund_user_analysis(*id, ticker, now).await?;
        }
        Viewer::Anonymous {
            session_id: Some(raw),
            ip,
        } => {
            if let Ok(id) = AnonymousSessionId::parse(Some(raw.trim())) {
                state.reopenable.forget_anonymous(id.as_str(), ticker);
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

/// Entries kept per kind before the memory is dropped and rebuilt from the database (a few
/// MB; far more viewers than one process sees in a day).
const MAX_REMEMBERED: usize = 200_000;

/// The symbols each viewer may reopen for free, as the database last said: per signed-in user
/// for the current UTC day (with the day's count), per anonymous session for good (with its
/// trial count). Lets a repeat read skip the gate's database transaction entirely. A refund
/// made by this process forgets the symbol; one made by another process at worst lets its
/// viewer reopen a symbol whose analysis failed, which is free anyway.
#[derive(Debug, Default)]
pub struct Reopenable {
    known: Mutex<Known>,
}

#[derive(Debug, Default)]
struct Known {
    /// The UTC day `user_symbols` and `user_counts` are about.
    day: Option<NaiveDate>,
    user_symbols: HashSet<(i64, String)>,
    user_counts: HashMap<i64, i32>,
    anonymous_symbols: HashSet<(String, String)>,
    anonymous_counts: HashMap<String, i32>,
}

impl Known {
    /// Drops yesterday's user entries (a new day counts anew).
    fn roll_to(&mut self, day: NaiveDate) {
        if self.day != Some(day) {
            self.day = Some(day);
            self.user_symbols.clear();
            self.user_counts.clear();
        }
    }
}

impl Reopenable {
    fn known(&self) -> std::sync::MutexGuard<'_, Known> {
        self.known.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// The day's count when `user` already opened `symbol` on `now`'s UTC day.
    pub fn user(&self, user: i64, symbol: &str, now: DateTime<Utc>) -> Option<i32> {
        let mut known = self.known();
        known.roll_to(now.date_naive());
        known
            .user_symbols
            .contains(&(user, symbol.to_string()))
            .then(|| known.user_counts.get(&user).copied())
            .flatten()
    }

    pub fn remember_user(&self, user: i64, symbol: &str, now: DateTime<Utc>, count: i32) {
        let mut known = self.known();
        known.roll_to(now.date_naive());
        if known.user_symbols.len() >= MAX_REMEMBERED {
            known.user_symbols.clear();
            known.user_counts.clear();
        }
        known.user_symbols.insert((user, symbol.to_string()));
        let seen = known.user_counts.entry(user).or_insert(count);
        *seen = (*seen).max(count);
    }

    pub fn forget_user(&self, user: i64, symbol: &str) {
        let mut known = self.known();
        known.user_symbols.remove(&(user, symbol.to_string()));
        known.user_counts.remove(&user);
    }

    /// The trial count when anonymous session `session` already analysed `symbol`.
    pub fn anonymous(&self, session: &str, symbol: &str) -> Option<i32> {
        let known = self.known();
        known
            .anonymous_symbols
            .contains(&(session.to_string(), symbol.to_string()))
            .then(|| known.anonymous_counts.get(session).copied())
            .flatten()
    }

    pub fn remember_anonymous(&self, session: &str, symbol: &str, count: i32) {
        let mut known = self.known();
        if known.anonymous_symbols.len() >= MAX_REMEMBERED {
            known.anonymous_symbols.clear();
            known.anonymous_counts.clear();
        }
        known
            .anonymous_symbols
            .insert((session.to_string(), symbol.to_string()));
        let seen = known
            .anonymous_counts
            .entry(session.to_string())
            .or_insert(count);
        *seen = (*seen).max(count);
    }

    pub fn forget_anonymous(&self, session: &str, symbol: &str) {
        let mut known = self.known();
        known
            .anonymous_symbols
            .remove(&(session.to_string(), symbol.to_string()));
        known.anonymous_counts.remove(session);
    }
}
