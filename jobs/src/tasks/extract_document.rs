//! `ExtractDocument{document_id}`: turns one uploaded document into text and indexed chunks.
//! Run by `handlers::extract_document`.

use std::time::Duration;

use serde::{Deserialize, Serialize};

use crate::queue::Job;

/// Extracts and indexes document `document_id` (a row of `rag_documents`).
#[derive(Debug, Clone, Copy, Default, Serialize, Deserialize, PartialEq, Eq)]
pub struct ExtractDocument {
    pub document_id: i64,
}

impl Job for ExtractDocument {
    const QUEUE: &'static str = "documents";
    const MAX_ATTEMPTS: u32 = 4;
    /// The PDF child's own limit is 120 s; the rest is storing a few thousand chunks.
    const TIMEOUT: Duration = Duration::from_secs(300);

    const DEDUPE_RULE: Option<&'static str> = Some("extract-document:{document_id}");

    fn dedupe_key(&self) -> Option<String> {
        Some(format!("extract-document:{}", self.document_id))
    }
}
