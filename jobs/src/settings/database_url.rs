//! `DATABASE_URL`, parsed, and hiding passwords in any URL that may end up in a log or an
//! error message. Opening the pool is the store's (`store::connect`).

use std::{fmt, path::PathBuf, str::FromStr};

use sqlx::postgres::PgConnectOptions;

use super::SettingsError;

/// Default database when `DATABASE_URL` is unset: a SQLite file created on first start.
pub const DEFAULT_SQLITE_PATH: &str = "data/askbubba.db";

/// A parsed `DATABASE_URL`. `Debug`/`Display` never show a password.
#[derive(Clone, PartialEq, Eq)]
pub enum DatabaseUrl {
    Sqlite(PathBuf),
    Postgres(String),
}

impl DatabaseUrl {
    /// The default embedded database, relative to the working directory.
    pub fn default_sqlite() -> Self {
        DatabaseUrl::Sqlite(PathBuf::from(DEFAULT_SQLITE_PATH))
    }

    /// Reads `DATABASE_URL`, falling back to the embedded SQLite file.
    pub fn from_env() -> Result<Self, SettingsError> {
        match std::env::var("DATABASE_URL") {
            Ok(raw) if !raw.trim().is_empty() => raw.parse(),
            _ => Ok(Self::default_sqlite()),
        }
    }
}

impl FromStr for DatabaseUrl {
    type Err = SettingsError;

    fn from_str(raw: &str) -> Result<Self, SettingsError> {
        let raw = raw.trim();
        if let Some(rest) = raw.strip_prefix("sqlite:") {
            let path = rest.trim_start_matches("//");
            let path = path.split('?').next().unwrap_or_default();
            if path.is_empty() || path == ":memory:" {
                return Err(SettingsError::DatabaseUrl(
                    "sqlite URL needs a file path, e.g. sqlite://data/askbubba.db".into(),
                ));
            }
            return Ok(DatabaseUrl::Sqlite(PathBuf::from(path)));
        }
        if raw.starts_with("postgres://") || raw.starts_with("postgresql://") {
            PgConnectOptions::from_str(raw)
                .map_err(|err| SettingsError::DatabaseUrl(format!("{}: {err}", redact(raw))))?;
            return Ok(DatabaseUrl::Postgres(raw.to_string()));
        }
        Err(SettingsError::DatabaseUrl(format!(
            "'{}' is neither sqlite://PATH nor postgres://USER@HOST/DB",
            redact(raw)
        )))
    }
}

/// Hides the password of a URL such as `postgres://user:secret@host/db`, even when the rest
/// of the URL does not parse (a malformed URL is exactly when it ends up in an error message).
pub fn redact(raw: &str) -> String {
    if let Ok(mut url) = url::Url::parse(raw) {
        if url.password().is_some() {
            let _ = url.set_password(Some("***"));
        }
        return url.to_string();
    }
    let Some(start) = raw.find("://").map(|i| i + 3) else {
        return raw.to_string();
    };
    match raw[start..].rfind('@').map(|i| start + i) {
        Some(at) => match raw[start..at].find(':') {
            Some(colon) => format!("{}:***{}", &raw[..start + colon], &raw[at..]),
            None => raw.to_string(),
        },
        None => raw.to_string(),
    }
}

impl fmt::Debug for DatabaseUrl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl fmt::Display for DatabaseUrl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DatabaseUrl::Sqlite(path) => write!(f, "sqlite://{}", path.display()),
            DatabaseUrl::Postgres(raw) => f.write_str(&redact(raw)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_both_schemes_and_rejects_others() {
        assert_eq!(
            "sqlite://data/x.db".parse::<DatabaseUrl>().unwrap(),
            DatabaseUrl::Sqlite("data/x.db".into())
        );
        assert!(matches!(
            "postgres://u@127.0.0.1/db".parse::<DatabaseUrl>(),
            Ok(DatabaseUrl::Postgres(_))
        ));
        let err = "mysql://x".parse::<DatabaseUrl>().unwrap_err().to_string();
        assert!(err.contains("neither sqlite"), "{err}");
        assert!("sqlite::memory:".parse::<DatabaseUrl>().is_err());
    }

    #[test]
    fn never_shows_a_password() {
        let url: DatabaseUrl = "postgres://bob:hunter2@db.example/prod".parse().unwrap();
        assert!(!format!("{url:?} {url}").contains("hunter2"));
        let err = "postgres://bob:hunter2@db:notaport/x"
            .parse::<DatabaseUrl>()
            .unwrap_err()
            .to_string();
        assert!(!err.contains("hunter2"), "{err}");
    }
}
