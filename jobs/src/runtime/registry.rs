//! Every job kind the workers run, in one table: adding a job kind means writing its payload
//! under `tasks/`, its handler under `handlers/` and adding its row here (see
//! `jobs/README.md`). `register::<T>` needs `T: JobHandler`, so a payload without a handler
//! does not compile.

use std::sync::Arc;

use apalis::prelude::Monitor;

use super::fleet::register;
use crate::{
    queue::{Job, JobContext},
    store::Store,
    tasks::{
        AnalyzeQuarter, AnalyzeStock, AutoAnalyze10K, BackfillHistory, BatchAnalysis,
        ExtractDocument, GenerateNewsletter, LoadTickers, RefreshAnalyses, RunSchedule, SendEmail,
        SyncContent, diagnostics,
    },
};

/// One kind of job this worker serves.
pub(super) struct Kind {
    pub queue: &'static str,
    pub register: fn(Monitor, &Store, &Arc<JobContext>, usize, &str) -> Monitor,
    /// Run one at a time whatever `--concurrency` says (bulk loads, the crash test job).
    pub serial: bool,
}

/// Every job kind, in one table: adding a job means adding its row here.
pub(super) const KINDS: &[Kind] = &[
    Kind {
        queue: AnalyzeStock::QUEUE,
        register: register::<AnalyzeStock>,
        serial: false,
    },
    Kind {
        queue: RefreshAnalyses::QUEUE,
        register: register::<RefreshAnalyses>,
        serial: true,
    },
    Kind {
        queue: LoadTickers::QUEUE,
        register: register::<LoadTickers>,
        serial: true,
    },
    Kind {
        queue: diagnostics::Noop::QUEUE,
        register: register::<diagnostics::Noop>,
        serial: false,
    },
    Kind {
        queue: diagnostics::Flaky::QUEUE,
        register: register::<diagnostics::Flaky>,
        serial: false,
    },
    Kind {
        queue: diagnostics::Crash::QUEUE,
        register: register::<diagnostics::Crash>,
        serial: true,
    },
    Kind {
        queue: SendEmail::QUEUE,
        register: register::<SendEmail>,
        serial: false,
    },
    Kind {
        queue: BatchAnalysis::QUEUE,
        register: register::<BatchAnalysis>,
        serial: false,
    },
    Kind {
        queue: GenerateNewsletter::QUEUE,
        register: register::<GenerateNewsletter>,
        serial: false,
    },
    Kind {
        queue: SyncContent::QUEUE,
        register: register::<SyncContent>,
        serial: true,
    },
    Kind {
        queue: RunSchedule::QUEUE,
        register: register::<RunSchedule>,
        serial: false,
    },
    Kind {
        queue: AutoAnalyze10K::QUEUE,
        register: register::<AutoAnalyze10K>,
        serial: false,
    },
    Kind {
        queue: AnalyzeQuarter::QUEUE,
        register: register::<AnalyzeQuarter>,
        serial: false,
    },
    Kind {
        queue: BackfillHistory::QUEUE,
        register: register::<BackfillHistory>,
        // Low priority: one company at a time per worker, beside the visitors' analyses.
        serial: true,
    },
    Kind {
        queue: ExtractDocument::QUEUE,
        register: register::<ExtractDocument>,
        serial: false,
    },
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
