//! What the 10-K auto-analysis (issue 12) reads and writes besides the shared document
//! tables' own calls: the newest uploaded 10-K of a symbol, the filing date of a fetched
//! one, and a finished job's output (the draft the API hands back).

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

    /// The output of job `id` once it has finished well (`None` while it runs, after a
    /// failure, or for an unknown id). The queue stores it as `{"Ok": output}`.
    pub async fn job_output(&self, id: &str) -> StoreResult<Option<serde_json::Value>> {
        let raw: Option<Option<String>> = per_backend!(self,
            sqlite(pool) => sqlx::query_scalar("SELECT last_result FROM Jobs WHERE id = $1 AND status = 'Done'")
                .bind(id).fetch_optional(pool).await?,
            postgres(pool) => sqlx::query_scalar("SELECT last_result::text FROM apalis.jobs WHERE id = $1 AND status = 'Done'")
                .bind(id).fetch_optional(pool).await?
        );
        Ok(raw
            .flatten()
            .and_then(|text| serde_json::from_str::<serde_json::Value>(&text).ok())
            .and_then(|mut value| value.get_mut("Ok").map(serde_json::Value::take)))
    }
}
