//! The code under fuzzing. `jobs/src/documents` depends on nothing else of `jobs`, so it is
//! compiled here on its own; targets that need more of `jobs` can depend on it instead.
#![allow(dead_code)]

#[path = "../../jobs/src/documents/mod.rs"]
pub mod documents;

/// The 10-K Item splitter and the bulk editor's parser: plain text in, plain data out.
pub mod tenk {
    #[path = "../../../jobs/src/tenk/bulk.rs"]
    pub mod bulk;
    #[path = "../../../jobs/src/tenk/items.rs"]
    pub mod items;
    #[path = "../../../jobs/src/tenk/sections.rs"]
    pub mod sections;
}
