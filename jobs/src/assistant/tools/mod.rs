//! The assistant's tools: small, typed, read-only look-ups a responder routes a message to.
//! Each returns structured data with the provenance the stock page shows; figures come from
//! the stored analysis records (never from text written here). One file per tool:
//! [`company`] (find a company by name or ticker), [`score`] (a stock's score and the reason
//! per question), [`question`] (one question in depth), [`compare`] (up to three stocks side
//! by side), [`top`] (the Top 25), [`documents`] (a stock's uploaded documents, passages that
//! match well enough) and [`glossary`] (an investing term explained). Each file also declares
//! the tool as a function call (its schema and arguments); [`calls`] runs a call by name.

pub mod calls;
pub mod company;
pub mod compare;
pub mod documents;
pub mod glossary;
pub mod question;
pub mod score;
pub mod spec;
pub mod top;

use std::sync::{Arc, Mutex};

use super::retrieval::{Retriever, StoreRetriever};
use crate::{
    analysis::AnalysisRecord,
    store::{Store, StoreResult},
};

/// Which tool an answer used (the question set checks the routing by it).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Tool {
    FindCompany,
    Score,
    Question,
    Compare,
    Top,
    Documents,
    Glossary,
    /// The curated basics of the home page (`knowledge.md`).
    Basics,
}

impl Tool {
    /// The tool's name in the question set.
    pub fn name(self) -> &'static str {
        match self {
            Tool::FindCompany => "find_company",
            Tool::Score => "score",
            Tool::Question => "question",
            Tool::Compare => "compare",
            Tool::Top => "top",
            Tool::Documents => "documents",
            Tool::Glossary => "glossary",
            Tool::Basics => "basics",
        }
    }
}

/// The tools over one store. Cheap to clone; the name index is loaded once a minute.
#[derive(Clone)]
pub struct Toolbox {
    store: Store,
    retriever: Arc<dyn Retriever>,
    names: Arc<Mutex<Option<company::CachedIndex>>>,
}

impl std::fmt::Debug for Toolbox {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Toolbox").finish_non_exhaustive()
    }
}

impl Toolbox {
    pub fn new(store: Store) -> Self {
        Toolbox {
            retriever: Arc::new(StoreRetriever(store.clone())),
            store,
            names: Arc::new(Mutex::new(None)),
        }
    }

    /// The latest stored analysis of `symbol`.
    pub async fn record(&self, symbol: &str) -> StoreResult<Option<AnalysisRecord>> {
        Ok(self.store.latest_analysis(symbol).await?.map(|a| a.record))
    }
}
