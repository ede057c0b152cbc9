//! Document passages for the assistant: stored document text (`rag_documents`) split into
//! chunks (`rag_chunks`), searched with each database's full-text index (SQLite FTS5,
//! Postgres tsvector). `store::documents` writes them (uploads and fetched 10-Ks alike); the
//! assistant reads them here.

use super::{Store, StoreResult};
use crate::documents::search_words;

/// One retrieved chunk with the document it came from.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct Passage {
    pub chunk_id: i64,
    pub document_id: i64,
    pub file_name: String,
    /// Position of the chunk in its document, from 0.
    pub ordinal: i32,
    pub content: String,
}

impl Store {
    /// The `limit` chunks of `symbol`'s documents that best match any word of `question`,
    /// best first. Empty when the question has no searchable word.
    #[tracing::instrument(skip(self), err)]
    pub async fn search_passages(
        &self,
        symbol: &str,
        question: &str,
        limit: i64,
    ) -> StoreResult<Vec<Passage>> {
        let words = search_words(question);
        if words.is_empty() {
            return Ok(Vec::new());
        }
        let passages = per_backend!(self,
            sqlite(pool) => {
                let query = words.iter().map(|w| format!("\"{w}\"")).collect::<Vec<_>>().join(" OR ");
                sqlx::query_as(
                    "SELECT c.id AS chunk_id, c.document_id, d.file_name, c.ordinal, c.content
                     FROM rag_chunks_fts JOIN rag_chunks c ON c.id = rag_chunks_fts.rowid
                     JOIN rag_documents d ON d.id = c.document_id
                     WHERE rag_chunks_fts MATCH $1 AND c.symbol = $2
                     ORDER BY bm25(rag_chunks_fts), c.id LIMIT $3",
                )
                .bind(query)
                .bind(symbol)
                .bind(limit)
                .fetch_all(pool)
                .await?
            },
            postgres(pool) => {
                let query = words.join(" or ");
                sqlx::query_as(
                    "SELECT c.id AS chunk_id, c.document_id, d.file_name, c.ordinal, c.content
                     FROM rag_chunks c JOIN rag_documents d ON d.id = c.document_id
                     WHERE c.search_vector @@ websearch_to_tsquery('english', $1) AND c.symbol = $2
                     ORDER BY ts_rank(c.search_vector, websearch_to_tsquery('english', $1)) DESC, c.id LIMIT $3",
                )
                .bind(query)
                .bind(symbol)
                .bind(limit)
                .fetch_all(pool)
                .await?
            }
        );
        Ok(passages)
    }
}
