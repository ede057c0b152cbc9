//! `AnalyzeStock{symbol}`: fetches a company's filings and market data, scores the 12
//! questions and stores the result, reporting each stage as it really happens.

use crate::tasks::{AnalyzeStock, BackfillHistory, CreateAlerts};
use chrono::Utc;

use crate::{
    analysis::{self, AnalysisError, AnalysisRecord, text_format},
    market_data::AnalysisInputs,
    queue::{
        JobQueue,
        runner::{JobError, JobHandler, JobRun},
    },
    securities::{self, Eligibility},
    sources::SourceError,
    store::tickers::TickerRow,
};

/// The six stages of the spec's progress table, in order, with their percent.
pub const STAGES: [(&str, u8); 6] = [
    ("Fetching company data", 15),
    ("Analyzing financial metrics", 35),
    ("Processing 10K filing data", 55),
    ("Evaluating market position", 75),
    ("Calculating final score", 90),
    ("Finalizing analysis", 100),
];

impl JobHandler for AnalyzeStock {
    async fn run(self, run: &JobRun) -> Result<serde_json::Value, JobError> {
        let record = analyze_and_store(&self.symbol, run).await?;
        Ok(
            serde_json::json!({ "symbol": record.symbol, "score": record.score, "answered": record.answered_questions }),
        )
    }
}

/// The analysis itself, for `AnalyzeStock` and for a batch's child (which runs it in its own
/// job rather than through a second queue round trip): fetch, score, store, reporting each
/// stage on `run`. A company that cannot be scored is stored as such and answers a
/// permanent error carrying the message for people.
pub async fn analyze_and_store(symbol: &str, run: &JobRun) -> Result<AnalysisRecord, JobError> {
    let store = run.store();
    let sources = &run.ctx.sources;
    let stage = |i: usize, message: String| async move {
        let (name, percent) = STAGES[i];
        run.progress(name, percent, &message).await;
    };
    stage(0, format!("Reading {symbol}'s filings from the SEC")).await;
    let (symbol, company) = listed_company(store, symbol).await?;
    let symbol = symbol.as_str();
    let filings = match sources.filings(symbol, company.cik as u64).await {
        Ok(filings) => filings,
        Err(SourceError::NotFound) => {
            // Stored like any unanalysable company: repeat visits get the reason at once,
            // and the request that asked is given its analysis back.
            let message = format!(
                "The SEC has no financial statements for {symbol}, so there is nothing for me to score. Try a company that files 10-Ks, such as AAPL or MSFT."
            );
            store
                .save_failed_analysis(symbol, &message, Utc::now())
                .await?;
            return Err(JobError::permanent(message));
        }
        Err(other) => return Err(JobError::from(other)),
    };

    let filings = AnalysisInputs {
        listed_name: Some(company.name.clone()),
        ..filings
    };
    stage(1, "Sorting annual and quarterly figures".into()).await;
    let annual = filings
        .submissions
        .as_ref()
        .and_then(|s| s.latest_annual_report())
        .and_then(|r| r.filing_date);
    stage(
        2,
        match annual {
            Some(filed) => format!("Latest annual report filed {filed}"),
            None => "No annual report in the filing list".into(),
        },
    )
    .await;

    stage(3, "Reading prices, bond yields and short interest".into()).await;
    let inputs = sources.with_market_data(filings).await?;

    stage(4, "Scoring the 12 questions".into()).await;
    let record = match score(run, inputs).await? {
        Ok(record) => record,
        Err(err @ (AnalysisError::NotSupported(_) | AnalysisError::NotEnoughData(_))) => {
            let message = not_analysable_message(symbol, &err);
            store
                .save_failed_analysis(symbol, &message, Utc::now())
                .await?;
            return Err(JobError::permanent(message));
        }
    };

    stage(5, format!("Saving the score: {} out of 100", record.score)).await;
    let text = text_format::to_text(&record);
    store.save_analysis(&record, &text, Utc::now()).await?;
    if run.ctx.settings.backfill_history_on_first_analysis {
        queue_history_if_first(store, symbol).await;
    }
    queue_alerts_if_watched(store, symbol).await;
    Ok(record)
}

/// Scores `inputs` (filings and market data) off the async threads, as of today, or of a
/// snapshot's last close.
pub async fn score(
    run: &JobRun,
    inputs: AnalysisInputs,
) -> Result<Result<AnalysisRecord, AnalysisError>, JobError> {
    let today = Utc::now().date_naive();
    // A snapshot stops on its recording day: score as of its last close, so "today's
    // price" exists. Live data runs up to yesterday's close, so today is right.
    let as_of = match (
        &run.ctx.settings.market_data_dir,
        inputs.prices.as_ref().and_then(|p| p.last()),
    ) {
        (Some(_), Some(last)) => last.date.min(today),
        _ => today,
    };
    tokio::task::spawn_blocking(move || analysis::analyze(&inputs, as_of))
        .await
        .map_err(|err| JobError::retry(format!("analysis task: {err}")))
}

/// A watched stock's new record is compared with its previous one by `CreateAlerts` (one job
/// per stock, joined by its key, whoever watches it). A failure to queue is logged: the
/// analysis is stored and stands, and the next rescore queues the comparison again.
pub(super) async fn queue_alerts_if_watched(store: &crate::store::Store, symbol: &str) {
    let queued = async {
        if store.watchers(symbol).await?.is_empty() {
            return Ok::<_, JobError>(());
        }
        let job = CreateAlerts {
            symbol: symbol.to_string(),
        };
        JobQueue::new(store.clone())
            .enqueue(&job)
            .await
            .map_err(|err| JobError::retry(err.to_string()))?;
        Ok(())
    };
    if let Err(err) = queued.await {
        tracing::warn!(symbol, ?err, "could not queue the watchers' alerts");
    }
}

/// A company's first analysis also queues the scoring of its past quarters, so its score
/// history and "what changed" exist from the first visit. "First" means no past quarter is
/// stored (the current quarter's row was just written by this analysis). A failure to queue
/// is logged, not passed on: the visitor's analysis is stored and stands.
async fn queue_history_if_first(store: &crate::store::Store, symbol: &str) {
    let queued = async {
        if store.quarter_history(symbol, 2).await?.len() > 1 {
            return Ok::<_, JobError>(());
        }
        let job = BackfillHistory {
            symbol: symbol.to_string(),
        };
        JobQueue::new(store.clone())
            .enqueue(&job)
            .await
            .map_err(|err| JobError::retry(err.to_string()))?;
        Ok(())
    };
    if let Err(err) = queued.await {
        tracing::warn!(symbol, ?err, "could not queue the history backfill");
    }
}

/// The company of `symbol` in SEC's ticker list, and the ticker it is analysed under (the
/// main class of its common stock), by the one rule of `securities`: a preferred, warrant,
/// unit, note or fund is refused for good, whichever path queued it.
pub async fn listed_company(
    store: &crate::store::Store,
    symbol: &str,
) -> Result<(String, TickerRow), JobError> {
    let not_listed = || JobError::permanent(format!("{symbol} is not in the SEC's ticker list"));
    let Some((decision, issuer)) = securities::eligibility_with_issuer(store, symbol).await? else {
        return Err(not_listed());
    };
    let main = match decision {
        Eligibility::Refuse { message } => return Err(JobError::permanent(message)),
        Eligibility::Analyse { symbol: main } => main,
    };
    // The main class is one of the company's rows just read.
    let company = issuer
        .into_iter()
        .find(|e| e.ticker == main)
        .map(TickerRow::from)
        .ok_or_else(not_listed)?;
    Ok((main, company))
}

/// What the page says when a company cannot be scored (stored, so repeat visits get it fast).
pub fn not_analysable_message(symbol: &str, err: &AnalysisError) -> String {
    match err {
        AnalysisError::NotSupported(why) if why.contains("IFRS") => format!(
            "I can't score {symbol} yet: it reports under IFRS, not US GAAP. IFRS filers are coming; until then, try a US filer such as AAPL or MSFT."
        ),
        AnalysisError::NotSupported(why) => {
            format!("I can't score {symbol} yet: {why}. Try a US filer such as AAPL or MSFT.")
        }
        AnalysisError::NotEnoughData(_) => format!(
            "The filings don't tell me enough to grade {symbol}, so I won't pretend. Try a company with a few years of 10-Ks, such as AAPL or MSFT."
        ),
    }
}
