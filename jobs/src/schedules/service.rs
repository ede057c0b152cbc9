//! The schedules' operations: CRUD for the admin API, Run Now, and firing for the scheduler
//! (`fire_due`) and the `RunSchedule` job (`run_tick`).

use std::time::Duration;

use chrono::{DateTime, Utc};

use super::{
    MAX_SCHEDULES, ScheduleInput, ScheduleSpec, ScheduledJob, TOO_MANY_SCHEDULES, display_label,
    validate,
};
use crate::{
    batch::{self, StartError},
    queue::{JobQueue, QueueError},
    store::{
        Store, StoreError,
        batches::BatchOrigin,
        schedules::{ScheduleBatch, ScheduleFields, ScheduleRow},
    },
    tasks::run_schedule::RunSchedule,
};

/// Why a schedule operation failed.
#[derive(Debug, thiserror::Error)]
pub enum ScheduleError {
    /// Bad input, for people.
    #[error("{0}")]
    Invalid(String),
    #[error("No such schedule.")]
    NotFound,
    /// Run Now could not start its batch (one runs, or the cool-down lasts).
    #[error(transparent)]
    Start(#[from] StartError),
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error(transparent)]
    Queue(#[from] QueueError),
}

/// Every schedule with its next run in Los Angeles time and its last outcome.
pub async fn list(store: &Store) -> Result<Vec<ScheduledJob>, StoreError> {
    let rows = store.schedules().await?;
    let batch_ids: Vec<i64> = rows.iter().filter_map(|r| r.last_batch_id).collect();
    let batches = store.schedule_batches(&batch_ids).await?;
    Ok(rows.into_iter().map(|r| to_wire(r, &batches)).collect())
}

async fn one(store: &Store, id: i64) -> Result<ScheduledJob, ScheduleError> {
    let row = store.schedule(id).await?.ok_or(ScheduleError::NotFound)?;
    let batches = store
        .schedule_batches(&row.last_batch_id.into_iter().collect::<Vec<_>>())
        .await?;
    Ok(to_wire(row, &batches))
}

pub async fn create(
    store: &Store,
    input: &ScheduleInput,
    created_by: Option<&str>,
    now: DateTime<Utc>,
) -> Result<ScheduledJob, ScheduleError> {
    let spec = checked(store, input).await?;
    if store.schedules().await?.len() >= MAX_SCHEDULES {
        return Err(ScheduleError::Invalid(TOO_MANY_SCHEDULES.into()));
    }
    let id = store
        .create_schedule(&fields(&spec, now), created_by, now)
        .await?;
    one(store, id).await
}

/// Replaces a schedule (the enable switch sends the whole record with the flag flipped); the
/// next run is computed afresh from `now`, so re-enabling never fires a backlog.
pub async fn update(
    store: &Store,
    id: i64,
    input: &ScheduleInput,
    now: DateTime<Utc>,
) -> Result<ScheduledJob, ScheduleError> {
    let spec = checked(store, input).await?;
    if !store.update_schedule(id, &fields(&spec, now), now).await? {
        return Err(ScheduleError::NotFound);
    }
    one(store, id).await
}

/// [`validate`], and no preferred, warrant, unit, note or fund among the stocks (the one
/// rule of `securities`; another class of a company is kept: its batch analyses the main
/// ticker).
async fn checked(store: &Store, input: &ScheduleInput) -> Result<ScheduleSpec, ScheduleError> {
    let spec = validate(input).map_err(ScheduleError::Invalid)?;
    let chosen = batch::eligible_symbols(store, &spec.selected_stocks).await?;
    if !chosen.refused.is_empty() {
        return Err(ScheduleError::Invalid(chosen.refused.join(" ")));
    }
    Ok(spec)
}

pub async fn delete(store: &Store, id: i64) -> Result<bool, StoreError> {
    store.delete_schedule(id).await
}

/// Starts the schedule's batch now with `delay_seconds` between stocks (the spec fixes 5).
/// Answers the batch id.
pub async fn run_now(
    queue: &JobQueue,
    id: i64,
    delay_seconds: Option<u32>,
    started_by: Option<&str>,
    now: DateTime<Utc>,
) -> Result<i64, ScheduleError> {
    let store = queue.store();
    let row = store.schedule(id).await?.ok_or(ScheduleError::NotFound)?;
    let request = batch::StartRequest {
        symbols: row.selected_stocks.0.clone(),
        delay_seconds: Some(delay_seconds.unwrap_or(batch::QUICK_DELAY_SECS)),
    };
    let (symbols, delay) = batch::validate(&request).map_err(ScheduleError::Invalid)?;
    let origin = BatchOrigin {
        schedule_id: id,
        tick: None,
    };
    let delay = Duration::from_secs(u64::from(delay));
    let batch_id = batch::start_for(queue, &symbols, delay, started_by, Some(origin), now).await?;
    let outcome = format!("Batch {batch_id} started (Run Now)");
    store
        .record_schedule_outcome(id, &outcome, Some(batch_id), now)
        .await?;
    Ok(batch_id)
}

/// One scheduler tick: queues one `RunSchedule` job per due schedule, keyed by schedule and
/// tick (so racing schedulers queue it once), then moves the schedule's next run past `now`
/// (so ticks missed while everything was down fire once, not once each). Answers how many
/// schedules this call moved.
pub async fn fire_due(queue: &JobQueue, now: DateTime<Utc>) -> Result<usize, ScheduleError> {
    let mut fired = 0;
    for row in queue.store().due_schedules(now).await? {
        let Some(tick) = row.next_run_time else {
            continue;
        };
        queue
            .enqueue_once(&RunSchedule {
                schedule_id: row.id,
                tick,
            })
            .await?;
        let next = spec_of(&row).next_run(now);
        if queue
            .store()
            .advance_schedule(row.id, tick, next, now)
            .await?
        {
            fired += 1;
            tracing::info!(schedule = row.id, %tick, ?next, "schedule fired");
        }
    }
    Ok(fired)
}

/// What a `RunSchedule` job did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TickOutcome {
    Started(i64),
    /// The tick's batch exists already (a duplicate delivery).
    AlreadyFired(i64),
    /// Deleted, disabled, or refused (a batch ran or the cool-down lasted), with the reason.
    Skipped(String),
}

/// Starts the batch of schedule `id` for `tick`, once: a second run for the same tick finds
/// its batch (or loses the unique index's race) and does nothing.
pub async fn run_tick(
    queue: &JobQueue,
    id: i64,
    tick: DateTime<Utc>,
    now: DateTime<Utc>,
) -> Result<TickOutcome, ScheduleError> {
    let store = queue.store();
    let Some(row) = store.schedule(id).await? else {
        return Ok(TickOutcome::Skipped("the schedule was deleted".into()));
    };
    if !row.is_enabled {
        return Ok(TickOutcome::Skipped("the schedule is disabled".into()));
    }
    if let Some(batch_id) = store.batch_for_tick(id, tick).await? {
        return Ok(TickOutcome::AlreadyFired(batch_id));
    }
    let origin = BatchOrigin {
        schedule_id: id,
        tick: Some(tick),
    };
    let delay = Duration::from_secs(u64::from(batch::DEFAULT_DELAY_SECS));
    let stocks = &row.selected_stocks.0;
    match batch::start_for(queue, stocks, delay, Some("scheduler"), Some(origin), now).await {
        Ok(batch_id) => {
            let outcome = format!("Batch {batch_id} started");
            store
                .record_schedule_outcome(id, &outcome, Some(batch_id), now)
                .await?;
            Ok(TickOutcome::Started(batch_id))
        }
        Err(StartError::NotNow(why)) => {
            if let Some(batch_id) = store.batch_for_tick(id, tick).await? {
                return Ok(TickOutcome::AlreadyFired(batch_id));
            }
            let reason = why.reason.unwrap_or_else(|| batch::ALREADY_RUNNING.into());
            store
                .record_schedule_outcome(id, &format!("Skipped: {reason}"), None, now)
                .await?;
            Ok(TickOutcome::Skipped(reason))
        }
        Err(err) => Err(err.into()),
    }
}

fn fields(spec: &ScheduleSpec, now: DateTime<Utc>) -> ScheduleFields<'_> {
    ScheduleFields {
        name: &spec.name,
        selected_stocks: &spec.selected_stocks,
        frequency: &spec.frequency,
        days_of_week: &spec.days_of_week,
        times: &spec.times,
        is_enabled: spec.is_enabled,
        market_hours_only: spec.market_hours_only,
        interval_minutes: spec.interval_minutes.map(|m| m as i32),
        next_run_time: spec.next_run(now),
    }
}

fn spec_of(row: &ScheduleRow) -> ScheduleSpec {
    ScheduleSpec {
        name: row.name.clone(),
        selected_stocks: row.selected_stocks.0.clone(),
        frequency: row.frequency.clone(),
        days_of_week: row.days_of_week.0.clone(),
        times: row.times.0.clone(),
        is_enabled: row.is_enabled,
        market_hours_only: row.market_hours_only,
        interval_minutes: row.interval_minutes.and_then(|m| u32::try_from(m).ok()),
    }
}

fn to_wire(row: ScheduleRow, batches: &[ScheduleBatch]) -> ScheduledJob {
    let batch = row
        .last_batch_id
        .and_then(|id| batches.iter().find(|b| b.id == id));
    let last_outcome = match batch {
        Some(b) => Some(format!(
            "Batch {} {}: {} of {} stocks",
            b.id,
            match b.status.as_str() {
                "failed" => "errored",
                other => other,
            },
            b.completed_tickers,
            b.total_tickers
        )),
        None => row.last_outcome.clone(),
    };
    ScheduledJob {
        id: row.id,
        name: row.name,
        selected_stocks: row.selected_stocks.0,
        frequency: row.frequency,
        days_of_week: row.days_of_week.0,
        times: row.times.0,
        is_enabled: row.is_enabled,
        market_hours_only: row.market_hours_only,
        interval_minutes: row.interval_minutes.and_then(|m| u32::try_from(m).ok()),
        next_run_label: row.next_run_time.map(display_label),
        next_run_time: row.next_run_time,
        last_run_time: row.last_run_time,
        created_by: row.created_by,
        last_outcome,
    }
}
