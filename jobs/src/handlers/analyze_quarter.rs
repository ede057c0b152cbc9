//! `AnalyzeQuarter{symbol, quarter}`: scores a company as of a past quarter's last day (only
//! the filings filed by then, and prices, yields, short interest and holdings dated by then)
//! and stores it as that quarter's trends row, with its record. The symbol's latest analysis
//! (what the stock page shows) is left alone. This is how trends get a history for companies
//! first analysed today: the admin backfills the quarters before.

use crate::tasks::AnalyzeQuarter;
use chrono::Utc;

use crate::{
    analysis::{self, AnalysisError},
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
        let store = run.store();
        run.progress(
            "Fetching company data",
            15,
            &format!("Reading {}'s filings from the SEC", self.symbol),
        )
        .await;
        let (symbol, company) = listed_company(store, &self.symbol).await?;
        let inputs = match run.ctx.sources.gather(&symbol, company.cik as u64).await {
            Ok(inputs) => AnalysisInputs {
                listed_name: Some(company.name.clone()),
                ..inputs
            },
            Err(SourceError::NotFound) => {
                return Err(JobError::permanent(format!(
                    "The SEC has no financial statements for {}",
                    self.symbol
                )));
            }
            Err(other) => return Err(JobError::from(other)),
        };
        // A snapshot's prices stop on its recording day: a quarter ending after it is scored
        // as of its last close (as the latest analysis is), so "the price then" exists.
        let last_close = inputs
            .prices
            .as_ref()
            .and_then(|p| p.last())
            .map(|p| p.date);
        let as_of = match (&run.ctx.settings.market_data_dir, last_close) {
            (Some(_), Some(last)) => quarter.last_day().min(last),
            _ => quarter.last_day(),
        };
        run.progress(
            "Calculating final score",
            75,
            &format!("Scoring {} as of {as_of}", self.symbol),
        )
        .await;
        let inputs = as_of_inputs(inputs, as_of);
        let analysed = tokio::task::spawn_blocking(move || analysis::analyze(&inputs, as_of))
            .await
            .map_err(|err| JobError::retry(format!("analysis task: {err}")))?;
        let record = match analysed {
            Ok(record) => record,
            Err(err @ (AnalysisError::NotSupported(_) | AnalysisError::NotEnoughData(_))) => {
                return Err(JobError::permanent(not_analysable_message(
                    &self.symbol,
                    &err,
                )));
            }
        };
        let key = quarter.key();
        store
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
