//! Finds a company's latest 10-K as text. In order:
//! 1. SEC: the company's submissions list its 10-Ks; the newest one's primary document comes
//!    from the archives (live: `SEC_WWW_BASE_URL/Archives/edgar/data/{cik}/{accession}/{doc}`;
//!    snapshot: `sec/archives/{cik}/{accession}/{doc}.gz`, where the newest filing may be
//!    missing: then the newest one the snapshot has, and the draft says which it is).
//! 2. Snapshot only: `documents/10-K/{symbol}-10-k-{filing date}.html.gz`.
//! 3. The newest uploaded document of the symbol whose name says 10-K.
//!
//! Otherwise a clear reason. A fetched document is converted to text here.

use std::time::Duration;

use chrono::NaiveDate;

use crate::{
    documents::html::html_to_text,
    market_data::submissions::Filing,
    queue::JobContext,
    sources::{
        SourceError,
        http::{Expect, LiveConfig},
        snapshot::gunzip,
    },
};

/// The biggest 10-K document we read (the largest real ones are about 15 MB of HTML).
pub const MAX_DOCUMENT_BYTES: usize = 40 * 1024 * 1024;

/// A 10-K found for a symbol, as text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FoundTenK {
    pub text: String,
    /// Where it came from, for people ("SEC EDGAR: 10-K filed 2024-11-01, aapl-20240928.htm").
    pub origin: String,
    /// The name it is indexed under for the chat (`None`: it is an upload, indexed already).
    pub index_as: Option<String>,
    pub original_size: usize,
    pub filing_date: Option<NaiveDate>,
    /// The fiscal year end it covers, when SEC says.
    pub report_date: Option<NaiveDate>,
    /// A remark for the reader (an older 10-K than SEC's newest was used).
    pub note: Option<String>,
}

/// Why no 10-K could be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LocateError {
    #[error("{0}")]
    NotFound(String),
    /// A source failed in a way worth retrying (network, rate limit).
    #[error("{0}")]
    Upstream(String),
}

/// Finds the latest 10-K of `symbol` (upper case); see the module comment for the order.
pub async fn find_latest_10k(ctx: &JobContext, symbol: &str) -> Result<FoundTenK, LocateError> {
    let mut tried = Vec::new();
    match ctx.store.find_ticker(symbol).await {
        Ok(Some(company)) => match from_sec(ctx, company.cik as u64).await? {
            Some(found) => return Ok(found),
            None => tried.push("SEC lists no 10-K we could read"),
        },
        Ok(None) => tried.push("it is not in SEC's ticker list"),
        Err(err) => return Err(LocateError::Upstream(format!("the store failed: {err}"))),
    }
    if let Some(found) = from_snapshot_documents(ctx, symbol).await? {
        return Ok(found);
    }
    match ctx.store.newest_uploaded_10k(symbol).await {
        Ok(Some(doc)) => {
            return Ok(FoundTenK {
                original_size: doc.content.len(),
                origin: format!("uploaded document {}", doc.file_name),
                text: doc.content,
                index_as: None,
                filing_date: doc.filing_date,
                report_date: None,
                note: None,
            });
        }
        Ok(None) => tried.push("no 10-K document has been uploaded for it"),
        Err(err) => return Err(LocateError::Upstream(format!("the store failed: {err}"))),
    }
    Err(LocateError::NotFound(format!(
        "No 10-K found for {symbol}: {}. Upload its 10-K (a file with 10-K in its name) under RAG Document Management and try again.",
        tried.join(", and ")
    )))
}

/// The newest readable 10-K in SEC's archives, or `None` when SEC lists none.
async fn from_sec(ctx: &JobContext, cik: u64) -> Result<Option<FoundTenK>, LocateError> {
    let submissions = match ctx.sources.submissions.submissions(cik).await {
        Ok(s) => s,
        Err(SourceError::NotFound) => return Ok(None),
        Err(err) => return Err(LocateError::Upstream(format!("SEC submissions: {err}"))),
    };
    let mut filings: Vec<&Filing> = submissions
        .filings
        .iter()
        .filter(|f| f.form == "10-K" && !f.primary_document.is_empty())
        .collect();
    filings.sort_by_key(|f| std::cmp::Reverse((f.filing_date, f.accession_number.clone())));
    let Some(newest) = filings.first().copied() else {
        return Ok(None);
    };
    for filing in &filings {
        let html = match archived_document(ctx, cik, filing).await {
            Ok(html) => html,
            // Only the snapshot can lack a filing SEC lists; live, a 404 is final too.
            Err(SourceError::NotFound) => continue,
            Err(err) => return Err(LocateError::Upstream(format!("SEC archives: {err}"))),
        };
        let note = (filing.accession_number != newest.accession_number).then(|| {
            format!(
                "SEC's newest 10-K (filed {}) is not in the local data; this is the one filed {}.",
                date_text(newest.filing_date),
                date_text(filing.filing_date)
            )
        });
        let original_size = html.len();
        let text = to_text(html).await?;
        return Ok(Some(FoundTenK {
            text,
            origin: format!(
                "SEC EDGAR: 10-K filed {}, {}",
                date_text(filing.filing_date),
                filing.primary_document
            ),
            index_as: Some(format!(
                "10-K {} {}",
                date_text(filing.filing_date),
                filing.primary_document
            )),
            original_size,
            filing_date: filing.filing_date,
            report_date: filing.report_date,
            note,
        }));
    }
    Ok(None)
}

fn date_text(date: Option<NaiveDate>) -> String {
    date.map_or_else(|| "on an unknown date".into(), |d| d.to_string())
}

/// The primary document of `filing`, from the snapshot or live.
async fn archived_document(
    ctx: &JobContext,
    cik: u64,
    filing: &Filing,
) -> Result<Vec<u8>, SourceError> {
    let accession: String = filing
        .accession_number
        .chars()
        .filter(char::is_ascii_digit)
        .collect();
    // The document name comes from SEC's JSON: keep it to one plain path segment.
    let document = &filing.primary_document;
    if document.contains(['/', '\\']) || document.starts_with('.') {
        return Err(SourceError::NotFound);
    }
    match &ctx.settings.market_data_dir {
        Some(dir) => {
            let path = dir
                .join("sec/archives")
                .join(cik.to_string())
                .join(&accession)
                .join(format!("{document}.gz"));
            let bytes = read_file(&path).await?;
            gunzip(&bytes)
        }
        None => {
            ctx.limiter
                .acquire("sec", crate::infra::SEC_REQUESTS_PER_SECOND)
                .await;
            let url = format!(
                "{}/Archives/edgar/data/{cik}/{accession}/{document}",
                ctx.settings.sec_www_base_url.trim_end_matches('/')
            );
            fetch_html(ctx, &url).await
        }
    }
}

async fn read_file(path: &std::path::Path) -> Result<Vec<u8>, SourceError> {
    match tokio::fs::read(path).await {
        Ok(bytes) => Ok(bytes),
        Err(err) if err.kind() == std::io::ErrorKind::NotFound => Err(SourceError::NotFound),
        Err(err) => Err(SourceError::Upstream(format!(
            "cannot read {}: {err}",
            path.display()
        ))),
    }
}

/// GETs an HTML document from SEC, within [`MAX_DOCUMENT_BYTES`] and a minute (a 10-K is
/// far larger than the JSON the shared client's timeout is set for).
async fn fetch_html(ctx: &JobContext, url: &str) -> Result<Vec<u8>, SourceError> {
    ctx.http
        .get_document(
            url,
            Expect::Html,
            MAX_DOCUMENT_BYTES,
            Some(
                LiveConfig::from_settings(&ctx.settings)
                    .timeout
                    .max(Duration::from_secs(60)),
            ),
        )
        .await
}

/// `documents/10-K/{symbol}-10-k-{date}.html.gz` in the snapshot, newest first.
async fn from_snapshot_documents(
    ctx: &JobContext,
    symbol: &str,
) -> Result<Option<FoundTenK>, LocateError> {
    let Some(dir) = &ctx.settings.market_data_dir else {
        return Ok(None);
    };
    let folder = dir.join("documents/10-K");
    let prefix = format!("{}-10-k-", symbol.to_lowercase());
    let mut names = Vec::new();
    if let Ok(mut entries) = tokio::fs::read_dir(&folder).await {
        while let Ok(Some(entry)) = entries.next_entry().await {
            let name = entry.file_name().to_string_lossy().to_string();
            if name.starts_with(&prefix) && name.ends_with(".html.gz") {
                names.push(name);
            }
        }
    }
    // The filing date is in the name, so the greatest name is the newest.
    names.sort();
    let Some(name) = names.pop() else {
        return Ok(None);
    };
    let bytes = read_file(&folder.join(&name))
        .await
        .and_then(|b| gunzip(&b))
        .map_err(|e| LocateError::Upstream(format!("{name}: {e}")))?;
    let filing_date = name
        .trim_end_matches(".html.gz")
        .get(prefix.len()..)
        .and_then(|d| NaiveDate::parse_from_str(d, "%Y-%m-%d").ok());
    let original_size = bytes.len();
    let text = to_text(bytes).await?;
    let file = name.trim_end_matches(".gz").to_string();
    Ok(Some(FoundTenK {
        text,
        origin: format!("10-K document {file}"),
        index_as: Some(format!("10-K {file}")),
        original_size,
        filing_date,
        report_date: None,
        note: None,
    }))
}

/// HTML (or plain text) bytes to text, off the async threads.
async fn to_text(bytes: Vec<u8>) -> Result<String, LocateError> {
    if bytes.len() > MAX_DOCUMENT_BYTES {
        return Err(LocateError::NotFound(
            "the 10-K document is too large to read".into(),
        ));
    }
    tokio::task::spawn_blocking(move || {
        let html = String::from_utf8_lossy(&bytes);
        html_to_text(&html)
    })
    .await
    .map_err(|e| LocateError::Upstream(format!("converting the 10-K failed: {e}")))
}
