//! Document passages for the assistant: stored document text (`rag_documents`) split into
//! chunks (`rag_chunks`), searched with each database's full-text index (SQLite FTS5,
//! Postgres tsvector). The admin's uploads and fetched 10-Ks write here; the assistant reads.

use super::{Store, StoreResult};

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

/// Words too common to tell passages apart (SQLite's FTS5 keeps them; any chunk has them).
const STOP_WORDS: &[&str] = &[
    "the", "and", "for", "what", "whats", "how", "does", "did", "are", "was", "were", "this",
    "that", "with", "about", "they", "their", "them", "have", "has", "its", "you", "your", "can",
    "will", "would", "should", "there", "which", "who", "why", "when", "from", "into", "tell",
    "say", "says", "any", "much", "many", "some", "than", "then", "but", "not", "all", "our",
];

/// Search words of a question: letters and digits only, at least 3 long, no stop words, at
/// most 12 of them. Quoting each word keeps FTS5's own query syntax out of user text.
pub fn search_words(question: &str) -> Vec<String> {
    let mut words: Vec<String> = question
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| w.chars().count() >= 3)
        .map(str::to_lowercase)
        .filter(|w| !STOP_WORDS.contains(&w.as_str()))
        .collect();
    words.dedup();
    words.truncate(12);
    words
}

impl Store {
    /// Stores a document's text and its chunks (in order) in one transaction; returns the
    /// document id. Replaces a document of the same symbol and file name.
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
        let doc_sql = "INSERT INTO rag_documents (symbol, file_name, file_type, content, original_size, extracted_size)
            VALUES ($1, $2, $3, $4, $5, $5) RETURNING id";
        let chunk_sql = "INSERT INTO rag_chunks (document_id, symbol, ordinal, content) VALUES ($1, $2, $3, $4)";
        let size = i32::try_from(content.len()).unwrap_or(i32::MAX);
        let id = with_pool!(self, pool => {
            let mut tx = pool.begin().await?;
            sqlx::query(delete_sql).bind(symbol).bind(file_name).execute(&mut *tx).await?;
            let id: i64 = sqlx::query_scalar(doc_sql)
                .bind(symbol)
                .bind(file_name)
                .bind(file_type)
                .bind(content)
                .bind(size)
                .fetch_one(&mut *tx)
                .await?;
            for (ordinal, chunk) in chunks.iter().enumerate() {
                sqlx::query(chunk_sql)
                    .bind(id)
                    .bind(symbol)
                    .bind(i32::try_from(ordinal).unwrap_or(i32::MAX))
                    .bind(chunk)
                    .execute(&mut *tx)
                    .await?;
            }
            tx.commit().await?;
            id
        });
        Ok(id)
    }

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
