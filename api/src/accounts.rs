//! The accounts runtime every accounts route shares: the session store, the attempt counters
//! and the mailer. Built once per `app()` and handed to handlers as an `Extension`.

use std::sync::Arc;

use jobs::{mail::Mailer, store::Store};

use crate::{AppState, session::SessionBackend, throttle::Throttle};

/// Shared state of the accounts routes.
#[derive(Debug)]
pub struct Accounts {
    pub sessions: SessionBackend,
    pub throttle: Throttle,
    pub mailer: Mailer,
}

impl Accounts {
    /// Redis-backed sessions and counters when `REDIS_URL` is set, the database and
    /// in-process counters otherwise; SMTP when `SMTP_URL` is set, the outbox otherwise.
    /// A configuration that cannot be used is logged and the embedded fallback taken
    /// (`Settings::from_env` already refused malformed values at start-up).
    pub fn new(state: &AppState) -> Arc<Self> {
        let settings = &state.settings;
        let redis = settings.common.redis_url.as_ref();
        let sessions = SessionBackend::new(state).unwrap_or_else(|err| {
            tracing::error!(%err, "sessions fall back to the database");
            SessionBackend::Database(state.store.clone())
        });
        let throttle =
            match redis.map(|url| Throttle::redis(&url.0, &settings.accounts.redis_prefix)) {
                Some(Ok(t)) => t,
                Some(Err(err)) => {
                    tracing::error!(%err, "login throttling falls back to in-process counters");
                    Throttle::in_process()
                }
                None => Throttle::in_process(),
            };
        let mailer = Mailer::new(&settings.accounts.mail).unwrap_or_else(|err| {
            tracing::error!(%err, "mail falls back to the outbox");
            Mailer::Outbox
        });
        Arc::new(Accounts {
            sessions,
            throttle,
            mailer,
        })
    }

    /// Delivers outbox message `id` in the background, so a slow mail server never slows
    /// the answer (and the answer's timing says nothing about the message).
    pub fn deliver_later(&self, store: &Store, id: i64) {
        let (mailer, store) = (self.mailer.clone(), store.clone());
        tokio::spawn(async move { mailer.deliver(&store, id).await });
    }
}
