//! Documents (`rag_documents`, uploaded ones with their `original` bytes): stored by the
//! upload call in state 'extracting' (with their extraction jobs, in one transaction),
//! finished by the `ExtractDocument` job (text and chunks, or the reason it failed), or
//! stored as text at once (a fetched 10-K); listed and deleted by the admin. Both ways write
//! the text through one path, `StoreTx::write_text`; the chunks go to `rag_chunks`, where
//! `store::passages` searches them for the assistant.

use super::transaction::BeginWrite;
use chrono::{DateTime, NaiveDate, Utc};
use serde::Serialize;

use super::{Store, StoreResult, StoreTx, transaction::with_tx};

/// Characters of extracted text shown as a document's preview.
pub const PREVIEW_CHARS: i32 = 200;
/// Longest stored failure reason (the column's limit).
const MAX_FAILURE_CHARS: usize = 1000;

/// One row of the admin's document list (the spec's "RAG document"), plus where its
/// extraction stands. Sizes are bytes.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, sqlx::FromRow, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct RagDocument {
    #[ts(type = "number")]
    pub id: i64,
    pub file_name: String,
    pub file_type: Option<String>,
    pub uploaded_at: DateTime<Utc>,
    pub filing_date: Option<NaiveDate>,
    pub original_size: Option<i32>,
    /// `null` until the text is extracted.
    pub extracted_size: Option<i32>,
    /// The first [`PREVIEW_CHARS`] characters of the text.
    pub content_preview: Option<String>,
    /// 'extracting', 'ready' or 'failed'.
    pub status: String,
    /// Why extraction failed, when it did.
    pub failure: Option<String>,
}

/// A file to store, already checked by the upload call.
#[derive(Debug, Clone)]
pub struct NewUpload<'a> {
    pub symbol: &'a str,
    pub file_name: &'a str,
    pub file_type: &'a str,
    pub bytes: &'a [u8],
    pub filing_date: Option<NaiveDate>,
}

/// What the extraction job reads.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct ExtractionInput {
    pub symbol: String,
    pub file_type: Option<String>,
    pub original: Option<Vec<u8>>,
    pub status: String,
}

impl Store {
    /// Stores the files of one upload in state 'extracting', in one transaction; see
    /// [`StoreTx::insert_uploads`] (the upload call also queues their extraction in it).
    pub async fn save_uploads(
        &self,
        uploads: &[NewUpload<'_>],
        now: DateTime<Utc>,
    ) -> StoreResult<Vec<i64>> {
        let mut tx = self.begin().await?;
        let ids = tx.insert_uploads(uploads, now).await?;
        tx.commit().await?;
        Ok(ids)
    }

    /// Stores one upload; see [`Store::save_uploads`].
    pub async fn save_upload(
        &self,
        upload: &NewUpload<'_>,
        now: DateTime<Utc>,
    ) -> StoreResult<i64> {
        let ids = self.save_uploads(std::slice::from_ref(upload), now).await?;
        Ok(ids[0])
    }

    /// Stores a document that arrives as text (a fetched 10-K) with its chunks, in one
    /// transaction, replacing a document of the same symbol and file name; returns its id.
    /// The text is written the way an upload's extraction writes it ([`StoreTx::write_text`]).
    #[tracing::instrument(skip(self, content, chunks), err)]
    pub async fn save_document_text(
        &self,
        symbol: &str,
        file_name: &str,
        file_type: &str,
        content: &str,
        chunks: &[String],
    ) -> StoreResult<i64> {
        let delete_sql = "DELETE FROM rag_documents WHERE symbol = $1 AND file_name = $2";
        let doc_sql = "INSERT INTO rag_documents (symbol, file_name, file_type, original_size)
            VALUES ($1, $2, $3, $4) RETURNING id";
        let size = i32::try_from(content.len()).unwrap_or(i32::MAX);
        let mut tx = self.begin().await?;
        let id: i64 = with_tx!(tx, conn => {
            sqlx::query(delete_sql).bind(symbol).bind(file_name).execute(&mut **conn).await?;
            sqlx::query_scalar(doc_sql)
                .bind(symbol)
                .bind(file_name)
                .bind(file_type)
                .bind(size)
                .fetch_one(&mut **conn)
                .await?
        });
        tx.write_text(id, content, chunks).await?;
        tx.commit().await?;
        Ok(id)
    }

    /// The stored file of document `id`; `None` when it was deleted or replaced.
    #[tracing::instrument(skip(self), err)]
    pub async fn extraction_input(&self, id: i64) -> StoreResult<Option<ExtractionInput>> {
        let sql = "SELECT symbol, file_type, original, status FROM rag_documents WHERE id = $1";
        Ok(with_pool!(self, pool => sqlx::query_as(sql).bind(id).fetch_optional(pool).await?))
    }

    /// Stores the extracted text and its chunks (replacing any earlier ones) and marks the
    /// document 'ready', in one transaction. `false` when the document is gone.
    #[tracing::instrument(skip(self, text, chunks), fields(chunks = chunks.len()), err)]
    pub async fn finish_extraction(
        &self,
        id: i64,
        text: &str,
        chunks: &[String],
    ) -> StoreResult<bool> {
        let mut tx = self.begin().await?;
        let done = tx.write_text(id, text, chunks).await?;
        if done {
            tx.commit().await?;
        }
        Ok(done)
    }

    /// Marks document `id` 'failed' with `reason` (no text, no chunks). `false` when gone.
    #[tracing::instrument(skip(self), err)]
    pub async fn fail_extraction(&self, id: i64, reason: &str) -> StoreResult<bool> {
        let reason: String = reason.chars().take(MAX_FAILURE_CHARS).collect();
        let update_sql = "UPDATE rag_documents SET status = 'failed', failure = $2, content = NULL,
            extracted_size = NULL WHERE id = $1";
        let delete_sql = "DELETE FROM rag_chunks WHERE document_id = $1";
        let done = with_pool!(self, pool => {
            let mut tx = pool.begin_write().await?;
            let updated = sqlx::query(update_sql).bind(id).bind(&reason).execute(&mut *tx).await?;
            sqlx::query(delete_sql).bind(id).execute(&mut *tx).await?;
            tx.commit().await?;
            updated.rows_affected() > 0
        });
        Ok(done)
    }

    /// `symbol`'s documents, newest upload first.
    #[tracing::instrument(skip(self), err)]
    pub async fn documents(&self, symbol: &str) -> StoreResult<Vec<RagDocument>> {
        let sql = "SELECT id, file_name, file_type, uploaded_at, filing_date, original_size,
                extracted_size, substr(content, 1, $2) AS content_preview, status, failure
            FROM rag_documents WHERE symbol = $1 ORDER BY uploaded_at DESC, id DESC";
        Ok(with_pool!(self, pool => sqlx::query_as(sql)
            .bind(symbol)
            .bind(PREVIEW_CHARS)
            .fetch_all(pool)
            .await?))
    }

    /// One document's row; `None` when there is none.
    #[tracing::instrument(skip(self), err)]
    pub async fn document(&self, id: i64) -> StoreResult<Option<RagDocument>> {
        let sql = "SELECT id, file_name, file_type, uploaded_at, filing_date, original_size,
                extracted_size, substr(content, 1, $2) AS content_preview, status, failure
            FROM rag_documents WHERE id = $1";
        Ok(with_pool!(self, pool => sqlx::query_as(sql)
            .bind(id)
            .bind(PREVIEW_CHARS)
            .fetch_optional(pool)
            .await?))
    }

    /// Deletes document `id` and its chunks; `false` when there was none.
    #[tracing::instrument(skip(self), err)]
    pub async fn delete_document(&self, id: i64) -> StoreResult<bool> {
        let sql = "DELETE FROM rag_documents WHERE id = $1";
        let deleted = with_pool!(self, pool => sqlx::query(sql).bind(id).execute(pool).await?.rows_affected());
        Ok(deleted > 0)
    }
}

impl StoreTx {
    /// Writes the files of one upload in state 'extracting', each replacing the document of
    /// the same symbol and file name (its chunks go with it); returns the new ids in order.
    #[tracing::instrument(skip(self, uploads), fields(files = uploads.len()), err)]
    pub async fn insert_uploads(
        &mut self,
        uploads: &[NewUpload<'_>],
        now: DateTime<Utc>,
    ) -> StoreResult<Vec<i64>> {
        let delete_sql = "DELETE FROM rag_documents WHERE symbol = $1 AND file_name = $2";
        let insert_sql = "INSERT INTO rag_documents
            (symbol, file_name, file_type, original, original_size, filing_date, uploaded_at, status)
            VALUES ($1, $2, $3, $4, $5, $6, $7, 'extracting') RETURNING id";
        let mut ids = Vec::with_capacity(uploads.len());
        for upload in uploads {
            let size = i32::try_from(upload.bytes.len()).unwrap_or(i32::MAX);
            let id: i64 = with_tx!(self, conn => {
                sqlx::query(delete_sql)
                    .bind(upload.symbol)
                    .bind(upload.file_name)
                    .execute(&mut **conn)
                    .await?;
                sqlx::query_scalar(insert_sql)
                    .bind(upload.symbol)
                    .bind(upload.file_name)
                    .bind(upload.file_type)
                    .bind(upload.bytes)
                    .bind(size)
                    .bind(upload.filing_date)
                    .bind(now)
                    .fetch_one(&mut **conn)
                    .await?
            });
            ids.push(id);
        }
        Ok(ids)
    }

    /// The one way a document's text is stored, uploaded or fetched: its text, size and
    /// state 'ready', and its chunks in order (replacing earlier ones), where the assistant's
    /// search finds them. `false` when document `id` is gone.
    async fn write_text(&mut self, id: i64, text: &str, chunks: &[String]) -> StoreResult<bool> {
        let update_sql = "UPDATE rag_documents SET content = $2, extracted_size = $3,
            status = 'ready', failure = NULL WHERE id = $1 RETURNING symbol";
        let delete_sql = "DELETE FROM rag_chunks WHERE document_id = $1";
        let chunk_sql = "INSERT INTO rag_chunks (document_id, symbol, ordinal, content) VALUES ($1, $2, $3, $4)";
        let size = i32::try_from(text.len()).unwrap_or(i32::MAX);
        with_tx!(self, conn => {
            let symbol: Option<String> = sqlx::query_scalar(update_sql)
                .bind(id)
                .bind(text)
                .bind(size)
                .fetch_optional(&mut **conn)
                .await?;
            let Some(symbol) = symbol else {
                return Ok(false);
            };
            sqlx::query(delete_sql).bind(id).execute(&mut **conn).await?;
            for (ordinal, chunk) in chunks.iter().enumerate() {
                sqlx::query(chunk_sql)
                    .bind(id)
                    .bind(&symbol)
                    .bind(i32::try_from(ordinal).unwrap_or(i32::MAX))
                    .bind(chunk)
                    .execute(&mut **conn)
                    .await?;
            }
        });
        Ok(true)
    }
}
