//! The route table: one module per resource, each exporting `router()`.

pub mod account;
pub mod admin;
pub mod analysis;
pub mod anonymous;
pub mod auth;
pub mod bug_reports;
pub mod discovery;
pub mod health;
pub mod job_status;
pub mod password_reset;
pub mod security;
pub mod tickers;
pub mod web;
// The assistant (issue 11).
pub mod chat;
// The admin area (issue 12).
pub mod admin_chat_test;
pub mod admin_notes;
pub mod admin_storage;
// Payments (issue 14).
pub mod payments;
// Batch re-analysis (issue 13), merged into the admin sub-router.
pub mod batch;
// Newsletters (issue 13): admin calls in the admin sub-router, public charts here.
pub mod newsletter;
// The content feed's admin page (issue 14), merged into the admin sub-router.
pub mod admin_content;
// Schedules (issue 13), merged into the admin sub-router.
pub mod schedules;
// The 10-K auto-analysis (issue 12), merged into the admin sub-router.
pub mod admin_auto_analyze;
// Quarterly trends (issue 13): admin calls merged into the admin sub-router, plus the stock
// page's public "since last quarter".
pub mod trends;
// Document uploads for retrieval (issue 12), merged into the admin sub-router.
pub mod admin_documents;

use axum::Router;

use crate::AppState;

/// Every route of the API plus the web app.
pub fn router(state: AppState) -> Router {
    let api = Router::new()
        .merge(job_status::router())
        .merge(tickers::router())
        .merge(analysis::router())
        .merge(discovery::router())
        .merge(auth::router())
        .merge(account::router())
        .merge(anonymous::router())
        .merge(password_reset::router())
        .merge(bug_reports::router())
        .merge(chat::router())
        .merge(payments::router())
        .merge(newsletter::charts_router())
        .merge(trends::router())
        // Every admin route goes in `admin::routes()`: one sub-router, one admin check.
        .nest("/admin", admin::router(state.clone()))
        .fallback(api_not_found)
        // Outermost on /api: CSRF rules and the JSON body limit for every call.
        .layer(axum::extract::DefaultBodyLimit::max(
            crate::extract::JSON_BODY_LIMIT,
        ))
        .layer(axum::middleware::from_fn_with_state(
            state.clone(),
            crate::csrf::guard,
        ))
        // Issue 15: every client error as `{message}`, personal answers not cached, and
        // calls during start-up wait for the ticker directory.
        .layer(axum::middleware::from_fn(crate::error::json_errors))
        .layer(axum::middleware::from_fn(security::api_no_store))
        .layer(axum::middleware::from_fn_with_state(
            state.clone(),
            crate::startup::wait_for_directory,
        ));
    Router::new()
        .merge(health::router())
        .nest("/api", api)
        .with_state(state.clone())
        .fallback_service(web::service(&state.settings.web_dist))
        .layer(axum::middleware::from_fn_with_state(
            state.clone(),
            security::headers,
        ))
}

/// Unknown `/api/...` paths answer JSON, never the web app's index page.
async fn api_not_found() -> crate::error::ApiError {
    crate::error::ApiError::NotFound("No such API call.".into())
}
