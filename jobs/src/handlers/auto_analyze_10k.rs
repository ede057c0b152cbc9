//! `AutoAnalyze10K{symbol}`: drafts a stock's 14 notes sections from its latest 10-K for the
//! admin's bulk editor. Finds the 10-K (SEC, the snapshot's documents, or an
//! upload), splits it into Items, indexes a fetched one for the chat, and writes the draft.
//! Nothing is stored in the notes: the job's output carries the draft (`rawAnalysis`) and
//! the admin saves it with Update All Sections. Running it again gives the same draft and
//! replaces the indexed copy, so retries and repeats are harmless.

use crate::tasks::AutoAnalyze10K;

use crate::{
    assistant::{AssistantSettings, ProviderKind, provider_from_settings},
    queue::runner::{JobError, JobHandler, JobRun},
    tenk::{
        bulk::{BulkParse, parse_bulk},
        fiscal_year_end,
        items::split_items,
        locate::{LocateError, find_latest_10k},
        sections::SECTIONS,
        writer::{Draft, llm_draft, offline_draft},
    },
};

/// The stages the admin's progress bar shows, with their percent.
pub const STAGES: [(&str, u8); 5] = [
    ("Finding the 10-K", 10),
    ("Splitting into Items", 40),
    ("Indexing the 10-K for the chat", 50),
    ("Writing the 14 sections", 60),
    ("Done", 100),
];

impl JobHandler for AutoAnalyze10K {
    async fn run(self, run: &JobRun) -> Result<serde_json::Value, JobError> {
        let symbol = self.symbol.as_str();
        let stage = |i: usize, message: String| async move {
            let (name, percent) = STAGES[i];
            run.progress(name, percent, &message).await;
        };

        stage(0, format!("Looking for {symbol}'s latest 10-K")).await;
        let found = find_latest_10k(&run.ctx, symbol)
            .await
            .map_err(|err| match err {
                LocateError::NotFound(reason) => JobError::permanent(reason),
                LocateError::Upstream(reason) => JobError::retry(reason),
            })?;

        stage(1, format!("Reading {}", found.origin)).await;
        let text = found.text.clone();
        let items = tokio::task::spawn_blocking(move || split_items(&text))
            .await
            .map_err(JobError::retry)?
            .map_err(|err| JobError::permanent(format!("Cannot split {}: {err}", found.origin)))?;
        let ids: Vec<&str> = items.items.iter().map(|i| i.id).collect();
        let referenced: Vec<&str> = items
            .items
            .iter()
            .filter(|i| i.incorporated_by_reference.is_some())
            .map(|i| i.id)
            .collect();

        let store = run.store();
        if let Some(name) = &found.index_as {
            stage(2, format!("Found Items {}; indexing them", ids.join(", "))).await;
            // Chunked as an upload is, so the chat retrieves both alike.
            let chunks = crate::documents::chunk::chunks(&found.text);
            let id = store
                .save_document_text(symbol, name, "10-K", &found.text, &chunks)
                .await?;
            if let Some(date) = found.filing_date {
                store.set_document_filing_date(id, date).await?;
            }
        }

        stage(3, format!("Found Items {}; writing", ids.join(", "))).await;
        let company = store.find_ticker(symbol).await?.map_or_else(
            || symbol.to_string(),
            |t| crate::analysis::names::readable(&t.name, Some(&t.ticker), None),
        );
        let ten_k_date = fiscal_year_end(&found.text)
            .or(found.report_date)
            .or(found.filing_date)
            .map(|d| d.to_string());
        let draft = write(run, symbol, &company, &items, ten_k_date).await;
        let raw = draft.to_bulk_text();
        let warning = match parse_bulk(&raw) {
            BulkParse::Parsed { warning, .. } => warning,
            BulkParse::Empty => Some("The draft came out empty".into()),
        };

        stage(
            4,
            format!("Drafted {} sections from {}", SECTIONS.len(), found.origin),
        )
        .await;
        Ok(serde_json::json!({
            "rawAnalysis": raw,
            "source": found.origin,
            "note": found.note,
            "items": ids,
            "incorporatedByReference": referenced,
            "warning": warning,
        }))
    }
}

/// The draft: by the configured language model (`LLM_PROVIDER`, as the chat), else offline.
async fn write(
    run: &JobRun,
    symbol: &str,
    company: &str,
    items: &crate::tenk::items::TenKItems,
    ten_k_date: Option<String>,
) -> Draft {
    let settings = AssistantSettings::from_env().unwrap_or_else(|err| {
        tracing::warn!(%err, "LLM settings unreadable; drafting offline");
        AssistantSettings::default()
    });
    if settings.provider == ProviderKind::Offline {
        return offline_draft(company, items, ten_k_date);
    }
    let provider = provider_from_settings(&settings);
    let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel::<usize>();
    let drafting = llm_draft(provider, symbol, company, items, ten_k_date, move |done| {
        let _ = tx.send(done);
    });
    let reporting = async {
        while let Some(done) = rx.recv().await {
            let percent = 60 + (done * 38 / SECTIONS.len()) as u8;
            run.progress(
                STAGES[3].0,
                percent,
                &format!("{done} of {} sections written", SECTIONS.len()),
            )
            .await;
        }
    };
    let (draft, ()) = tokio::join!(drafting, reporting);
    draft
}
