//! `ExtractDocument`: turns one uploaded document into text and indexed chunks.
//! The outcome is stored with the document either way: its text and chunks ('ready'), or the
//! reason it gave none ('failed'), which the admin's list shows. The file is read in a child
//! process with memory and time limits, so a hostile file costs the child, not the worker. A
//! bad file is never retried (the same bytes fail the same way); only a database error or a
//! child that could not be started is. Idempotent: a document already finished, replaced or deleted is left alone.

use crate::tasks::ExtractDocument;

use crate::{
    documents::{DocumentType, ExtractError, chunk, sandbox},
    queue::{
        Job,
        runner::{JobError, JobHandler, JobRun},
    },
};

impl JobHandler for ExtractDocument {
    async fn run(self, run: &JobRun) -> Result<serde_json::Value, JobError> {
        let id = self.document_id;
        let Some(input) = run.store().extraction_input(id).await? else {
            run.progress("Done", 100, "The document was deleted or replaced")
                .await;
            return Ok(serde_json::json!({ "document_id": id, "skipped": "gone" }));
        };
        if input.status != "extracting" {
            run.progress("Done", 100, "The document was already extracted")
                .await;
            return Ok(serde_json::json!({ "document_id": id, "skipped": input.status }));
        }
        let kind = input.file_type.as_deref().and_then(DocumentType::parse);
        let (Some(kind), Some(original)) = (kind, input.original) else {
            return fail(run, id, &ExtractError::new("The uploaded file is missing.")).await;
        };
        let kilobytes = original.len().div_ceil(1024);
        run.progress(
            "Extracting text",
            10,
            &format!("Reading {kilobytes} KB of {}", kind.as_str().to_uppercase()),
        )
        .await;
        let text = match extract(run, kind, original).await {
            Ok(text) => text,
            Err(Extraction::Retry(err)) => {
                if run.attempt >= i64::from(Self::MAX_ATTEMPTS) {
                    let reason = ExtractError::new(format!("The extractor could not run: {err}"));
                    return fail(run, id, &reason).await;
                }
                return Err(err);
            }
            Err(Extraction::Refused(reason)) => return fail(run, id, &reason).await,
        };
        let pieces = chunk::chunks(&text);
        run.progress(
            "Indexing",
            70,
            &format!(
                "Indexing {} KB of text in {} chunks",
                text.len().div_ceil(1024),
                pieces.len()
            ),
        )
        .await;
        if !run.store().finish_extraction(id, &text, &pieces).await? {
            return Ok(serde_json::json!({ "document_id": id, "skipped": "gone" }));
        }
        run.progress("Done", 100, &format!("{} chunks indexed", pieces.len()))
            .await;
        Ok(serde_json::json!({
            "document_id": id,
            "symbol": input.symbol,
            "extracted_bytes": text.len(),
            "chunks": pieces.len(),
        }))
    }
}

enum Extraction {
    /// Not the file's fault: try again later.
    Retry(JobError),
    /// The file gives no text, for this reason.
    Refused(ExtractError),
}

/// The document's text, read in the bounded child process (see `documents::sandbox`).
async fn extract(
    run: &JobRun,
    kind: DocumentType,
    original: Vec<u8>,
) -> Result<String, Extraction> {
    let program = match &run.ctx.settings.pdf_extractor {
        Some(program) => program.clone(),
        None => std::env::current_exe().map_err(|e| Extraction::Retry(JobError::retry(e)))?,
    };
    sandbox::extract(&program, kind, original, sandbox::Limits::default())
        .await
        .map_err(|err| Extraction::Retry(JobError::retry(format!("extraction child: {err}"))))?
        .map_err(Extraction::Refused)
}

/// Stores why the document gave no text; the job itself succeeds (retrying cannot help).
async fn fail(run: &JobRun, id: i64, reason: &ExtractError) -> Result<serde_json::Value, JobError> {
    run.store().fail_extraction(id, &reason.0).await?;
    run.progress("Failed", 100, &reason.0).await;
    Ok(serde_json::json!({ "document_id": id, "failed": reason.0 }))
}
