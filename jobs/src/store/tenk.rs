//! What the 10-K auto-analysis reads and writes besides the shared document
//! tables' own calls: the newest uploaded 10-K of a symbol and the filing date of a fetched
//! one.

use chrono::NaiveDate;

use super::{Store, StoreResult};

/// An uploaded document that is a 10-K (its name or type says so), as extracted text.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct UploadedTenK {
    pub id: i64,
    pub file_name: String,
    pub content: String,
    pub filing_date: Option<NaiveDate>,
}

impl Store {
    /// The newest document of `symbol` whose file name or type names a 10-K ("10-K", "10k",
    /// any case) and that has text: by filing date, then upload time.
    #[tracing::instrument(skip(self), err)]
    pub async fn newest_uploaded_10k(&self, symbol: &str) -> StoreResult<Option<UploadedTenK>> {
        let sql = "SELECT id, file_name, content, filing_date FROM rag_documents
            WHERE symbol = $1 AND content IS NOT NULL AND content <> ''
              AND (lower(file_name) LIKE '%10-k%' OR lower(file_name) LIKE '%10k%'
                   OR lower(file_name) LIKE '%10_k%' OR lower(coalesce(file_type, '')) LIKE '%10-k%')
            ORDER BY filing_date DESC NULLS LAST, uploaded_at DESC, id DESC LIMIT 1";
        Ok(with_pool!(self, pool => sqlx::query_as(sql).bind(symbol).fetch_optional(pool).await?))
    }

    /// Records the filing date of document `id` (a fetched 10-K).
    pub async fn set_document_filing_date(&self, id: i64, date: NaiveDate) -> StoreResult<()> {
        let sql = "UPDATE rag_documents SET filing_date = $1 WHERE id = $2";
        with_pool!(self, pool => sqlx::query(sql).bind(date).bind(id).execute(pool).await?.rows_affected());
        Ok(())
    }
}
