//! The usage gate for stock analyses, decided here and
//! recorded through a [`UsageLedger`] (the store implements it; `api::usage_gate` reads the
//! viewer from the request and turns a [`Refusal`] into its HTTP status).
//!
//! - Signed in: up to [`DAILY_ANALYSES`] (25) *different* symbols per UTC day; reopening a
//!   symbol already opened today is free. Past the cap: [`Refusal::DailyLimit`].
//! - Anonymous with a session id: up to [`ANONYMOUS_FREE_ANALYSES`] (3) different symbols per
//!   session, for good; reopening one is free. Each new symbol also counts against the IP's
//!   daily ceiling, so fresh session ids do not give unlimited analyses. Past either:
//!   [`Refusal::TrialUsed`]. Without a session id: [`Refusal::LoginRequired`].
//! - A counted anonymous analysis records a view of the symbol (the trending lists).
//! - Every count is one guarded database write, so concurrent requests cannot exceed a limit.
//! - Reopening costs no database work once this process has seen the symbol counted
//!   ([`Reopenable`]): it only remembers what the ledger said, so it never lets anyone past
//!   a limit.
//! - Failed analyses are free: [`UsageGate::refund`] gives back what the symbol used.

use std::{future::Future, net::IpAddr};

use chrono::{DateTime, Utc};

use super::{
    ANONYMOUS_FREE_ANALYSES, AnonymousSessionId, DAILY_ANALYSES, Invalid, messages,
    reopenable::Reopenable,
};

/// Who asks for an analysis: a signed-in user, or an anonymous visitor with the session id
/// they sent (if any) and their IP address.
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

/// Why the gate said no; each has the spec's message for people.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    /// Anonymous without a session id.
    #[error("{}", messages::LOGIN_TO_ANALYZE)]
    LoginRequired,
    /// The signed-in user's analyses for today are used up.
    #[error("{}", messages::DAILY_LIMIT_REACHED)]
    DailyLimit,
    /// The anonymous trial (or the IP's daily ceiling) is used up.
    #[error("{}", messages::ANONYMOUS_TRIAL_USED)]
    TrialUsed,
    /// A malformed session id.
    #[error(transparent)]
    Invalid(#[from] Invalid),
}

/// The gate's answer when it could decide (`Refused`), or the ledger's failure.
#[derive(Debug, thiserror::Error)]
pub enum GateError<E> {
    #[error(transparent)]
    Refused(#[from] Refusal),
    #[error(transparent)]
    Ledger(E),
}

/// What recording a signed-in user's analysis decided.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DailyOutcome {
    /// A symbol new today: one of the day's analyses used; `count` is the day's total.
    Counted { count: i32 },
    /// The user already opened this symbol today: allowed, nothing used.
    AlreadyViewedToday { count: i32 },
    /// The day's analyses are used up.
    LimitReached,
}

impl DailyOutcome {
    pub fn allowed(self) -> bool {
        !matches!(self, DailyOutcome::LimitReached)
    }
}

/// What recording an anonymous analysis decided.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AnonymousOutcome {
    /// A new symbol for this session: one try used; `search_count` is the new total.
    Counted { search_count: i32 },
    /// The session already analysed this symbol: allowed, nothing used.
    AlreadyAnalysed { search_count: i32 },
    /// The session has used its free analyses.
    TrialUsed,
    /// This IP address has reached its daily ceiling of new anonymous analyses.
    IpCeiling,
}

impl AnonymousOutcome {
    pub fn allowed(self) -> bool {
        matches!(
            self,
            AnonymousOutcome::Counted { .. } | AnonymousOutcome::AlreadyAnalysed { .. }
        )
    }
}

/// The anonymous trial's limits, passed in by the caller (the product's constants live in
/// `accounts::quotas`, not here).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TrialLimits {
    /// Different stocks one session may analyse, for good.
    pub per_session: i32,
    /// New anonymous analyses one IP address may start per UTC day; 0 turns the ceiling off.
    pub per_ip_per_day: i32,
}

/// Where analyses are counted, given back and viewed: the store, on either database.
pub trait UsageLedger: Sync {
    type Error: Send;

    /// Counts `symbol` for `user` on `now`'s UTC day, unless opened already or over `limit`.
    fn record_user_analysis(
        &self,
        user: i64,
        symbol: &str,
        limit: i32,
        now: DateTime<Utc>,
    ) -> impl Future<Output = Result<DailyOutcome, Self::Error>> + Send;

    /// Counts `symbol` for an anonymous session and its IP, within `limits`.
    fn record_anonymous_analysis(
        &self,
        session: &str,
        ip: &str,
        symbol: &str,
        limits: TrialLimits,
        now: DateTime<Utc>,
    ) -> impl Future<Output = Result<AnonymousOutcome, Self::Error>> + Send;

    /// Anonymous session `session`'s view of `symbol` (the trending lists), counted once per
    /// session, stock and day.
    fn record_anonymous_view(
        &self,
        session: &str,
        symbol: &str,
        now: DateTime<Utc>,
    ) -> impl Future<Output = Result<(), Self::Error>> + Send;

    /// Gives back what `symbol` used of `user`'s day.
    fn refund_user_analysis(
        &self,
        user: i64,
        symbol: &str,
        now: DateTime<Utc>,
    ) -> impl Future<Output = Result<bool, Self::Error>> + Send;

    /// Gives back what `symbol` used of an anonymous session's trial and its IP's day.
    fn refund_anonymous_analysis(
        &self,
        session: &str,
        ip: &str,
        symbol: &str,
        now: DateTime<Utc>,
    ) -> impl Future<Output = Result<bool, Self::Error>> + Send;
}

/// The gate over a ledger, with this process's memory of reopenable symbols.
pub struct UsageGate<'a, L> {
    pub ledger: &'a L,
    pub reopenable: &'a Reopenable,
    /// New anonymous analyses one IP may start per UTC day (0: no ceiling).
    pub anon_ip_daily_limit: i32,
}

impl<L: UsageLedger> UsageGate<'_, L> {
    /// `Ok` when `viewer` may analyse `symbol` (a parsed ticker, `TickerSymbol::as_str`) now,
    /// and then it is counted.
    pub async fn check_analysis(
        &self,
        viewer: &Viewer,
        symbol: &str,
    ) -> Result<Allowance, GateError<L::Error>> {
        match viewer {
            Viewer::User { id } => self.check_user(*id, symbol).await,
            Viewer::Anonymous { session_id, ip } => {
                let raw = session_id
                    .as_deref()
                    .map(str::trim)
                    .filter(|s| !s.is_empty())
                    .ok_or(Refusal::LoginRequired)?;
                let id = AnonymousSessionId::parse(Some(raw)).map_err(Refusal::from)?;
                self.check_anonymous(&id, *ip, symbol).await
            }
        }
    }

    async fn check_user(&self, user: i64, symbol: &str) -> Result<Allowance, GateError<L::Error>> {
        let now = Utc::now();
        let allowance = |counted, used| Allowance {
            counted,
            used,
            limit: DAILY_ANALYSES,
        };
        if let Some(used) = self.reopenable.user(user, symbol, now) {
            return Ok(allowance(false, used));
        }
        let outcome = self
            .ledger
            .record_user_analysis(user, symbol, DAILY_ANALYSES, now)
            .await
            .map_err(GateError::Ledger)?;
        let (counted, count) = match outcome {
            DailyOutcome::Counted { count } => (true, count),
            DailyOutcome::AlreadyViewedToday { count } => (false, count),
            DailyOutcome::LimitReached => return Err(Refusal::DailyLimit.into()),
        };
        self.reopenable.remember_user(user, symbol, now, count);
        Ok(allowance(counted, count))
    }

    /// The anonymous half of the gate (also behind the anonymous search call).
    pub async fn check_anonymous(
        &self,
        id: &AnonymousSessionId,
        ip: IpAddr,
        symbol: &str,
    ) -> Result<Allowance, GateError<L::Error>> {
        let allowance = |counted, used| Allowance {
            counted,
            used,
            limit: ANONYMOUS_FREE_ANALYSES,
        };
        if let Some(used) = self.reopenable.anonymous(id.as_str(), symbol) {
            return Ok(allowance(false, used));
        }
        let now = Utc::now();
        let limits = TrialLimits {
            per_session: ANONYMOUS_FREE_ANALYSES,
            per_ip_per_day: self.anon_ip_daily_limit,
        };
        let outcome = self
            .ledger
            .record_anonymous_analysis(id.as_str(), &ip.to_string(), symbol, limits, now)
            .await
            .map_err(GateError::Ledger)?;
        let (counted, count) = match outcome {
            AnonymousOutcome::Counted { search_count } => (true, search_count),
            AnonymousOutcome::AlreadyAnalysed { search_count } => (false, search_count),
            AnonymousOutcome::TrialUsed | AnonymousOutcome::IpCeiling => {
                return Err(Refusal::TrialUsed.into());
            }
        };
        self.reopenable
            .remember_anonymous(id.as_str(), symbol, count);
        // A view counts once per anonymous session and stock (the trial never counts a
        // symbol twice), so one visitor reopening a stock cannot push it up the trending list.
        if counted {
            self.ledger
                .record_anonymous_view(id.as_str(), symbol, now)
                .await
                .map_err(GateError::Ledger)?;
        }
        Ok(allowance(counted, count))
    }

    /// Gives back the analysis (signed in) or the anonymous try that `ticker` used, after its
    /// analysis failed. Nothing happens when the symbol used nothing (already given back, or
    /// never counted), so it is safe to call on every failure.
    pub async fn refund(&self, viewer: &Viewer, ticker: &str) -> Result<(), L::Error> {
        let now = Utc::now();
        match viewer {
            Viewer::User { id } => {
                self.reopenable.forget_user(*id, ticker);
                self.ledger.refund_user_analysis(*id, ticker, now).await?;
            }
            Viewer::Anonymous {
                session_id: Some(raw),
                ip,
            } => {
                if let Ok(id) = AnonymousSessionId::parse(Some(raw.trim())) {
                    self.reopenable.forget_anonymous(id.as_str(), ticker);
                    self.ledger
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
}
