//! `ScoreMarketCompany`: one company of a market run. Reads its facts (and submissions) from
//! the run's bulk files, its prices, yields and short interest from the sources as every
//! analysis does, scores it, and stores the score, the company's fingerprint and its row's
//! outcome in one transaction: a worker killed before the commit leaves the company to the
//! retry, one killed after leaves it done. The child that finishes the run's last company
//! ends the run and queues the sector statistics in that same transaction.

use chrono::Utc;

use super::{
    analyze_stock::{not_analysable_message, queue_alerts_if_watched, score},
    score_market::queue_sector_stats,
};
use crate::{
    analysis::{AnalysisRecord, text_format},
    market_data::{AnalysisInputs, CompanyFacts, Submissions},
    queue::{
        Job, JobQueue,
        runner::{JobError, JobHandler, JobRun},
    },
    sources::{SourceError, bulk::BulkFile},
    store::market_runs::{ItemOutcome, Recorded},
    tasks::ScoreMarketCompany,
};

impl JobHandler for ScoreMarketCompany {
    async fn run(self, run: &JobRun) -> Result<serde_json::Value, JobError> {
        let store = run.store();
        let skipped = serde_json::json!({ "run": self.run_id, "skipped": self.symbol });
        // A company of a stopped run, or one already recorded (a second delivery), does
        // nothing.
        let Some(market) = store.market_run(self.run_id).await? else {
            return Ok(skipped);
        };
        if !store
            .claim_market_item(self.run_id, self.cik, Utc::now())
            .await?
        {
            return Ok(skipped);
        }
        let scored = match self
            .score(run, &market.facts_path, market.submissions_path.as_deref())
            .await
        {
            Ok(scored) => scored,
            // An upstream or database failure: retried, and the last try records it (without
            // a fingerprint, so the next run tries again) so the run still ends.
            Err(err @ JobError::Retry { .. }) if run.attempt < i64::from(Self::MAX_ATTEMPTS) => {
                return Err(err);
            }
            Err(err) => Scored::Failed(ItemOutcome::Failed(err.to_string())),
        };
        let (outcome, record) = match scored {
            Scored::Record(record) => (ItemOutcome::Scored(i32::from(record.score)), Some(record)),
            Scored::Failed(outcome) => (outcome, None),
        };
        let now = Utc::now();
        let mut tx = store.begin().await?;
        if let Some(record) = &record {
            tx.save_analysis(record, &text_format::to_text(record), now)
                .await?;
        }
        // Last: the run's row is every child's, so its lock is held for the commit only.
        let run_ended = match tx
            .finish_market_item(self.run_id, self.cik, &outcome, now)
            .await?
        {
            // Dropping the transaction rolls the analysis back: it was stored before.
            Recorded::AlreadyDone => return Ok(skipped),
            Recorded::Yes { run_ended } => run_ended,
        };
        if run_ended {
            queue_sector_stats(&JobQueue::new(store.clone()), &mut tx).await?;
        }
        tx.commit().await?;
        if let Some(record) = record {
            queue_alerts_if_watched(store, &self.symbol).await;
            return Ok(
                serde_json::json!({ "run": self.run_id, "symbol": self.symbol, "score": record.score }),
            );
        }
        let error = match &outcome {
            ItemOutcome::Failed(why) | ItemOutcome::Unscorable(why) => why.clone(),
            ItemOutcome::Scored(_) => String::new(),
        };
        if let ItemOutcome::Unscorable(message) = &outcome {
            // Repeat visits get the reason at once, as after any analysis.
            store
                .save_failed_analysis(&self.symbol, message, Utc::now())
                .await?;
        }
        Ok(serde_json::json!({ "run": self.run_id, "symbol": self.symbol, "error": error }))
    }
}

/// What scoring came to, before it is recorded.
enum Scored {
    Record(Box<AnalysisRecord>),
    Failed(ItemOutcome),
}

impl ScoreMarketCompany {
    async fn score(
        &self,
        run: &JobRun,
        facts_path: &str,
        submissions_path: Option<&str>,
    ) -> Result<Scored, JobError> {
        let symbol = self.symbol.as_str();
        let cik = self.cik as u64;
        run.progress("Reading the company's facts", 20, symbol)
            .await;
        let json = match BulkFile::at(facts_path).read(cik).await {
            Ok(json) => json,
            Err(SourceError::NotFound) => {
                return Ok(Scored::Failed(ItemOutcome::Failed(format!(
                    "the bulk file has no facts for CIK {cik}"
                ))));
            }
            Err(err) => return Err(err.into()),
        };
        let facts = match parse(move || CompanyFacts::from_json(&json)).await? {
            Ok(facts) => facts,
            // The same bytes fail the same way: recorded with their fingerprint.
            Err(err) => {
                return Ok(Scored::Failed(ItemOutcome::Unscorable(format!(
                    "the SEC's facts for {symbol} cannot be read: {err}"
                ))));
            }
        };
        let submissions = match submissions_path {
            Some(path) => match BulkFile::at(path).read(cik).await {
                Ok(json) => parse(move || Submissions::from_json(&json))
                    .await?
                    .inspect_err(|err| tracing::warn!(symbol, %err, "unreadable submissions"))
                    .ok(),
                Err(SourceError::NotFound) => None,
                Err(err) => return Err(err.into()),
            },
            None => None,
        };
        let listed_name = run.store().find_ticker(symbol).await?.map(|t| t.name);
        let filings = AnalysisInputs {
            symbol: symbol.to_string(),
            company_facts: facts,
            submissions,
            listed_name,
            ..AnalysisInputs::default()
        };
        run.progress(
            "Evaluating market position",
            50,
            "Reading prices, bond yields and short interest",
        )
        .await;
        let inputs = run.ctx.sources.with_market_data(filings).await?;
        run.progress("Calculating final score", 80, "Scoring the 12 questions")
            .await;
        Ok(match score(run, inputs).await? {
            Ok(record) => Scored::Record(Box::new(record)),
            Err(err) => Scored::Failed(ItemOutcome::Unscorable(not_analysable_message(
                symbol, &err,
            ))),
        })
    }
}

/// Parses off the async threads (a company's facts are megabytes of JSON).
async fn parse<T: Send + 'static, E: Send + 'static>(
    work: impl FnOnce() -> Result<T, E> + Send + 'static,
) -> Result<Result<T, E>, JobError> {
    tokio::task::spawn_blocking(work)
        .await
        .map_err(|err| JobError::retry(format!("parser task: {err}")))
}
