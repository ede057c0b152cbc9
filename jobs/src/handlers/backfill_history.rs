//! `BackfillHistory{symbol}`: the company's missing past quarters, scored from one download.
//! Each quarter is scored as of its last day from what was filed by then (the point-in-time
//! scoring of `AnalyzeQuarter`) and stored as that quarter's row, oldest first, so a crash
//! keeps what was stored and the next attempt scores only what is still missing. A quarter in
//! which the company could not be scored (not yet listed, too little filed) is skipped and
//! named in the job's result.

use chrono::Utc;

use crate::{
    handlers::analyze_quarter::{company_inputs, score_as_of, scored_as_of},
    queue::runner::{JobError, JobHandler, JobRun},
    tasks::{BackfillHistory, backfill_history::HISTORY_QUARTERS},
    trends::Quarter,
};

impl JobHandler for BackfillHistory {
    async fn run(self, run: &JobRun) -> Result<serde_json::Value, JobError> {
        let store = run.store();
        let wanted = Quarter::of(Utc::now().date_naive()).previous_quarters(HISTORY_QUARTERS);
        let stored = store
            .quarter_history(&self.symbol, crate::trends::HISTORY_POINTS * 4)
            .await?;
        let missing: Vec<Quarter> = wanted
            .into_iter()
            .filter(|q| !stored.iter().any(|row| row.quarter == q.key()))
            .collect();
        if missing.is_empty() {
            run.progress(
                "Finalizing analysis",
                100,
                "Every quarter is stored already",
            )
            .await;
            return Ok(serde_json::json!({ "symbol": self.symbol, "scored": [], "skipped": [] }));
        }
        run.progress(
            "Fetching company data",
            5,
            &format!("Reading {}'s filings from the SEC", self.symbol),
        )
        .await;
        let inputs = company_inputs(run, &self.symbol).await?;
        let (mut scored, mut skipped) = (Vec::new(), Vec::new());
        for (done, quarter) in missing.iter().enumerate() {
            let as_of = scored_as_of(run, &inputs, *quarter);
            let key = quarter.key();
            match score_as_of(inputs.clone(), as_of).await? {
                Ok(record) => {
                    store
                        .save_quarter_analysis(&record, &key, Utc::now())
                        .await?;
                    scored.push(serde_json::json!({ "quarter": key, "score": record.score }));
                }
                Err(why) => {
                    skipped.push(serde_json::json!({ "quarter": key, "reason": why.to_string() }))
                }
            }
            let percent = 10 + (90 * (done + 1) / missing.len()) as u8;
            run.progress(
                "Calculating final score",
                percent,
                &format!("{} of {} quarters: {key} done", done + 1, missing.len()),
            )
            .await;
        }
        Ok(serde_json::json!({ "symbol": self.symbol, "scored": scored, "skipped": skipped }))
    }
}
