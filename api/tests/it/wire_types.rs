//! The TypeScript types of the API's own answers, generated into `web/src/types/generated/`
//! (see `jobs`' test of the same name for the domain types they contain).

use api::routes::access_tokens::{AccessTokensOut, CreateTokenIn, CreatedTokenOut};
use api::routes::admin_batch::{BatchRefusedOut, BatchStartedOut};
use api::routes::admin_content::SyncStartedOut;
use api::routes::admin_documents::{DocumentDeletedOut, UploadErrorOut, UploadOut, UploadedOut};
use api::routes::admin_jobs::{AdminJobDetailOut, AdminJobOut, JobTimelineOut};
use api::routes::admin_newsletter::{NewsletterOut, NewsletterQueuedOut};
use api::routes::admin_schedules::{RunNowOut, ScheduleErrorOut};
use api::routes::admin_trends::{
    AnalyzeQuarterOut, BackfillOut, BackfillProgressOut, SinceLastQuarterOut,
};
use api::routes::chat::{ChatErrorOut, ChatUsageOut};
use api::routes::payments::{CheckoutOut, PricingOut, PricingTier, VerifyOut};
use api::routes::{admin_chat_test::ChatTestOut, admin_notes::NotesCreatedOut};
use api::routes::{
    alerts::{AlertSettingsIn, AlertSettingsOut, AlertsOut, MarkReadIn, MarkReadOut},
    watchlist::{WatchOut, WatchlistOut},
};
use api::{
    error::{FailureOut, MessageOut},
    routes::{
        account::AccountOut, analysis::wire, anonymous::AnonymousSessionOut, auth::UserOut,
        job_status::JobOut,
    },
};
use jobs::check_wire_types;

#[test]
fn wire_types_match_the_rust_types() {
    check_wire_types!(
        FailureOut,
        MessageOut,
        AccountOut,
        AnonymousSessionOut,
        UserOut,
        JobOut,
        wire::AnalysisOut,
        wire::InProgressOut,
        wire::CreateAnalysisOut,
        wire::BatchScoreOut,
        wire::ForwardReturnsOut,
        ChatUsageOut,
        ChatErrorOut,
        NotesCreatedOut,
        ChatTestOut,
        PricingOut,
        PricingTier,
        CheckoutOut,
        VerifyOut,
        BatchStartedOut,
        BatchRefusedOut,
        NewsletterOut,
        NewsletterQueuedOut,
        SyncStartedOut,
        RunNowOut,
        ScheduleErrorOut,
        SinceLastQuarterOut,
        AnalyzeQuarterOut,
        BackfillOut,
        BackfillProgressOut,
        UploadOut,
        UploadedOut,
        UploadErrorOut,
        DocumentDeletedOut,
        AdminJobOut,
        AdminJobDetailOut,
        JobTimelineOut,
        WatchOut,
        WatchlistOut,
        AlertsOut,
        MarkReadIn,
        MarkReadOut,
        AlertSettingsIn,
        AlertSettingsOut,
        AccessTokensOut,
        CreatedTokenOut,
        CreateTokenIn,
    );
}
