//! `worker workers` and `worker health`.

use std::time::Duration;

use anyhow::Context;
use jobs::{
    runtime::heartbeat::STALE_AFTER,
    settings::DatabaseUrl,
    store::{Store, fleet_status::SchemaVersion},
};
use serde::Serialize;

use super::print_json;

/// How long `health` waits for the database before calling it unreachable.
const DATABASE_WAIT: Duration = Duration::from_secs(5);

pub async fn workers(store: &Store, json: bool) -> anyhow::Result<()> {
    let processes = store
        .worker_processes()
        .await
        .context("reading worker heartbeats")?;
    let now = chrono::Utc::now().timestamp();
    if json {
        let rows: Vec<_> = processes
            .iter()
            .map(|p| {
                serde_json::json!({
                    "name": p.name, "host": p.host, "pid": p.pid, "version": p.version,
                    "queues": p.queues.split(',').collect::<Vec<_>>(),
                    "startedAt": p.started_at, "lastHeartbeatSecsAgo": now - p.last_seen,
                })
            })
            .collect();
        return print_json(&rows);
    }
    println!(
        "{:<32}  {:<20}  {:>8}  {:<8}  LAST HEARTBEAT",
        "NAME", "HOST", "PID", "VERSION"
    );
    for p in &processes {
        let age = now - p.last_seen;
        let stale = if age > STALE_AFTER.as_secs() as i64 {
            " (stale: presumed dead)"
        } else {
            ""
        };
        println!(
            "{:<32}  {:<20}  {:>8}  {:<8}  {age}s ago{stale}",
            p.name, p.host, p.pid, p.version
        );
    }
    if processes.is_empty() {
        println!("(no worker processes)");
    }
    Ok(())
}

/// One check of `health`.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct Check {
    ok: bool,
    detail: String,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct Health {
    healthy: bool,
    database: Check,
    schema: Check,
    #[serde(skip_serializing_if = "Option::is_none")]
    schema_version: Option<SchemaVersion>,
    heartbeats: Check,
}

/// Prints the fleet's health; true when every check passed.
pub async fn health(url: &DatabaseUrl, json: bool) -> anyhow::Result<bool> {
    let health = check(url).await;
    if json {
        print_json(&health)?;
    } else {
        for (name, check) in [
            ("database", &health.database),
            ("schema", &health.schema),
            ("heartbeats", &health.heartbeats),
        ] {
            let mark = if check.ok { "ok  " } else { "FAIL" };
            println!("{mark} {name:<10} {}", check.detail);
        }
    }
    Ok(health.healthy)
}

async fn check(url: &DatabaseUrl) -> Health {
    let not_checked = || Check {
        ok: false,
        detail: "not checked: the database is unreachable".into(),
    };
    let store = match tokio::time::timeout(DATABASE_WAIT, Store::connect(url)).await {
        Ok(Ok(store)) => store,
        Ok(Err(err)) => return unreachable(url, &err.to_string(), not_checked),
        Err(_) => return unreachable(url, "no answer within 5 s", not_checked),
    };
    if let Err(err) = tokio::time::timeout(DATABASE_WAIT, store.ping())
        .await
        .map_err(|_| "no answer within 5 s".to_string())
        .and_then(|r| r.map_err(|e| e.to_string()))
    {
        return unreachable(url, &err, not_checked);
    }
    let database = Check {
        ok: true,
        detail: format!("{url} answers"),
    };
    let (schema, version) = match store.schema_version().await {
        Ok(version) => (schema_check(&version), Some(version)),
        Err(err) => (
            Check {
                ok: false,
                detail: format!("cannot read the migration history: {err}"),
            },
            None,
        ),
    };
    let heartbeats = match store.worker_processes().await {
        Ok(processes) => {
            let now = chrono::Utc::now().timestamp();
            let fresh = processes
                .iter()
                .filter(|p| now - p.last_seen <= STALE_AFTER.as_secs() as i64)
                .count();
            let stale = processes.len() - fresh;
            Check {
                ok: fresh > 0,
                detail: format!(
                    "{fresh} worker process(es) beat within {} s, {stale} stale",
                    STALE_AFTER.as_secs()
                ),
            }
        }
        Err(err) => Check {
            ok: false,
            detail: format!("cannot read worker heartbeats: {err}"),
        },
    };
    Health {
        healthy: database.ok && schema.ok && heartbeats.ok,
        database,
        schema,
        schema_version: version,
        heartbeats,
    }
}

fn schema_check(version: &SchemaVersion) -> Check {
    let applied = version
        .applied
        .map_or("none".to_string(), |v| format!("{v:04}"));
    let expected = format!("{:04}", version.expected);
    let detail = match version.applied {
        _ if version.is_current() => format!("at {expected}, as this binary expects"),
        Some(v) if v > version.expected => {
            format!("at {applied}, newer than this binary's {expected}: run a newer binary")
        }
        _ => format!("at {applied}, behind this binary's {expected}: run `api migrate`"),
    };
    Check {
        ok: version.is_current(),
        detail,
    }
}

fn unreachable(url: &DatabaseUrl, why: &str, not_checked: impl Fn() -> Check) -> Health {
    Health {
        healthy: false,
        database: Check {
            ok: false,
            detail: format!("{url} unreachable: {why}"),
        },
        schema: not_checked(),
        schema_version: None,
        heartbeats: not_checked(),
    }
}
