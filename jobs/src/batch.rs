//! Batch re-analysis: the admin picks stocks and a delay; each stock becomes a child
//! `BatchAnalysis` job on the durable queue, due `position × delay` after the start, so a
//! batch survives restarts. One batch runs at a time and a cool-down follows each one.

use std::time::Duration;

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use crate::{
    queue::{JobQueue, QueueError},
    securities::Eligibility,
    store::{
        Store, StoreError,
        batches::{BatchOrigin, BatchRun},
    },
    symbol::TickerSymbol,
    tasks::batch_analysis::BatchAnalysis,
};

/// The delay input's bounds and step, and its default.
pub const MIN_DELAY_SECS: u32 = 5;
pub const MAX_DELAY_SECS: u32 = 300;
pub const DELAY_STEP_SECS: u32 = 5;
pub const DEFAULT_DELAY_SECS: u32 = 30;
/// Quick Run and a schedule's Run Now use this fixed delay.
pub const QUICK_DELAY_SECS: u32 = 5;
/// How long after a batch ends the next may start (the spec does not show it to the admin).
pub const COOL_DOWN: Duration = Duration::from_secs(120);
/// The most stocks one batch takes (the whole snapshot is 83).
pub const MAX_SYMBOLS: usize = 500;

pub const NO_STOCKS: &str = "Please select at least one stock to analyze.";
pub const ALREADY_RUNNING: &str = "A batch job is already running.";

/// `GET /api/admin/batch-job/status`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct BatchStatus {
    pub is_running: bool,
    pub completed_tickers: u32,
    pub total_tickers: u32,
    pub current_ticker: Option<String>,
    pub started_at: Option<DateTime<Utc>>,
    pub completed_at: Option<DateTime<Utc>>,
    pub error_message: Option<String>,
    /// `running`, `completed`, `stopped` or `errored` (the spec's names); absent before the
    /// first batch.
    pub state: Option<String>,
}

/// `GET /api/admin/batch-job/can-start`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct CanStart {
    pub can_start: bool,
    pub reason: Option<String>,
    /// Seconds until a start is allowed (0 when it is).
    pub wait_time: u64,
}

/// One row of the results history.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct BatchResult {
    pub id: i64,
    pub ticker_symbol: String,
    pub company_name: Option<String>,
    pub industry: Option<String>,
    pub score: Option<i32>,
    pub analysis_date: Option<DateTime<Utc>>,
}

/// `POST /api/admin/batch-job/start`'s body.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct StartRequest {
    #[serde(default)]
    pub symbols: Vec<String>,
    pub delay_seconds: Option<u32>,
}

/// Why a batch did not start.
#[derive(Debug, thiserror::Error)]
pub enum StartError {
    /// Bad input, for people.
    #[error("{0}")]
    Invalid(String),
    /// Another batch runs, or the cool-down is not over.
    #[error("{}", .0.reason.as_deref().unwrap_or(ALREADY_RUNNING))]
    NotNow(CanStart),
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error(transparent)]
    Queue(#[from] QueueError),
}

/// Checks the admin's choice: at least one stock, each a well-formed ticker (upper-cased,
/// duplicates dropped, order kept), and a delay of 5-300 s in steps of 5 (default 30).
pub fn validate(request: &StartRequest) -> Result<(Vec<String>, u32), String> {
    let mut symbols: Vec<String> = Vec::new();
    for raw in &request.symbols {
        let symbol = TickerSymbol::parse(Some(raw)).map_err(|err| err.to_string())?;
        if !symbols.iter().any(|s| s == symbol.as_str()) {
            symbols.push(symbol.as_str().to_string());
        }
    }
    if symbols.is_empty() {
        return Err(NO_STOCKS.into());
    }
    if symbols.len() > MAX_SYMBOLS {
        return Err(format!("A batch takes at most {MAX_SYMBOLS} stocks."));
    }
    let delay = request.delay_seconds.unwrap_or(DEFAULT_DELAY_SECS);
    if !(MIN_DELAY_SECS..=MAX_DELAY_SECS).contains(&delay) || !delay.is_multiple_of(DELAY_STEP_SECS)
    {
        return Err(format!(
            "The delay must be {MIN_DELAY_SECS} to {MAX_DELAY_SECS} seconds in steps of {DELAY_STEP_SECS}."
        ));
    }
    Ok((symbols, delay))
}

/// Whether a batch may start at `now`: not while one runs, nor within the cool-down after
/// the last one ended.
pub fn can_start(
    latest: Option<&BatchRun>,
    last_end: Option<DateTime<Utc>>,
    now: DateTime<Utc>,
) -> CanStart {
    if latest.is_some_and(|b| b.status == "running") {
        return CanStart {
            can_start: false,
            reason: Some(ALREADY_RUNNING.into()),
            wait_time: 0,
        };
    }
    let cool_down = chrono::Duration::from_std(COOL_DOWN).unwrap_or_default();
    if let Some(ended) = last_end
        && now < ended + cool_down
    {
        let left = (ended + cool_down - now).num_milliseconds().max(0) as u64;
        let wait = left.div_ceil(1000);
        return CanStart {
            can_start: false,
            reason: Some(format!(
                "Must wait {} more minutes after previous job completion",
                wait.div_ceil(60)
            )),
            wait_time: wait,
        };
    }
    CanStart {
        can_start: true,
        reason: None,
        wait_time: 0,
    }
}

/// [`can_start`] against the store.
pub async fn check(store: &Store, now: DateTime<Utc>) -> Result<CanStart, StoreError> {
    let latest = store.latest_batch().await?;
    let last_end = store.last_batch_end().await?;
    Ok(can_start(latest.as_ref(), last_end, now))
}

/// Starts a batch of `symbols` (already validated) with children `delay` apart. Answers the
/// batch id. `delay` may be zero here (the benchmark); the API only passes 5-300 s. A
/// security that is not common stock is refused with the reason (the admin chose it).
pub async fn start(
    queue: &JobQueue,
    symbols: &[String],
    delay: Duration,
    started_by: Option<&str>,
    now: DateTime<Utc>,
) -> Result<i64, StartError> {
    let chosen = eligible_symbols(queue.store(), symbols).await?;
    if !chosen.refused.is_empty() {
        return Err(StartError::Invalid(chosen.refused.join(" ")));
    }
    start_for(queue, symbols, delay, started_by, None, now).await
}

/// A choice of stocks sorted by the one rule of `securities`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Eligible {
    /// What is analysed, in the chosen order: common stocks, another class replaced by its
    /// main ticker (GOOG -> GOOGL), duplicates dropped. Tickers missing from SEC's list stay
    /// (their child reports it).
    pub symbols: Vec<String>,
    /// Why each refused ticker is refused (preferreds, warrants, units, notes, funds).
    pub refused: Vec<String>,
}

/// Sorts `symbols` by [`crate::securities::eligibility`].
pub async fn eligible_symbols(store: &Store, symbols: &[String]) -> Result<Eligible, StoreError> {
    let mut chosen = Eligible::default();
    for symbol in symbols {
        match crate::securities::eligibility_in(store, symbol).await? {
            Some(Eligibility::Refuse { message }) => chosen.refused.push(message),
            Some(Eligibility::Analyse { symbol: main }) => {
                if !chosen.symbols.contains(&main) {
                    chosen.symbols.push(main);
                }
            }
            None => {
                if !chosen.symbols.contains(symbol) {
                    chosen.symbols.push(symbol.clone());
                }
            }
        }
    }
    Ok(chosen)
}

/// [`start`] for a schedule's firing or Run Now (`origin`).
pub async fn start_for(
    queue: &JobQueue,
    symbols: &[String],
    delay: Duration,
    started_by: Option<&str>,
    origin: Option<BatchOrigin>,
    now: DateTime<Utc>,
) -> Result<i64, StartError> {
    let store = queue.store();
    let allowed = check(store, now).await?;
    if !allowed.can_start {
        return Err(StartError::NotNow(allowed));
    }
    // A schedule saved before the rule may hold a preferred: it is left out, the rest run.
    let chosen = eligible_symbols(store, symbols).await?;
    let symbols = chosen.symbols.as_slice();
    if symbols.is_empty() {
        return Err(StartError::Invalid(if chosen.refused.is_empty() {
            NO_STOCKS.into()
        } else {
            chosen.refused.join(" ")
        }));
    }
    let delay_secs = delay.as_secs().min(u64::from(MAX_DELAY_SECS)) as i32;
    // The batch, its children and their jobs commit together: a process killed half-way
    // leaves no batch "running" without the jobs that would end it.
    let mut tx = store.begin().await?;
    let id = match tx
        .insert_batch(symbols, delay_secs, started_by, origin, now)
        .await
    {
        Ok(id) => id,
        // The one-running index refused: a start raced this one and won.
        Err(StoreError::Conflict { .. }) => {
            return Err(StartError::NotNow(CanStart {
                can_start: false,
                reason: Some(ALREADY_RUNNING.into()),
                wait_time: 0,
            }));
        }
        Err(err) => return Err(err.into()),
    };
    #[cfg(feature = "testing")]
    crate::testing::stop_point("batch rows written").await;
    let children: Vec<BatchAnalysis> = symbols
        .iter()
        .map(|symbol| BatchAnalysis {
            batch_id: id,
            symbol: symbol.clone(),
        })
        .collect();
    let due = (0u32..).map(|position| delay * position);
    queue.enqueue_in(&mut tx, children.iter().zip(due)).await?;
    #[cfg(feature = "testing")]
    crate::testing::stop_point("batch jobs queued").await;
    tx.commit().await?;
    Ok(id)
}

/// The newest batch's status, read from its children.
pub async fn status(store: &Store) -> Result<BatchStatus, StoreError> {
    let Some(batch) = store.latest_batch().await? else {
        return Ok(BatchStatus {
            is_running: false,
            completed_tickers: 0,
            total_tickers: 0,
            current_ticker: None,
            started_at: None,
            completed_at: None,
            error_message: None,
            state: None,
        });
    };
    let children = store.batch_children(batch.id).await?;
    let ended = |s: &str| s == "completed" || s == "failed";
    let running = batch.status == "running";
    // The stock being analysed, else (between children) the next one due.
    let current = children
        .iter()
        .find(|c| c.status == "running")
        .or_else(|| children.iter().find(|c| c.status == "pending"))
        .filter(|_| running)
        .map(|c| c.symbol.clone());
    Ok(BatchStatus {
        is_running: running,
        completed_tickers: children.iter().filter(|c| ended(&c.status)).count() as u32,
        total_tickers: children.len() as u32,
        current_ticker: current,
        started_at: Some(batch.started_at),
        completed_at: batch.completed_at,
        error_message: batch.error_message,
        state: Some(wire_state(&batch.status).into()),
    })
}

/// The spec calls a failed batch "errored"; the data model stores `failed`.
fn wire_state(stored: &str) -> &str {
    match stored {
        "failed" => "errored",
        other => other,
    }
}

/// Stops the running batch; false when none runs.
pub async fn stop(store: &Store, now: DateTime<Utc>) -> Result<bool, StoreError> {
    match store.running_batch().await? {
        Some(id) => store.end_batch(id, None, now).await,
        None => Ok(false),
    }
}

/// The results history, newest first.
pub async fn results(store: &Store, limit: i64) -> Result<Vec<BatchResult>, StoreError> {
    Ok(store
        .batch_results(limit)
        .await?
        .into_iter()
        .map(|r| BatchResult {
            id: r.id,
            ticker_symbol: r.symbol,
            company_name: r.company_name,
            industry: r.industry,
            score: r.score,
            analysis_date: Some(r.analysis_date),
        })
        .collect())
}

/// The symbols the product can score and the checklist offers: with a snapshot, every
/// company whose facts are in it; live, every symbol with a stored analysis (the live SEC has
/// facts for thousands, most never asked for). Only what [`crate::securities`] lets be
/// analysed on its own is offered: no preferreds, warrants, units, notes or funds, and one
/// ticker per company (GOOGL, not also GOOG).
pub async fn analyzable_stocks(
    store: &Store,
    market_data_dir: Option<&std::path::Path>,
) -> Result<Vec<String>, StoreError> {
    use crate::securities::Directory;
    let (candidates, directory) = match market_data_dir {
        // Only the snapshot's companies' rows of SEC's list: the answer does not grow with
        // the list or with the stored analyses.
        Some(dir) => {
            let ciks: Vec<i64> = crate::sources::Snapshot::new(dir)
                .company_facts_ciks()
                .await
                .into_iter()
                .filter_map(|cik| i64::try_from(cik).ok())
                .collect();
            let entries = store.ticker_directory_of_companies(&ciks).await?;
            let tickers = entries.iter().map(|e| e.ticker.clone()).collect();
            (tickers, Directory::from_entries(entries))
        }
        None => {
            let analysed: Vec<String> = store
                .analysis_dates()
                .await?
                .into_iter()
                .map(|(symbol, _)| symbol)
                .collect();
            (analysed, Directory::load(store).await?)
        }
    };
    let mut symbols: Vec<String> = candidates
        .into_iter()
        .filter(|s| directory.listed_on_its_own(s))
        .collect();
    symbols.sort();
    Ok(symbols)
}
