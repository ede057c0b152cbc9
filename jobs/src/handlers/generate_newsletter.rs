//! `GenerateNewsletter{request, chart_base}`: reads the selected stocks' stored records
//! (analysing any that has none yet), links their charts, writes the newsletter (language model
//! or offline, see `newsletter`) and stores it under the job's id. Idempotent: a retry of a job
//! that already stored its newsletter answers it without writing again; identical requests
//! made while one is queued or running join it.

use crate::tasks::GenerateNewsletter;
use std::time::Duration;

use crate::{
    analysis_request::{self, Outcome},
    assistant::{AssistantSettings, provider_from_settings},
    newsletter::{self, NewsletterRequest, request::Brief},
    queue::{
        JobQueue,
        runner::{JobError, JobHandler, JobRun},
    },
    securities::{self, Eligibility},
    store::{analyses::StoredAnalysis, newsletters::NewNewsletter},
    symbol::TickerSymbol,
};

/// How long the job waits for the analysis of a stock that has no stored record yet.
const ANALYSIS_WAIT: Duration = Duration::from_secs(120);

impl JobHandler for GenerateNewsletter {
    async fn run(self, run: &JobRun) -> Result<serde_json::Value, JobError> {
        let store = run.store();
        if let Some(done) = store.newsletter_of_job(&run.job_id).await? {
            return Ok(serde_json::json!({ "newsletter": done.id, "title": done.title }));
        }
        let request = &self.request;
        let (stocks, left_out) = read_records(run, request).await?;
        if stocks.is_empty() {
            return Err(JobError::permanent(format!(
                "None of the selected stocks has an analysis to write from: {}",
                left_out.join("; ")
            )));
        }
        run.progress("Drawing charts", 45, "Drawing the charts from the records")
            .await;
        let charts = newsletter::chart_links(&stocks, &self.chart_base);
        let settings = AssistantSettings::from_env()
            .map_err(|e| JobError::permanent(format!("the assistant settings: {e:#}")))?;
        let provider = provider_from_settings(&settings);
        let who = if provider.is_generative() {
            "The language model is writing; Bubba checks its numbers"
        } else {
            "Bubba is writing from the records"
        };
        run.progress("Writing", 60, who).await;
        let records: Vec<_> = stocks.into_iter().map(|s| s.record).collect();
        let mut written = newsletter::write(provider.as_ref(), &records, request, &charts).await;
        if !left_out.is_empty() {
            let note = format!("Left out: {}.", left_out.join("; "));
            written.notice = Some(match written.notice.take() {
                Some(notice) => format!("{notice} {note}"),
                None => note,
            });
        }
        run.progress("Saving", 95, "Saving the newsletter").await;
        let symbols: Vec<String> = records.iter().map(|r| r.symbol.clone()).collect();
        let saved = store
            .save_newsletter(&NewNewsletter {
                job_id: &run.job_id,
                title: &written.title,
                content: &written.content,
                symbols: &symbols,
                settings: &serde_json::to_value(request.settings).unwrap_or_default(),
                chart_urls: &written.chart_urls,
                writer: &written.writer.label(),
                notice: written.notice.as_deref(),
                prompt: match &request.brief {
                    Brief::Template(id) | Brief::Custom(id) => id,
                },
                created_by: self.requested_by.as_deref(),
            })
            .await?;
        run.progress("Done", 100, &saved.title).await;
        Ok(serde_json::json!({
            "newsletter": saved.id,
            "title": saved.title,
            "writer": saved.writer,
        }))
    }
}

/// The stored record of each selected stock, in order (a stock without one is analysed
/// first), and a line for each stock that could not be used.
async fn read_records(
    run: &JobRun,
    request: &NewsletterRequest,
) -> Result<(Vec<StoredAnalysis>, Vec<String>), JobError> {
    let store = run.store();
    let queue = JobQueue::new(store.clone());
    let total = request.symbols.len().max(1);
    let mut stocks = Vec::new();
    let mut left_out = Vec::new();
    for (i, raw) in request.symbols.iter().enumerate() {
        let percent = 5 + (35 * i / total) as u8;
        run.progress(
            "Reading records",
            percent,
            &format!("Reading {raw}'s record"),
        )
        .await;
        // The one rule of `securities`: a preferred or note is never featured (even with a
        // record stored before the rule), another class reads its main ticker's record.
        let raw = &match securities::eligibility_in(store, raw).await? {
            Some(Eligibility::Refuse { message }) => {
                left_out.push(format!("{raw} ({message})"));
                continue;
            }
            Some(Eligibility::Analyse { symbol }) => symbol,
            None => raw.clone(),
        };
        if stocks
            .iter()
            .any(|s: &StoredAnalysis| &s.record.symbol == raw)
        {
            continue;
        }
        if let Some(stored) = store.latest_analysis(raw).await? {
            stocks.push(stored);
            continue;
        }
        let Ok(symbol) = TickerSymbol::parse(Some(raw)) else {
            left_out.push(format!("{raw} (not a ticker)"));
            continue;
        };
        // No record yet: analyse it now (any stored one, however old, would have served).
        let outcome = analysis_request::request(&queue, &symbol, Duration::MAX, ANALYSIS_WAIT)
            .await
            .map_err(JobError::retry)?;
        match outcome {
            Outcome::Fresh { analysis, .. } => stocks.push(*analysis),
            Outcome::Unanalysable(why) | Outcome::Failed(why) => {
                left_out.push(format!("{raw} ({why})"));
            }
            Outcome::Queued { job } => {
                return Err(JobError::retry(format!(
                    "the analysis of {raw} (job {job}) is still running"
                )));
            }
        }
    }
    Ok((stocks, left_out))
}
