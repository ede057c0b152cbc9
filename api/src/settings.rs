//! The API's configuration: the shared settings plus what only the API reads.

use std::path::PathBuf;

use jobs::{
    settings::{CommonSettings, non_empty},
    store::{Backend, DatabaseUrl},
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

/// A boolean variable: 1/true/yes or 0/false/no.
fn flag(name: &str) -> Option<bool> {
    non_empty(name).map(|v| matches!(v.to_lowercase().as_str(), "1" | "true" | "yes" | "on"))
}
