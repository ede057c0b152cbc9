//! The route table: one module per resource, each exporting `router()`.

pub mod access_tokens;
pub mod account;
pub mod alerts;
pub mod analysis;
pub mod anonymous;
pub mod auth;
pub mod bug_reports;
pub mod chat;
pub mod client_routes;
pub mod discovery;
pub mod health;
pub mod job_status;
pub mod password_reset;
pub mod payments;
pub mod security;
pub mod tickers;
pub mod watchlist;
pub mod web;
// The admin area: `admin` is the sub-router and its one check; every `admin_*` module is
// merged into it. `admin_newsletter` and `admin_trends` also serve one public call each
// (newsletter charts, the stock page's "since last quarter"), mounted here.
pub mod admin;
pub mod admin_auto_analyze;
pub mod admin_batch;
pub mod admin_chat_test;
pub mod admin_content;
pub mod admin_documents;
pub mod admin_jobs;
pub mod admin_newsletter;
pub mod admin_notes;
pub mod admin_schedules;
pub mod admin_storage;
pub mod admin_trends;

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
        .merge(access_tokens::router())
        .merge(watchlist::router())
        .merge(alerts::router())
        .merge(anonymous::router())
        .merge(password_reset::router())
        .merge(bug_reports::router())
        .merge(chat::router())
        .merge(payments::router())
        .merge(admin_newsletter::charts_router())
        .merge(admin_trends::router())
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
        // Every client error as `{message}`, personal answers not cached, and
        // calls during start-up wait for the ticker directory.
        .layer(axum::middleware::from_fn(crate::error::json_errors))
        .layer(axum::middleware::from_fn(security::api_no_store))
        .layer(axum::middleware::from_fn_with_state(
            state.clone(),
            crate::startup::wait_for_directory,
        ));
    Router::new()
        .merge(health::router())
        // Outside assistants' MCP endpoint: bearer tokens only, so outside `/api`'s CSRF guard.
        .merge(crate::mcp::router(&state))
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
