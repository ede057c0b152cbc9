//! The admin's document calls (the spec's "RAG documents"), mounted under
//! `/api/admin` by [`super::admin`] and so behind its admin check:
//! `GET /rag-docs/{symbol}`, `POST /upload-rag/{symbol}`, `DELETE /rag-docs/{id}`.
//!
//! The symbol must be a company the ticker directory knows and the product analyses (404 for
//! an unknown ticker, 422 for a preferred share or a note; GOOG files under GOOGL), the same
//! check as the stock page. An upload is multipart with repeated `file` parts and an optional
//! `filingDate`. Each file's type is decided by its content (pdf, txt, html or xml;
//! `jobs::documents::sniff`), never by its name. Files are written to disk as they arrive
//! ([`crate::upload_spool`]) and read into memory only to be stored, one file at a time and
//! two uploads at a time.
//! The request is checked whole before anything is stored: one refused file refuses the
//! upload, naming the file. Accepted files are stored (the original bytes, in
//! `rag_documents.original`) in state 'extracting', replacing a document of the same symbol
//! and file name, and an `ExtractDocument` job per file, queued in the same transaction
//! (`jobs::uploads`), extracts, chunks and indexes the text. Upload errors answer
//! `{error, message}` (the spec's error field; `message` like every other call).

use axum::{
    Json, Router,
    extract::{DefaultBodyLimit, Multipart, State, multipart::Field},
    http::StatusCode,
    response::{IntoResponse, Response},
    routing::{get, post},
};
use chrono::NaiveDate;
use jobs::{
    documents::{DocumentType, sniff},
    store::documents::RagDocument,
    symbol::TickerSymbol,
    uploads::{self, UploadFile},
};
use serde::Serialize;

use crate::{
    AppState,
    error::{ApiError, ApiResult},
    path_params::PathParams,
    upload_spool::{self, Spooled},
};

/// Largest single file (the 307-page Lyft 10-K PDF is 3.3 MB).
pub const MAX_FILE_BYTES: usize = 25 * 1024 * 1024;
/// Largest upload request, all files together.
pub const MAX_REQUEST_BYTES: usize = 60 * 1024 * 1024;
/// Most files in one upload.
pub const MAX_FILES: usize = 20;
/// Longest file name (the column's limit).
const MAX_NAME_CHARS: usize = 255;

/// Paths relative to `/api/admin`.
pub fn router() -> Router<AppState> {
    Router::new()
        // One path: a symbol to list, a document id to delete.
        .route("/rag-docs/{target}", get(list).delete(remove))
        .route(
            "/upload-rag/{symbol}",
            // Room for the files plus the multipart framing; each file is checked as it
            // streams in.
            post(upload).layer(DefaultBodyLimit::max(MAX_REQUEST_BYTES + 64 * 1024)),
        )
}

/// `GET /api/admin/rag-docs/{symbol}`: the stock's documents, newest first.
#[tracing::instrument(skip(state), err(level = "info"))]
async fn list(
    State(state): State<AppState>,
    PathParams(symbol): PathParams<String>,
) -> ApiResult<Json<Vec<RagDocument>>> {
    let symbol = TickerSymbol::parse(Some(&symbol))?;
    Ok(Json(state.store.documents(symbol.as_str()).await?))
}

/// `DELETE /api/admin/rag-docs/{id}` answers this.
#[derive(Debug, Serialize, ts_rs::TS)]
pub struct DocumentDeletedOut {
    #[ts(type = "number")]
    id: i64,
}

/// `DELETE /api/admin/rag-docs/{id}`: the document and its chunks; 404 when there is none.
#[tracing::instrument(skip(state), err(level = "info"))]
async fn remove(
    State(state): State<AppState>,
    PathParams(id): PathParams<String>,
) -> ApiResult<Json<DocumentDeletedOut>> {
    let gone = || crate::error::ApiError::NotFound("That document no longer exists.".into());
    let id: i64 = id.trim().parse().map_err(|_| gone())?;
    if !state.store.delete_document(id).await? {
        return Err(gone());
    }
    Ok(Json(DocumentDeletedOut { id }))
}

/// One stored file of an upload.
#[derive(Debug, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct UploadedOut {
    #[ts(type = "number")]
    pub id: i64,
    pub file_name: String,
    pub file_type: String,
    pub original_size: u32,
    /// The `ExtractDocument` job (`GET /api/jobs/{id}` shows its progress).
    pub job_id: String,
}

/// `POST /api/admin/upload-rag/{symbol}` answers this (201).
#[derive(Debug, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct UploadOut {
    pub symbol: String,
    pub documents: Vec<UploadedOut>,
}

/// A refused upload: `{error, message}` with the same text.
#[derive(Debug, Serialize, ts_rs::TS)]
pub struct UploadErrorOut {
    pub error: String,
    pub message: String,
}

/// Why an upload was refused: an [`ApiError`] answered as `{error, message}` (its status and
/// its text for people; a server-side failure is logged and answered generically).
#[derive(Debug, thiserror::Error)]
#[error(transparent)]
pub struct UploadRefused(pub ApiError);

impl UploadRefused {
    fn bad(message: impl Into<String>) -> Self {
        UploadRefused(ApiError::BadRequest(message.into()))
    }
}

impl<E: Into<ApiError>> From<E> for UploadRefused {
    fn from(err: E) -> Self {
        UploadRefused(err.into())
    }
}

impl IntoResponse for UploadRefused {
    fn into_response(self) -> Response {
        let (status, message) = self.0.into_parts();
        let body = UploadErrorOut {
            error: message.clone(),
            message,
        };
        (status, Json(body)).into_response()
    }
}

/// A file read from the request onto disk, checked.
struct Incoming {
    name: String,
    kind: DocumentType,
    file: Spooled,
}

/// `POST /api/admin/upload-rag/{symbol}`: stores every file and queues its extraction.
#[tracing::instrument(skip(state, multipart), err(level = "info"))]
async fn upload(
    State(state): State<AppState>,
    PathParams(symbol): PathParams<String>,
    mut multipart: Multipart,
) -> Result<(StatusCode, Json<UploadOut>), UploadRefused> {
    // A document for a company no one can look up would never be read: the symbol must be a
    // known, analysable company (another share class files under its main ticker), checked
    // before a byte of the body is read.
    let symbol = super::analysis::known_symbol(&state, &symbol).await?;
    let mut files: Vec<Incoming> = Vec::new();
    let mut filing_date = None;
    let mut total = 0usize;
    while let Some(field) = multipart.next_field().await.map_err(read_error)? {
        match field.name() {
            Some("file") => {
                if files.len() == MAX_FILES {
                    return Err(UploadRefused::bad(format!(
                        "Please upload at most {MAX_FILES} files at a time."
                    )));
                }
                let file = read_file(field, MAX_REQUEST_BYTES - total).await?;
                total += file.file.len;
                files.retain(|f| f.name != file.name);
                files.push(file);
            }
            Some("filingDate") => {
                let raw = field.text().await.map_err(read_error)?;
                filing_date = parse_filing_date(&raw)?;
            }
            // Anything else (a browser's extra fields) is ignored.
            _ => {}
        }
    }
    if files.is_empty() {
        return Err(UploadRefused::bad("Please select files to upload first"));
    }
    // The files' bytes come into memory only while they are stored, one file at a time, two
    // uploads at a time.
    let _turn = upload_spool::store_permit()
        .await
        .map_err(|err| ApiError::Internal(err.into()))?;
    let stored: Vec<UploadFile> = files
        .iter()
        .map(|file| UploadFile {
            symbol: symbol.as_str(),
            file_name: &file.name,
            file_type: file.kind.as_str(),
            filing_date,
        })
        .collect();
    let read = |i: usize| {
        let bytes = files[i].file.read();
        async move { bytes.await.map_err(spool_error) }
    };
    let queued = uploads::store_and_queue(&state.queue, &stored, read, chrono::Utc::now()).await?;
    let documents = files
        .iter()
        .zip(queued)
        .map(|(file, queued)| UploadedOut {
            id: queued.document_id,
            file_name: file.name.clone(),
            file_type: file.kind.as_str().to_string(),
            original_size: u32::try_from(file.file.len).unwrap_or(u32::MAX),
            job_id: queued.job_id,
        })
        .collect();
    let out = UploadOut {
        symbol: symbol.as_str().to_string(),
        documents,
    };
    Ok((StatusCode::CREATED, Json(out)))
}

/// Reads one `file` part onto disk, refusing it as soon as it passes the per-file limit or
/// what is left of the request's, then checks its name and content.
async fn read_file(mut field: Field<'_>, room: usize) -> Result<Incoming, UploadRefused> {
    let name = clean_name(field.file_name().unwrap_or_default())?;
    let mut file = Spooled::create().await.map_err(spool_error)?;
    while let Some(chunk) = field.chunk().await.map_err(read_error)? {
        file.write(&chunk).await.map_err(spool_error)?;
        if file.len > MAX_FILE_BYTES {
            return Err(UploadRefused(ApiError::PayloadTooLarge(format!(
                "{name} is larger than {} MB, the limit per file.",
                MAX_FILE_BYTES / (1024 * 1024)
            ))));
        }
        if file.len > room {
            return Err(too_large_request());
        }
    }
    file.finish().await.map_err(spool_error)?;
    if file.len == 0 {
        return Err(UploadRefused::bad(format!("{name} is empty.")));
    }
    let Some(kind) = sniff(&file.head) else {
        return Err(UploadRefused(ApiError::UnsupportedMediaType(format!(
            "{name} is not a PDF, text, HTML or XML file (judged by its content, not its name)."
        ))));
    };
    Ok(Incoming { name, kind, file })
}

/// The temporary folder failed us (full, unwritable): a server fault, logged, not the admin's.
fn spool_error(err: std::io::Error) -> UploadRefused {
    UploadRefused(ApiError::Internal(
        anyhow::Error::new(err).context("spooling an upload"),
    ))
}

/// The file name without any folder a browser or tool may send, trimmed and bounded.
fn clean_name(raw: &str) -> Result<String, UploadRefused> {
    let base = raw.rsplit(['/', '\\']).next().unwrap_or_default().trim();
    let name: String = base.chars().filter(|c| !is_invisible(*c)).collect();
    if name.is_empty() || name == "." || name == ".." {
        return Err(UploadRefused::bad("Every file needs a file name."));
    }
    if name.chars().count() > MAX_NAME_CHARS {
        return Err(UploadRefused::bad(format!(
            "File names can be at most {MAX_NAME_CHARS} characters long."
        )));
    }
    Ok(name)
}

/// Characters a file name never shows but that change how it reads: control characters, the
/// bidirectional overrides, embeddings, isolates and marks (U+202E makes "txt.exe" show as
/// "exe.txt"), zero-width characters and the byte-order mark.
fn is_invisible(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            '\u{061C}'
                | '\u{200B}'..='\u{200F}'
                | '\u{202A}'..='\u{202E}'
                | '\u{2060}'..='\u{2069}'
                | '\u{FEFF}'
        )
}

/// `filingDate`: empty means none; otherwise a `YYYY-MM-DD` date.
fn parse_filing_date(raw: &str) -> Result<Option<NaiveDate>, UploadRefused> {
    let raw = raw.trim();
    if raw.is_empty() {
        return Ok(None);
    }
    NaiveDate::parse_from_str(raw, "%Y-%m-%d")
        .map(Some)
        .map_err(|_| UploadRefused::bad("The filing date must be a date like 2025-02-07."))
}

fn too_large_request() -> UploadRefused {
    UploadRefused(ApiError::PayloadTooLarge(format!(
        "This upload is larger than {} MB in all; please send fewer files at a time.",
        MAX_REQUEST_BYTES / (1024 * 1024)
    )))
}

/// A multipart stream that could not be read: over the request limit, or malformed.
fn read_error(err: axum::extract::multipart::MultipartError) -> UploadRefused {
    if err.status() == StatusCode::PAYLOAD_TOO_LARGE {
        return too_large_request();
    }
    UploadRefused::bad(format!("We couldn't read that upload: {}", err.body_text()))
}

#[cfg(test)]
mod tests {
    use super::clean_name;

    #[test]
    fn file_names_lose_bidi_overrides_and_invisible_characters() {
        // "report\u{202E}txt.exe" shows as "reportexe.txt" in a right-to-left override.
        assert_eq!(
            clean_name("report\u{202E}txt.exe").unwrap(),
            "reporttxt.exe"
        );
        assert_eq!(
            clean_name("\u{2067}a\u{200B}b\u{FEFF}.pdf\u{2069}").unwrap(),
            "ab.pdf"
        );
        assert_eq!(clean_name("dir/10-K\u{0}.htm").unwrap(), "10-K.htm");
        assert!(
            clean_name("\u{202E}\u{202C}").is_err(),
            "nothing visible left"
        );
        assert_eq!(clean_name("مرحبا.pdf").unwrap(), "مرحبا.pdf");
    }
}
