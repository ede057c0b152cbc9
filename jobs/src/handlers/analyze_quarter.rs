//! `AnalyzeQuarter{symbol, quarter}`: scores a company as of a past quarter's last day (only
//! the filings filed by then, and prices, yields, short interest and holdings dated by then)
//! and stores it as that quarter's trends row, with its record. The symbol's latest analysis
//! (what the stock page shows) is left alone. The helpers here are shared with
//! `backfill_history`, which scores many quarters from one download.

use crate::tasks::AnalyzeQuarter;
use chrono::{NaiveDate, Utc};

use crate::{
    analysis::{self, AnalysisError, AnalysisRecord},
    handlers::analyze_stock::{listed_company, not_analysable_message},
    market_data::AnalysisInputs,
    queue::runner::{JobError, JobHandler, JobRun},
    sources::SourceError,
    trends::{Quarter, as_of::as_of_inputs},
};

impl JobHandler for AnalyzeQuarter {
    async fn run(self, run: &JobRun) -> Result<serde_json::Value, JobError> {
        let quarter = Quarter::parse(&self.quarter).map_err(JobError::permanent)?;
        if quarter >= Quarter::of(Utc::now().date_naive()) {
            // The current quarter's row belongs to the latest analysis.
            return Err(JobError::permanent(format!(
                "{} is not a past quarter",
                quarter.key()
            )));
        }
        run.progress(
            "Fetching company data",
            15,
            &format!("Reading {}'s filings from the SEC", self.symbol),
        )
        .await;
        let inputs = company_inputs(run, &self.symbol).await?;
        let as_of = scored_as_of(run, &inputs, quarter);
        run.progress(
            "Calculating final score",
            75,
            &format!("Scoring {} as of {as_of}", self.symbol),
        )
        .await;
        let record = match score_as_of(inputs, as_of).await? {
            Ok(record) => record,
            Err(err) => {
                return Err(JobError::permanent(not_analysable_message(
                    &self.symbol,
                    &err,
                )));
            }
        };
        let key = quarter.key();
        run.store()
            .save_quarter_analysis(&record, &key, Utc::now())
            .await?;
        run.progress(
            "Finalizing analysis",
            100,
            &format!("{key}: {} out of 100", record.score),
        )
        .await;
        Ok(serde_json::json!({
            "symbol": record.symbol,
            "quarter": key,
            "asOf": as_of,
            "score": record.score,
            "answered": record.answered_questions,
        }))
    }
}

/// Everything a listed company's past quarters are scored from (filings, prices, yields,
/// short interest, holdings), fetched once.
pub(crate) async fn company_inputs(run: &JobRun, symbol: &str) -> Result<AnalysisInputs, JobError> {
    let (main, company) = listed_company(run.store(), symbol).await?;
    match run.ctx.sources.gather(&main, company.cik as u64).await {
        Ok(inputs) => Ok(AnalysisInputs {
            listed_name: Some(company.name.clone()),
            ..inputs
        }),
        Err(SourceError::NotFound) => Err(JobError::permanent(format!(
            "The SEC has no financial statements for {symbol}"
        ))),
        Err(other) => Err(JobError::from(other)),
    }
}

/// The day `quarter` is scored as of: its last day. A snapshot's prices stop on its recording
/// day, so a quarter ending after it is scored as of its last close (as the latest analysis
/// is), and "the price then" exists.
pub(crate) fn scored_as_of(run: &JobRun, inputs: &AnalysisInputs, quarter: Quarter) -> NaiveDate {
    let last_close = inputs
        .prices
        .as_ref()
        .and_then(|p| p.last())
        .map(|p| p.date);
    match (&run.ctx.settings.market_data_dir, last_close) {
        (Some(_), Some(last)) => quarter.last_day().min(last),
        _ => quarter.last_day(),
    }
}

/// Scores `inputs` cut to what was known on `as_of`, off the async threads. The inner result
/// says whether the company could be scored then.
pub(crate) async fn score_as_of(
    inputs: AnalysisInputs,
    as_of: NaiveDate,
) -> Result<Result<AnalysisRecord, AnalysisError>, JobError> {
    let inputs = as_of_inputs(inputs, as_of);
    tokio::task::spawn_blocking(move || analysis::analyze(&inputs, as_of))
        .await
        .map_err(|err| JobError::retry(format!("analysis task: {err}")))
}
