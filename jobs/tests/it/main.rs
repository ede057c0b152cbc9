//! The integration tests of `jobs`, in one binary: the store on both databases, the sources on
//! the real snapshot and a local HTTP server, the analysis on real companies.

mod accounts_mail;
mod accounts_store;
mod analysis_changes;
mod analysis_common;
mod analysis_companies;
mod analysis_industry_rules;
mod analysis_names;
mod analysis_numbers;
mod analysis_props;
mod analysis_provenance;
mod analysis_text;
mod assistant_offline;
mod assistant_providers;
mod assistant_questions;
mod batch_store;
mod chat_store;
mod content_props;
mod content_sync;
mod documents_extract;
mod documents_store;
mod fleet_limits;
mod layering;
mod notes_store;
mod queue_indexes;
mod ranking_store;
mod rows_and_jobs;
mod schedules_store;
mod sources_live;
mod sources_snapshot;
mod store_conformance;
mod store_issue9;
mod tenk_items;
mod tenk_writer;
mod trends_store;
mod wire_types;
// Newsletters (issue 13).
mod newsletter_store;
mod newsletter_writer;
