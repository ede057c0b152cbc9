//! Job handlers: how a worker runs each kind of job. Each file is the `JobHandler` of the
//! payload of the same name in `tasks/` (which says what the job is: queue, attempts, timeout,
//! dedupe key); handlers orchestrate sources, analysis and the store and report progress.
//! Only `runtime::registry` lists them; nothing outside the worker runtime imports this room.

pub mod analyze_quarter;
pub mod analyze_stock;
pub mod auto_analyze_10k;
pub mod backfill_history;
pub mod batch_analysis;
pub mod compute_sector_stats;
pub mod create_alerts;
pub mod diagnostics;
pub mod extract_document;
pub mod generate_newsletter;
pub mod load_tickers;
pub mod refresh_analyses;
pub mod run_schedule;
pub mod score_market;
pub mod score_market_company;
pub mod send_digest;
pub mod send_email;
pub mod sync_content;
