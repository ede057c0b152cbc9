//! Every job kind the workers run, in one table: adding a job kind means writing its payload
//! under `tasks/`, its handler under `handlers/` and adding its row here (see
//! `jobs/README.md`). `register::<T>` needs `T: JobHandler`, so a payload without a handler
//! does not compile.

use std::{sync::Arc, time::Duration};

use apalis::prelude::Monitor;
use serde::Serialize;

use super::fleet::register;
use crate::{
    queue::{JobContext, runner::JobHandler},
    store::Store,
    tasks::ComputeSectorStats,
    tasks::{
        AnalyzeQuarter, AnalyzeStock, AutoAnalyze10K, BackfillHistory, BatchAnalysis, CreateAlerts,
        ExtractDocument, GenerateNewsletter, LoadTickers, RefreshAnalyses, RunSchedule, SendDigest,
        SendEmail, SyncContent, diagnostics,
    },
    tasks::{ScoreMarket, ScoreMarketCompany},
};

/// One kind of job this worker serves.
pub(super) struct Kind {
    pub queue: &'static str,
    pub register: fn(Monitor, &Store, &Arc<JobContext>, usize, &str) -> Monitor,
    /// Run one at a time whatever `--concurrency` says (bulk loads, the crash test job).
    pub serial: bool,
    pub max_attempts: u32,
    pub timeout: Duration,
    pub dedupe_rule: Option<&'static str>,
}

impl Kind {
    const fn of<J: JobHandler>(serial: bool) -> Kind {
        Kind {
            queue: J::QUEUE,
            register: register::<J>,
            serial,
            max_attempts: J::MAX_ATTEMPTS,
            timeout: J::TIMEOUT,
            dedupe_rule: J::DEDUPE_RULE,
        }
    }
}

/// A registered job kind as operators see it (`worker kinds`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct KindInfo {
    pub queue: &'static str,
    /// Jobs at once per worker process: 1 for serial kinds, else `--concurrency`.
    pub concurrency: usize,
    pub timeout_secs: u64,
    pub max_attempts: u32,
    /// How a failed run is retried.
    pub backoff: &'static str,
    /// How concurrent enqueues join one job (`None`: each enqueue is a new job).
    pub dedupe_rule: Option<&'static str>,
}

/// What the runner does between failed runs (`queue::runner::backoff`).
const BACKOFF: &str = "2^n s (capped at 10 min) + up to 25% jitter, or the upstream's Retry-After";

/// Every registered job kind, with the concurrency a worker started with `concurrency` uses.
pub fn kinds(concurrency: usize) -> Vec<KindInfo> {
    KINDS
        .iter()
        .map(|k| KindInfo {
            queue: k.queue,
            concurrency: if k.serial { 1 } else { concurrency.max(1) },
            timeout_secs: k.timeout.as_secs(),
            max_attempts: k.max_attempts,
            backoff: BACKOFF,
            dedupe_rule: k.dedupe_rule,
        })
        .collect()
}

/// Every job kind, in one table: adding a job means adding its row here.
pub(super) const KINDS: &[Kind] = &[
    Kind::of::<AnalyzeStock>(false),
    Kind::of::<RefreshAnalyses>(true),
    Kind::of::<LoadTickers>(true),
    Kind::of::<diagnostics::Noop>(false),
    Kind::of::<diagnostics::Flaky>(false),
    Kind::of::<diagnostics::Crash>(true),
    Kind::of::<diagnostics::Steps>(false),
    Kind::of::<SendEmail>(false),
    Kind::of::<BatchAnalysis>(false),
    Kind::of::<GenerateNewsletter>(false),
    Kind::of::<SyncContent>(true),
    Kind::of::<RunSchedule>(false),
    Kind::of::<AutoAnalyze10K>(false),
    Kind::of::<AnalyzeQuarter>(false),
    // Low priority: one company at a time per worker, beside the visitors' analyses.
    Kind::of::<BackfillHistory>(true),
    Kind::of::<ExtractDocument>(false),
    // Watchlists: a watched stock's alerts after its rescore, a user's weekly digest.
    Kind::of::<CreateAlerts>(false),
    Kind::of::<SendDigest>(false),
    // The sector medians beside each question: one run at a time over the whole market.
    Kind::of::<ComputeSectorStats>(true),
    // Every filer, every night: one planner at a time, its companies side by side.
    Kind::of::<ScoreMarket>(true),
    Kind::of::<ScoreMarketCompany>(false),
];

/// Every queue the workers serve.
pub fn queue_names() -> Vec<&'static str> {
    KINDS.iter().map(|k| k.queue).collect()
}

/// The queues to serve: all, or those named (each must exist).
pub fn select_queues(requested: &[String]) -> anyhow::Result<Vec<&'static str>> {
    if requested.is_empty() {
        return Ok(queue_names());
    }
    requested
        .iter()
        .map(|name| {
            KINDS
                .iter()
                .map(|k| k.queue)
                .find(|q| *q == name.trim())
                .ok_or_else(|| {
                    anyhow::anyhow!(
                        "unknown queue '{name}'; known queues: {}",
                        queue_names().join(", ")
                    )
                })
        })
        .collect()
}
