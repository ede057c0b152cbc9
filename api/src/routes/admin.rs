//! The admin area: every `/api/admin/*` route lives in the one sub-router built by
//! [`router`] and passes the one server-side check, [`require_admin`]: 401 when signed out,
//! 403 'You do not have permission to access this page.' for anyone but the admin
//! (`ADMIN_USERNAME`). Unknown paths under `/api/admin` get the same check before their 404.
//!
//! Adding an admin route: put it (or `.merge(your_module::router())`, with paths relative to
//! `/api/admin`) in [`routes`]. Never route an `/admin/...` path anywhere else, and never add
//! routes after the `.layer(..)` in [`router`]: the route-table sweep in the integration tests
//! (`admin_sweep`) walks every registered path under `/api/admin` and fails for any that
//! answers a signed-out or non-admin caller with anything but 401/403.

use axum::{
    Json, Router,
    extract::{Query, Request, State},
    middleware::Next,
    response::{IntoResponse, Response},
    routing::get,
};
use jobs::{
    accounts::messages,
    queue::JobQueue,
    store::{bug_reports::BugReport, job_history::JobOrigin, users::UserRecord},
};
use serde::Deserialize;

use crate::{
    AppState,
    error::{ApiError, ApiResult},
    extract::MaybeUser,
    routes::auth::is_admin,
};

/// The `/api/admin` sub-router: [`routes`] behind [`require_admin`].
pub fn router(state: AppState) -> Router<AppState> {
    routes()
        .fallback(admin_not_found)
        .layer(axum::middleware::from_fn_with_state(state, require_admin))
}

/// Every admin route, relative to `/api/admin`. Add new ones here.
fn routes() -> Router<AppState> {
    Router::new()
        .route("/bug-reports", get(list_bug_reports))
        .merge(super::admin_notes::router())
        .merge(super::admin_storage::router())
        .merge(super::admin_chat_test::router())
        .merge(super::admin_batch::router())
        .merge(super::admin_newsletter::router())
        .merge(super::admin_content::router())
        .merge(super::admin_schedules::router())
        .merge(super::admin_auto_analyze::router())
        .merge(super::admin_trends::admin_router())
        .merge(super::admin_documents::router())
        .merge(super::admin_jobs::router())
}

/// The one admin check.
pub async fn require_admin(
    State(state): State<AppState>,
    user: MaybeUser,
    request: Request,
    next: Next,
) -> Response {
    match user.0 {
        None => ApiError::Unauthorized(messages::NOT_SIGNED_IN.into()).into_response(),
        Some(user) if !is_admin(&user, &state) => {
            tracing::warn!(user_id = user.id, path = %request.uri().path(), "admin route refused");
            ApiError::Forbidden(messages::ADMIN_FORBIDDEN.into()).into_response()
        }
        Some(_) => next.run(request).await,
    }
}

/// The queue for a job an admin starts with `action` on the admin page `screen`: it records
/// who started it from where, which the Jobs page shows (with the job's failures).
pub fn started_by_admin(
    state: &AppState,
    admin: &UserRecord,
    screen: &str,
    action: &str,
) -> JobQueue {
    state.queue.started_by(JobOrigin {
        started_by: admin.username.clone(),
        screen: screen.to_string(),
        action: action.to_string(),
    })
}

async fn admin_not_found() -> ApiError {
    ApiError::NotFound("No such admin call.".into())
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct ListParams {
    limit: Option<i64>,
}

/// `GET /api/admin/bug-reports?limit=`: the newest reports (default 100, at most 500).
#[tracing::instrument(skip(state), err(level = "info"))]
async fn list_bug_reports(
    State(state): State<AppState>,
    Query(params): Query<ListParams>,
) -> ApiResult<Json<Vec<BugReport>>> {
    let limit = params.limit.unwrap_or(100).clamp(1, 500);
    Ok(Json(state.store.bug_reports(limit).await?))
}

/// Every path registered in `router`, read from axum's route table (its `Debug` output, the
/// only view axum gives of it), e.g. `/api/admin/bug-reports`. The sweep test uses it to find
/// every admin route, including ones added later by other modules.
pub fn route_paths(router: &Router) -> Vec<String> {
    let text = format!("{router:?}");
    let mut paths = Vec::new();
    let mut rest = text.as_str();
    while let Some(at) = rest.find("RouteId(") {
        rest = &rest[at..];
        let Some(start) = rest.find(": \"") else {
            break;
        };
        let after = &rest[start + 3..];
        let Some(end) = after.find('"') else { break };
        paths.push(after[..end].to_string());
        rest = &after[end..];
    }
    paths.sort();
    paths.dedup();
    paths
}
