//! Job handlers: they orchestrate sources, analysis and the store, and report progress. Each
//! file is one job kind (payload + `JobHandler`); `runtime::registry` lists them.

pub mod analyze_stock;
pub mod batch_analysis;
pub mod diagnostics;
pub mod load_tickers;
pub mod refresh_analyses;
pub mod send_email;
