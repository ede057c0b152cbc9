//! The route table: one module per resource, each exporting `router()`.

pub mod health;
pub mod jobs;
pub mod security;
pub mod tickers;
pub mod web;

use axum::Router;

use crate::AppState;

/// Every route of the API plus the web app.
pub fn router(state: AppState) -> Router {
    let api = Router::new()
        .merge(jobs::router())
        .merge(tickers::router())
        .fallback(api_not_found);
    Router::new()
        .merge(health::router())
        .nest("/api", api)
        .with_state(state.clone())
        .fallback_service(web::service(&state.settings.web_dist))
        .layer(axum::middleware::from_fn(security::headers))
}

/// Unknown `/api/...` paths answer JSON, never the web app's index page.
async fn api_not_found() -> crate::error::ApiError {
    crate::error::ApiError::NotFound("No such API call.".into())
}
