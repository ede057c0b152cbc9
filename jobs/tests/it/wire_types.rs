//! The TypeScript types in `web/src/types/generated/` are generated from these Rust types;
//! this test fails when one is stale (`UPDATE_WIRE_TYPES=1 cargo test wire_types` rewrites
//! them).

use jobs::{
    analysis::{AnalysisRecord, record::FilingRef},
    batch::{BatchResult, BatchStatus, CanStart},
    check_wire_types,
    runtime::QueueOverview,
    schedules::ScheduledJob,
    store::documents::RagDocument,
    store::storage::{KvStock, KvTotals},
    store::{
        apalis::JobStatus,
        content::ContentItem,
        job_history::{JobAttempt, JobOrigin},
        notes::StockNotes,
        progress::Progress,
        tickers::TickerHit,
        trending::ViewCount,
    },
    trends::{ChangeExplanation, HistoryEntry, QuarterlyChange},
};

use jobs::{
    newsletter::{NewsletterSettings, templates::TemplateOut},
    ranking::{AdminStock, TopStock},
};

#[test]
fn wire_types_match_the_rust_types() {
    check_wire_types!(
        AnalysisRecord,
        FilingRef,
        TopStock,
        JobStatus,
        ContentItem,
        StockNotes,
        Progress,
        TickerHit,
        ViewCount,
        KvStock,
        KvTotals,
        BatchStatus,
        CanStart,
        BatchResult,
        AdminStock,
        TemplateOut,
        NewsletterSettings,
        ScheduledJob,
        QuarterlyChange,
        HistoryEntry,
        ChangeExplanation,
        RagDocument,
        QueueOverview,
        JobAttempt,
        JobOrigin,
    );
}
