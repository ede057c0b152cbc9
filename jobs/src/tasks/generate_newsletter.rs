//! `GenerateNewsletter{request, chart_base}`: writes one newsletter from the selected stocks'
//! records and stores it under the job's id. Run by `handlers::generate_newsletter`.

use std::time::Duration;

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use crate::{newsletter::NewsletterRequest, queue::Job};

/// Writes one newsletter.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub struct GenerateNewsletter {
    pub request: NewsletterRequest,
    /// The site's public address, so the chart links work outside the site (in an e-mail).
    pub chart_base: String,
    /// The admin who asked.
    pub requested_by: Option<String>,
}

impl Job for GenerateNewsletter {
    const QUEUE: &'static str = "newsletter";
    const MAX_ATTEMPTS: u32 = 3;
    /// A language model may take a minute or two for a long piece.
    const TIMEOUT: Duration = Duration::from_secs(300);

    const DEDUPE_RULE: Option<&'static str> = Some("newsletter:{hash of the payload}");

    /// The same request made again while it is queued or running joins that job.
    fn dedupe_key(&self) -> Option<String> {
        let payload = serde_json::to_vec(self).unwrap_or_default();
        Some(format!(
            "newsletter:{}",
            hex::encode(&Sha256::digest(&payload)[..16])
        ))
    }
}
