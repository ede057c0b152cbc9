//! Retrieval of document passages behind one small interface, so the document pipeline
//! (uploads, fetched 10-Ks, better ranking) can change without touching the assistant.

use futures::future::BoxFuture;

use crate::store::{Store, StoreResult, passages::Passage};

/// How many passages go into a grounding.
pub const TOP_K: i64 = 4;

/// Finds the passages of a stock's documents that best match a question.
pub trait Retriever: Send + Sync {
    fn passages<'a>(
        &'a self,
        symbol: &'a str,
        question: &'a str,
        k: i64,
    ) -> BoxFuture<'a, StoreResult<Vec<Passage>>>;
}

/// Full-text search over the stored chunks (SQLite FTS5 / Postgres tsvector).
#[derive(Debug, Clone)]
pub struct StoreRetriever(pub Store);

impl Retriever for StoreRetriever {
    fn passages<'a>(
        &'a self,
        symbol: &'a str,
        question: &'a str,
        k: i64,
    ) -> BoxFuture<'a, StoreResult<Vec<Passage>>> {
        Box::pin(self.0.search_passages(symbol, question, k))
    }
}
