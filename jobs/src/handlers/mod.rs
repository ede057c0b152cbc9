//! Job handlers: they orchestrate sources, analysis and the store, and report progress. Each
//! file is one job kind (payload + `JobHandler`); `runtime::registry` lists them.

pub mod analyze_stock;
pub mod auto_analyze_10k;
pub mod batch_analysis;
pub mod diagnostics;
pub mod load_tickers;
pub mod refresh_analyses;
pub mod run_schedule;
pub mod send_email;
// Newsletters (issue 13).
pub mod generate_newsletter;
pub mod sync_content;
// Quarterly trends (issue 13).
pub mod analyze_quarter;
// Document uploads (issue 12).
pub mod extract_document;
