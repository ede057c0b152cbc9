//! The API's configuration: the shared settings plus what only the API reads.

use std::path::PathBuf;

use jobs::{
    settings::{CommonSettings, DatabaseUrl, non_empty},
    store::Backend,
};

/// Settings of the `api` binary, from environment variables with defaults that run as is.
#[derive(Debug, Clone)]
pub struct Settings {
    pub common: CommonSettings,
    pub host: String,
    pub port: u16,
    /// The built web app (`web/dist`), served with SPA fallback.
    pub web_dist: PathBuf,
    pub admin_username: Option<String>,
    /// Run a worker (and the scheduler) inside the API process: the embedded default on
    /// SQLite; off on Postgres, where workers are their own processes.
    pub embedded_worker: bool,
    /// Run migrations at start (the embedded default); otherwise `api migrate` does it.
    pub migrate_on_start: bool,
    /// Accounts, sessions, limits and mail (see [`AccountSettings`]).
    pub accounts: AccountSettings,
    /// How long `GET /api/analyze-stock/{ticker}` waits for a running analysis before it
    /// answers 202 with the job id (`ANALYZE_WAIT_SECS`, default 25; `?wait=` overrides).
    pub analyze_wait_secs: u64,
    /// Where `/metrics` is served (`METRICS_ADDR`, default 127.0.0.1:9090; `off`: nowhere).
    pub metrics_addr: Option<std::net::SocketAddr>,
    /// With `METRICS_TOKEN`, the public port also answers `/metrics` to that bearer token.
    pub metrics_token: Option<String>,
    /// How long after start-up ticker calls wait for the ticker directory
    /// (`STARTUP_WAIT_SECS`, default 10; see `api::startup`).
    pub startup_wait: std::time::Duration,
    /// The assistant: provider, timeouts, messages per minute (`LLM_*`, `CHAT_*`).
    pub assistant: jobs::assistant::AssistantSettings,
    /// Stripe Checkout (`STRIPE_*`, see [`crate::payments::PaymentSettings`]).
    pub payments: crate::payments::PaymentSettings,
}

impl Settings {
    pub fn from_env() -> anyhow::Result<Self> {
        let common = CommonSettings::from_env()?;
        let sqlite = matches!(common.database_url, DatabaseUrl::Sqlite(_));
        let port = match non_empty("PORT") {
            Some(raw) => raw.parse().map_err(|_| {
                anyhow::anyhow!("PORT must be a number from 0 to 65535, got '{raw}'")
            })?,
            None => 8080,
        };
        Ok(Settings {
            host: non_empty("HOST").unwrap_or_else(|| "127.0.0.1".into()),
            port,
            web_dist: non_empty("WEB_DIST")
                .map(PathBuf::from)
                .unwrap_or_else(|| PathBuf::from("web/dist")),
            admin_username: non_empty("ADMIN_USERNAME").map(|u| u.to_lowercase()),
            embedded_worker: flag("API_WORKER").unwrap_or(sqlite),
            migrate_on_start: flag("MIGRATE_ON_START").unwrap_or(sqlite),
            accounts: AccountSettings::from_env()?,
            analyze_wait_secs: match non_empty("ANALYZE_WAIT_SECS") {
                Some(raw) => raw.parse().map_err(|_| {
                    anyhow::anyhow!(
                        "ANALYZE_WAIT_SECS must be a whole number of seconds, got '{raw}'"
                    )
                })?,
                None => 25,
            },
            metrics_addr: match non_empty("METRICS_ADDR").as_deref() {
                None => Some(std::net::SocketAddr::from(([127, 0, 0, 1], 9090))),
                Some("off") => None,
                Some(raw) => Some(raw.parse().map_err(|_| {
                    anyhow::anyhow!(
                        "METRICS_ADDR must be an address and port like 127.0.0.1:9090, or off; got '{raw}'"
                    )
                })?),
            },
            metrics_token: non_empty("METRICS_TOKEN"),
            startup_wait: match non_empty("STARTUP_WAIT_SECS") {
                Some(raw) => std::time::Duration::from_secs(raw.parse().map_err(|_| {
                    anyhow::anyhow!("STARTUP_WAIT_SECS must be a whole number of seconds, got '{raw}'")
                })?),
                None => crate::startup::DIRECTORY_WAIT,
            },
            assistant: jobs::assistant::AssistantSettings::from_env()?,
            payments: crate::payments::PaymentSettings::from_env(),
            common,
        })
    }

    pub fn backend(&self) -> Backend {
        match self.common.database_url {
            DatabaseUrl::Sqlite(_) => Backend::Sqlite,
            DatabaseUrl::Postgres(_) => Backend::Postgres,
        }
    }
}

/// `TRUST_PROXY`: the number of proxy hops in front of the API. `true`/`yes`/`on` (the old
/// boolean form) mean one proxy, `false`/`no`/`off` none.
fn proxy_hops() -> anyhow::Result<usize> {
    let Some(raw) = non_empty("TRUST_PROXY") else {
        return Ok(0);
    };
    match raw.to_lowercase().as_str() {
        "true" | "yes" | "on" => Ok(1),
        "false" | "no" | "off" => Ok(0),
        number => number.parse().map_err(|_| {
            anyhow::anyhow!(
                "TRUST_PROXY must be the number of proxies in front of the API (0, 1, 2, ...), got '{raw}'"
            )
        }),
    }
}

/// A boolean variable: 1/true/yes or 0/false/no.
fn flag(name: &str) -> Option<bool> {
    non_empty(name).map(|v| matches!(v.to_lowercase().as_str(), "1" | "true" | "yes" | "on"))
}

/// What the accounts part reads: `PUBLIC_BASE_URL` (links in e-mail, the allowed `Origin`,
/// and whether cookies are `Secure`), `TRUST_PROXY`, `ANON_IP_DAILY_LIMIT`, `ADMIN_EMAIL`,
/// `SESSION_COOKIE_SECURE`, `SMTP_URL`, `MAIL_FROM`.
#[derive(Debug, Clone)]
pub struct AccountSettings {
    /// Where people reach the app, without a trailing slash (default `http://localhost:8080`).
    pub public_base_url: String,
    /// Proxies in front of the API (`TRUST_PROXY=N`, default 0): the client IP is the N-th
    /// `X-Forwarded-For` entry from the right; with 0 the socket address is the client.
    pub trust_proxy: usize,
    /// New anonymous analyses one IP address may start per UTC day (default 10).
    pub anon_ip_daily_limit: i32,
    /// Where bug reports are mailed (default `ADMIN_USERNAME`).
    pub admin_email: Option<String>,
    /// Mark the session cookie `Secure` (default: when `PUBLIC_BASE_URL` is https).
    pub cookie_secure: bool,
    /// Login throttling (see `api::throttle`).
    pub login: LoginLimits,
    pub mail: jobs::mail::MailSettings,
    /// Per-IP limits of registration and reset confirmation (both hash a password).
    pub password_routes: PasswordRouteLimits,
    /// How many password hashes run at once, and how long a request waits for a turn.
    pub hashing: PasswordHashing,
}

/// Attempts one IP address may make per window on the other routes that hash a password.
#[derive(Debug, Clone, PartialEq)]
pub struct PasswordRouteLimits {
    pub window: std::time::Duration,
    /// `POST /api/register` attempts (each may say whether an address has an account).
    pub register_per_ip: u32,
    /// `POST /api/reset-password/confirm` attempts.
    pub reset_confirm_per_ip: u32,
}

impl Default for PasswordRouteLimits {
    fn default() -> Self {
        PasswordRouteLimits {
            window: std::time::Duration::from_secs(15 * 60),
            register_per_ip: 10,
            reset_confirm_per_ip: 10,
        }
    }
}

/// Password hashing is the API's most expensive work: a few at once, the rest wait briefly.
#[derive(Debug, Clone, PartialEq)]
pub struct PasswordHashing {
    /// Hashes run at once (`PASSWORD_HASH_SLOTS`, default: cores - 1, at least 1).
    pub slots: usize,
    /// How long a request waits for a hashing slot before it is answered 503.
    pub queue_timeout: std::time::Duration,
}

impl Default for PasswordHashing {
    fn default() -> Self {
        PasswordHashing {
            slots: jobs::accounts::password::default_hash_slots(),
            queue_timeout: jobs::accounts::password::HASH_QUEUE_TIMEOUT,
        }
    }
}

/// Login attempt limits, per sliding window.
#[derive(Debug, Clone, PartialEq)]
pub struct LoginLimits {
    pub window: std::time::Duration,
    /// Attempts for one username from one IP address.
    pub per_username_and_ip: u32,
    /// Failed attempts from one IP address, whatever the username.
    pub per_ip: u32,
    /// Failures on one username (from anywhere) after which each attempt is slowed.
    pub slow_after_username_failures: u32,
    /// How much each attempt on such a username is slowed.
    pub slowdown: std::time::Duration,
}

impl Default for LoginLimits {
    fn default() -> Self {
        LoginLimits {
            window: std::time::Duration::from_secs(15 * 60),
            per_username_and_ip: 5,
            per_ip: 20,
            slow_after_username_failures: 10,
            slowdown: std::time::Duration::from_secs(1),
        }
    }
}

impl Default for AccountSettings {
    fn default() -> Self {
        AccountSettings {
            public_base_url: "http://localhost:8080".into(),
            trust_proxy: 0,
            anon_ip_daily_limit: jobs::accounts::quotas::DEFAULT_ANON_IP_DAILY_LIMIT,
            admin_email: None,
            cookie_secure: false,
            login: LoginLimits::default(),
            mail: jobs::mail::MailSettings::default(),
            password_routes: PasswordRouteLimits::default(),
            hashing: PasswordHashing::default(),
        }
    }
}

impl AccountSettings {
    pub fn from_env() -> anyhow::Result<Self> {
        let defaults = AccountSettings::default();
        let public_base_url = non_empty("PUBLIC_BASE_URL")
            .map(|u| u.trim_end_matches('/').to_string())
            .unwrap_or(defaults.public_base_url);
        url::Url::parse(&public_base_url).map_err(|e| {
            anyhow::anyhow!("PUBLIC_BASE_URL '{public_base_url}' is not a URL: {e}")
        })?;
        let anon_ip_daily_limit = match non_empty("ANON_IP_DAILY_LIMIT") {
            Some(raw) => raw.parse().map_err(|_| {
                anyhow::anyhow!("ANON_IP_DAILY_LIMIT must be a whole number, got '{raw}'")
            })?,
            None => defaults.anon_ip_daily_limit,
        };
        let mail = jobs::mail::MailSettings::from_env();
        jobs::mail::Mailer::new(&mail).map_err(|e| anyhow::anyhow!(e))?;
        Ok(AccountSettings {
            cookie_secure: flag("SESSION_COOKIE_SECURE")
                .unwrap_or(public_base_url.starts_with("https://")),
            public_base_url,
            trust_proxy: proxy_hops()?,
            anon_ip_daily_limit,
            admin_email: non_empty("ADMIN_EMAIL")
                .or_else(|| non_empty("ADMIN_USERNAME"))
                .map(|e| e.to_lowercase()),
            login: defaults.login,
            mail,
            password_routes: defaults.password_routes,
            hashing: PasswordHashing {
                slots: match non_empty("PASSWORD_HASH_SLOTS") {
                    Some(raw) => raw.parse().ok().filter(|n| *n > 0).ok_or_else(|| {
                        anyhow::anyhow!(
                            "PASSWORD_HASH_SLOTS must be a whole number from 1, got '{raw}'"
                        )
                    })?,
                    None => defaults.hashing.slots,
                },
                ..defaults.hashing
            },
        })
    }
}
