//! `worker schedules`: each schedule with its next three firings (UTC and the admin page's Los
//! Angeles time), its last run and what that run did.

use anyhow::Context;
use chrono::{DateTime, Utc};
use jobs::{
    schedules::{self, ScheduleSpec, display_label},
    store::Store,
};
use serde::Serialize;

use super::print_json;

/// How many upcoming firings are shown.
const NEXT_SHOWN: usize = 3;

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct ScheduleRow {
    id: i64,
    name: String,
    enabled: bool,
    market_hours_only: bool,
    next_utc: Vec<DateTime<Utc>>,
    next_los_angeles: Vec<String>,
    last_run: Option<DateTime<Utc>>,
    last_outcome: Option<String>,
}

pub async fn schedules(store: &Store, json: bool) -> anyhow::Result<()> {
    let now = Utc::now();
    let rows: Vec<ScheduleRow> = schedules::list(store)
        .await
        .context("reading the schedules")?
        .iter()
        .map(|job| {
            let next = ScheduleSpec::from(job).next_runs(now, NEXT_SHOWN);
            ScheduleRow {
                id: job.id,
                name: job.name.clone(),
                enabled: job.is_enabled,
                market_hours_only: job.market_hours_only,
                next_los_angeles: next.iter().map(|at| display_label(*at)).collect(),
                next_utc: next,
                last_run: job.last_run_time,
                last_outcome: job.last_outcome.clone(),
            }
        })
        .collect();
    if json {
        return print_json(&rows);
    }
    if rows.is_empty() {
        println!("no schedules");
    }
    for row in &rows {
        let state = if row.enabled { "enabled" } else { "disabled" };
        println!("{}  {}  ({state})", row.id, row.name);
        for (utc, local) in row.next_utc.iter().zip(&row.next_los_angeles) {
            println!("    next  {}  {local}", utc.format("%Y-%m-%d %H:%M UTC"));
        }
        let last = row.last_run.map_or("never".to_string(), |at| {
            at.format("%Y-%m-%d %H:%M UTC").to_string()
        });
        println!(
            "    last  {last}  {}",
            row.last_outcome.as_deref().unwrap_or("")
        );
    }
    Ok(())
}
