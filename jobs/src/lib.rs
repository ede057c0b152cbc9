//! Shared library of Ask Bubba: job payloads and handlers, data sources, analysis, and the
//! `Store` over SQLite and Postgres. The `api` and `worker` binaries depend on it; it depends on
//! neither.
#![forbid(unsafe_code)]

pub mod accounts;
pub mod analysis;
pub mod analysis_request;
pub mod assistant;
pub mod batch;
pub mod content;
/// A fake LLM provider speaking the documented streaming formats (tests only).
#[cfg(feature = "testing")]
pub mod fake_llm;
pub mod handlers;
pub mod infra;
pub mod mail;
pub mod market_data;
pub mod newsletter;
pub mod queue;
pub mod ranking;
pub mod runtime;
pub mod schedules;
pub mod securities;
pub mod settings;
pub mod sources;
pub mod store;
pub mod symbol;
pub mod tasks;
#[cfg(feature = "testing")]
pub mod testing;
pub mod uploads;
pub mod watchlist;
// Uploaded and fetched documents as text (type sniffing, extractors, chunking),
// and the 10-K auto-analysis.
pub mod documents;
pub mod tenk;
// Quarterly trends.
pub mod trends;
// Each question next to its sector's median.
pub mod peers;
