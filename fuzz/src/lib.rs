//! The code under fuzzing. `jobs/src/documents` depends on nothing else of `jobs`, so it is
//! compiled here on its own; targets that need more of `jobs` can depend on it instead.
#![allow(dead_code)]

#[path = "../../jobs/src/documents/mod.rs"]
pub mod documents;

pub mod tenk;
