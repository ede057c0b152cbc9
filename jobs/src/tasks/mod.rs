//! Job payloads: one file per kind of job, each with its payload type and its `impl Job`
//! (queue name, attempts, timeout, dedupe key). This room sits low, just above `queue/`: the
//! API and the domain enqueue these types without knowing how a worker runs them, and
//! `handlers/` (one file per kind, same names) says how. Adding a job kind: `jobs/README.md`.

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

pub use analyze_quarter::AnalyzeQuarter;
pub use analyze_stock::AnalyzeStock;
pub use auto_analyze_10k::AutoAnalyze10K;
pub use backfill_history::BackfillHistory;
pub use batch_analysis::BatchAnalysis;
pub use compute_sector_stats::ComputeSectorStats;
pub use create_alerts::CreateAlerts;
pub use diagnostics::{Crash, Flaky, Noop, Steps};
pub use extract_document::ExtractDocument;
pub use generate_newsletter::GenerateNewsletter;
pub use load_tickers::LoadTickers;
pub use refresh_analyses::RefreshAnalyses;
pub use run_schedule::RunSchedule;
pub use score_market::ScoreMarket;
pub use score_market_company::ScoreMarketCompany;
pub use send_digest::SendDigest;
pub use send_email::SendEmail;
pub use sync_content::SyncContent;
