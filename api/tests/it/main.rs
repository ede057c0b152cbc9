//! The API's integration tests: the real router on a 127.0.0.1 port-0 listener with a fresh
//! database of each backend, driven over real HTTP.

mod accounts;
mod admin_auto_analyze_api;
mod admin_documents_api;
mod admin_jobs_api;
mod admin_notes_api;
mod analysis_api;
mod batch_api;
mod chat_api;
mod chat_tools_api;
mod compression;
mod content_api;
mod hardening;
mod health;
mod helpers;
mod jobs_api;
mod mcp_endpoint;
mod newsletter_api;
mod payments;
mod peers_api;
mod read_path;
mod schedules_api;
mod securities_api;
mod tickers_api;
mod trends_api;
mod trends_backfill;
mod watchlist_api;
mod web_app;
mod wire_types;
