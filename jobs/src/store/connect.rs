//! Opening the pool of a `DATABASE_URL` (parsed in `settings`) with the settings each backend needs.

use std::{str::FromStr, time::Duration};

use sqlx::{
    Connection,
    postgres::{PgConnectOptions, PgPoolOptions, PgSslMode},
    sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous},
};

use super::{Store, StoreError, StoreResult};
use crate::settings::{DatabaseUrl, redact};

pub(super) async fn connect(url: &DatabaseUrl) -> StoreResult<Store> {
    match url {
        DatabaseUrl::Sqlite(path) => {
            if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
                std::fs::create_dir_all(dir).map_err(|err| {
                    StoreError::Unavailable(format!(
                        "cannot create the data directory {}: {err}",
                        dir.display()
                    ))
                })?;
            }
            let options = SqliteConnectOptions::new()
                .filename(path)
                .create_if_missing(true)
                .journal_mode(SqliteJournalMode::Wal)
                .synchronous(SqliteSynchronous::Normal)
                .busy_timeout(Duration::from_secs(5))
                .foreign_keys(true)
                // After a checkpoint that empties the log, the file shrinks back to this size
                // instead of keeping its largest size for ever (see `sqlite_wal.rs`).
                .pragma(
                    "journal_size_limit",
                    super::sqlite_wal::JOURNAL_SIZE_LIMIT.to_string(),
                );
            let pool = SqlitePoolOptions::new()
                .max_connections(sqlite_pool_size())
                .acquire_timeout(Duration::from_secs(10))
                .connect_with(options)
                .await
                .map_err(|err| open_error(url, err))?;
            Ok(Store::Sqlite(pool))
        }
        DatabaseUrl::Postgres(raw) => {
            let options = postgres_options(raw)?;
            // One direct connection first: the pool would hide the cause (refused, bad
            // password, no such database) behind a timeout.
            let probe = sqlx::postgres::PgConnection::connect_with(&options.clone())
                .await
                .map_err(|err| open_error(url, err))?;
            let _ = probe.close().await;
            let pool = PgPoolOptions::new()
                .max_connections(postgres_pool_size())
                .acquire_timeout(Duration::from_secs(5))
                .connect_with(options)
                .await
                .map_err(|err| open_error(url, err))?;
            Ok(Store::Postgres(pool))
        }
    }
}

/// The connection options of a Postgres URL, as every connection of ours uses them.
pub fn postgres_options(raw: &str) -> StoreResult<PgConnectOptions> {
    let options = PgConnectOptions::from_str(raw)
        .map_err(|err| StoreError::BadUrl(format!("{}: {err}", redact(raw))))?;
    Ok(if plain_tcp_on_loopback(raw, &options) {
        options.ssl_mode(PgSslMode::Disable)
    } else {
        options
    })
}

/// Whether to reach this Postgres without TLS: a server on this machine, and neither the URL
/// (`sslmode`) nor `PGSSLMODE` says how. TLS to loopback protects nothing (the bytes never
/// leave the machine), and with sqlx 0.9.0 it is slow: sqlx no longer sets `TCP_NODELAY`
/// (transact-rs/sqlx#4335, fixed upstream, not released), so the handshake waits on delayed
/// ACKs and each new connection took ~180 ms instead of ~10 (measured with the worker's start).
fn plain_tcp_on_loopback(raw: &str, options: &PgConnectOptions) -> bool {
    let mode_given = std::env::var_os("PGSSLMODE").is_some()
        || url::Url::parse(raw).map_or(true, |url| {
            url.query_pairs()
                .any(|(key, _)| key == "sslmode" || key == "ssl-mode")
        });
    let host = options
        .get_host()
        .trim_start_matches('[')
        .trim_end_matches(']');
    let loopback = host == "localhost"
        || host
            .parse::<std::net::IpAddr>()
            .is_ok_and(|ip| ip.is_loopback());
    !mode_given && options.get_socket().is_none() && loopback
}

/// Connections in a SQLite pool (`SQLITE_POOL_SIZE`, default 8). SQLite takes one writer at a
/// time and makes the others sleep and retry, so fewer connections can mean more throughput.
fn sqlite_pool_size() -> u32 {
    std::env::var("SQLITE_POOL_SIZE")
        .ok()
        .and_then(|v| v.parse().ok())
        .filter(|n| *n > 0)
        .unwrap_or(8)
}

/// Connections one process may hold on a Postgres server (`DATABASE_MAX_CONNECTIONS`, default
/// 16). A worker holds one listening connection for its new-job wake-ups (all its queues share
/// it, `runtime::poll`) for as long as it runs; the rest serve the jobs it runs and its
/// heartbeat. A larger pool is not faster on a small server: in a burst each extra connection
/// is a new server process paying its start-up. Every process holds its own pool: the sum over
/// the fleet must stay under the server's `max_connections`; the README's scale-out section
/// does the arithmetic.
fn postgres_pool_size() -> u32 {
    std::env::var("DATABASE_MAX_CONNECTIONS")
        .ok()
        .and_then(|v| v.trim().parse().ok())
        .filter(|n| *n > 0)
        .unwrap_or(16)
}

/// Turns a connection failure into a message that names the database (without secrets).
fn open_error(url: &DatabaseUrl, err: sqlx::Error) -> StoreError {
    StoreError::Unavailable(format!("cannot open the database {url}: {err}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_server_on_this_machine_is_reached_without_tls_unless_the_url_says() {
        let plain =
            |raw: &str| plain_tcp_on_loopback(raw, &PgConnectOptions::from_str(raw).unwrap());
        // (Assumes PGSSLMODE is unset, as in CI.)
        assert!(plain("postgres://u@127.0.0.1:5432/db"));
        assert!(plain("postgres://u@localhost/db"));
        assert!(plain("postgres://u@[::1]:5432/db"));
        assert!(!plain("postgres://u@127.0.0.1/db?sslmode=require"));
        assert!(!plain("postgres://u@127.0.0.1/db?sslmode=prefer"));
        assert!(!plain("postgres://u@db.example/db"));
        assert!(!plain("postgres://u@10.0.0.5/db"));
    }
}
