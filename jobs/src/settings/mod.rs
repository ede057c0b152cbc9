//! Configuration both binaries share, from environment variables, each with a default that
//! runs out of the box. `Debug` never shows a password.

use std::{env, path::PathBuf, time::Duration};

mod database_url;

pub use database_url::{DEFAULT_SQLITE_PATH, DatabaseUrl, redact};

/// A setting that cannot be used, naming the variable.
#[derive(Debug, thiserror::Error)]
pub enum SettingsError {
    #[error("invalid database URL: {0}")]
    DatabaseUrl(String),
    #[error("{0}")]
    Invalid(String),
}

/// Settings read by both `api` and `worker`.
#[derive(Debug, Clone)]
pub struct CommonSettings {
    pub database_url: DatabaseUrl,
    /// Fleet-wide limits, throttles and sessions live in Redis when set; in-process otherwise.
    pub redis_url: Option<RedactedUrl>,
    /// Prefix of every Redis key (`REDIS_KEY_PREFIX`), so deployments can share a server.
    pub redis_prefix: String,
    /// Snapshot mode: read market data from this folder instead of the live sources.
    pub market_data_dir: Option<PathBuf>,
    /// SEC fair access asks for a User-Agent naming the operator and a contact address.
    pub sec_user_agent: String,
    /// Base URL of www.sec.gov (ticker lists, filings), overridable for tests.
    pub sec_www_base_url: String,
    /// Base URL of data.sec.gov (company facts, submissions), overridable for tests.
    pub sec_data_base_url: String,
    /// Base URL of Stooq's daily price CSV, overridable for tests.
    pub stooq_base_url: String,
    /// Base URL of FRED (10-year Treasury), overridable for tests.
    pub fred_base_url: String,
    /// Base URL of FINRA's CDN (short-interest files), overridable for tests.
    pub finra_base_url: String,
    /// How long a stored analysis counts as fresh.
    pub analysis_max_age: Duration,
    /// SMTP for the outbox's send job (`SMTP_URL`, `MAIL_FROM`; without SMTP mail stays in
    /// the outbox and is logged).
    pub mail: MailSettings,
    /// RSS/Atom feeds the `SyncContent` job reads into the home page's content feed
    /// (`CONTENT_FEEDS`, comma-separated URLs; empty: nothing to sync).
    pub content_feeds: Vec<String>,
    /// The binary that reads uploaded documents in a child process (`PDF_EXTRACTOR`; default:
    /// this very binary, `api` or `worker`, which both answer `documents::sandbox::CHILD_ARG`).
    pub pdf_extractor: Option<PathBuf>,
    /// Whether a company's first analysis queues the backfill of its past quarters
    /// (`HISTORY_BACKFILL`, default on; `off` leaves history to the admin's backfill).
    pub backfill_history_on_first_analysis: bool,
    /// Where the web app is served (`PUBLIC_BASE_URL`): links in e-mails a worker writes (the
    /// digest's unsubscribe link).
    pub public_base_url: String,
    /// Where the nightly market run reads SEC's bulk files (`jobs/docs/market.md`).
    pub market_run: MarketRunSettings,
}

/// The nightly scoring of every filer from SEC's bulk files (`ScoreMarket`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MarketRunSettings {
    /// Whether the scheduler queues it each trading day (`MARKET_RUN_NIGHTLY`, `on` or `off`;
    /// default on; only in live mode).
    pub nightly: bool,
    /// A `companyfacts.zip` or a folder of `CIK##########.json(.gz)` files to read instead of
    /// downloading (`MARKET_FACTS_PATH`; snapshot mode defaults to the snapshot's
    /// `sec/companyfacts`).
    pub facts_path: Option<PathBuf>,
    /// The same for submissions (`MARKET_SUBMISSIONS_PATH`; snapshot: `sec/submissions`).
    pub submissions_path: Option<PathBuf>,
    /// Where live mode downloads the bulk files (`MARKET_DOWNLOAD_DIR`, default
    /// `./data/market-bulk`).
    pub download_dir: PathBuf,
}

impl MarketRunSettings {
    /// From the environment.
    pub fn from_env() -> Result<Self, SettingsError> {
        Ok(MarketRunSettings {
            nightly: on_or_off("MARKET_RUN_NIGHTLY", true)?,
            facts_path: non_empty("MARKET_FACTS_PATH").map(PathBuf::from),
            submissions_path: non_empty("MARKET_SUBMISSIONS_PATH").map(PathBuf::from),
            download_dir: non_empty("MARKET_DOWNLOAD_DIR")
                .map_or_else(|| PathBuf::from("./data/market-bulk"), PathBuf::from),
        })
    }
}

/// A switch read from `name`: `on` or `off`, `default` when unset.
fn on_or_off(name: &str, default: bool) -> Result<bool, SettingsError> {
    match non_empty(name).map(|v| v.to_ascii_lowercase()).as_deref() {
        None => Ok(default),
        Some("on") => Ok(true),
        Some("off") => Ok(false),
        Some(other) => Err(SettingsError::Invalid(format!(
            "{name} must be on or off, got '{other}'"
        ))),
    }
}

/// A URL whose password is hidden when printed.
#[derive(Clone, PartialEq, Eq)]
pub struct RedactedUrl(pub String);

impl std::fmt::Debug for RedactedUrl {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&redact(&self.0))
    }
}

impl CommonSettings {
    /// Reads the shared variables; a malformed value is an error naming the variable.
    pub fn from_env() -> Result<Self, SettingsError> {
        let hours: u64 = match non_empty("ANALYSIS_MAX_AGE_HOURS") {
            Some(raw) => raw.parse().map_err(|_| {
                SettingsError::Invalid(format!(
                    "ANALYSIS_MAX_AGE_HOURS must be a whole number of hours, got '{raw}'"
                ))
            })?,
            None => 24,
        };
        Ok(CommonSettings {
            database_url: DatabaseUrl::from_env()?,
            redis_url: non_empty("REDIS_URL").map(RedactedUrl),
            redis_prefix: non_empty("REDIS_KEY_PREFIX").unwrap_or_else(|| "askbubba".into()),
            market_data_dir: non_empty("MARKET_DATA_DIR").map(PathBuf::from),
            sec_user_agent: non_empty("SEC_USER_AGENT").unwrap_or_else(|| {
                "AskBubba/0.1 (operator contact: admin@askbubba.example)".into()
            }),
            sec_www_base_url: non_empty("SEC_WWW_BASE_URL")
                .unwrap_or_else(|| "https://www.sec.gov".into()),
            sec_data_base_url: non_empty("SEC_DATA_BASE_URL")
                .unwrap_or_else(|| "https://data.sec.gov".into()),
            stooq_base_url: non_empty("STOOQ_BASE_URL")
                .unwrap_or_else(|| "https://stooq.com".into()),
            fred_base_url: non_empty("FRED_BASE_URL")
                .unwrap_or_else(|| "https://fred.stlouisfed.org".into()),
            finra_base_url: non_empty("FINRA_BASE_URL")
                .unwrap_or_else(|| "https://cdn.finra.org".into()),
            analysis_max_age: Duration::from_secs(hours * 3600),
            mail: MailSettings::from_env(),
            content_feeds: non_empty("CONTENT_FEEDS")
                .map(|raw| {
                    raw.split(',')
                        .map(|url| url.trim().to_string())
                        .filter(|url| !url.is_empty())
                        .collect()
                })
                .unwrap_or_default(),
            pdf_extractor: non_empty("PDF_EXTRACTOR").map(PathBuf::from),
            backfill_history_on_first_analysis: match non_empty("HISTORY_BACKFILL")
                .map(|v| v.to_ascii_lowercase())
                .as_deref()
            {
                None | Some("on") => true,
                Some("off") => false,
                Some(other) => {
                    return Err(SettingsError::Invalid(format!(
                        "HISTORY_BACKFILL must be on or off, got '{other}'"
                    )));
                }
            },
            public_base_url: non_empty("PUBLIC_BASE_URL")
                .unwrap_or_else(|| "http://localhost:8080".into())
                .trim_end_matches('/')
                .to_string(),
            market_run: MarketRunSettings::from_env()?,
        })
    }
}

/// An environment variable that is set and not blank.
pub fn non_empty(name: &str) -> Option<String> {
    env::var(name)
        .ok()
        .map(|v| v.trim().to_string())
        .filter(|v| !v.is_empty())
}

/// Default sender when `MAIL_FROM` is unset.
pub const DEFAULT_MAIL_FROM: &str = "Ask Bubba <no-reply@askbubba.example>";

/// Mail configuration: `SMTP_URL` (e.g. `smtps://user:pass@smtp.example.com:465` or
/// `smtp://localhost:25`) and `MAIL_FROM`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MailSettings {
    pub smtp_url: Option<RedactedUrl>,
    pub from: String,
}

impl Default for MailSettings {
    fn default() -> Self {
        MailSettings {
            smtp_url: None,
            from: DEFAULT_MAIL_FROM.into(),
        }
    }
}

impl MailSettings {
    pub fn from_env() -> Self {
        MailSettings {
            smtp_url: non_empty("SMTP_URL").map(RedactedUrl),
            from: non_empty("MAIL_FROM").unwrap_or_else(|| DEFAULT_MAIL_FROM.into()),
        }
    }
}
