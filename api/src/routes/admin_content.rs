//! The content page's calls, mounted under `/api/admin` by [`super::admin`] and so
//! behind its admin check: `GET /content` (every item, newest first), `POST /content` (add an
//! item by hand), `DELETE /content/{id}` (remove one; the sync will not bring it back) and
//! `POST /content/sync` (run the `SyncContent` job now).
//!
//! Text typed here is shown as text by the page, but it is still cleaned like a feed's
//! (plain text, http(s) addresses only), so one rule holds for every stored item.

use axum::{
    Json, Router,
    extract::State,
    http::StatusCode,
    routing::{delete, get, post},
};
use chrono::{DateTime, Utc};
use jobs::{
    content::{
        ContentKind,
        text::{plain_text, web_address},
    },
    store::{
        StoreError,
        content::{ContentItem, NewContentItem},
    },
    tasks::sync_content::SyncContent,
};
use serde::{Deserialize, Serialize};

use crate::{
    AppState,
    error::{ApiError, ApiResult},
    extract::{CurrentUser, JsonBody},
    path_params::PathParams,
    routes::admin::started_by_admin,
};

/// Most items the admin list shows.
const ADMIN_LIST_LIMIT: i64 = 200;
const MAX_TITLE_CHARS: usize = 200;
const MAX_DESCRIPTION_CHARS: usize = 1000;

/// Paths relative to `/api/admin`.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/content", get(list).post(add))
        .route("/content/{id}", delete(remove))
        .route("/content/sync", post(sync_now))
}

/// `GET /api/admin/content`: every item, newest first.
#[tracing::instrument(skip(state), err(level = "info"))]
async fn list(State(state): State<AppState>) -> ApiResult<Json<Vec<ContentItem>>> {
    Ok(Json(state.store.latest_content(ADMIN_LIST_LIMIT).await?))
}

/// `POST /api/admin/content` body: a content item without its id.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct AddIn {
    title: Option<String>,
    url: Option<String>,
    #[serde(rename = "type")]
    kind: Option<String>,
    description: Option<String>,
    thumbnail: Option<String>,
    platform: Option<String>,
    published_at: Option<DateTime<Utc>>,
    read_time: Option<String>,
}

/// `POST /api/admin/content`: 201 with the stored item; 400 naming the bad field; 409 when
/// the address is already in the feed.
#[tracing::instrument(skip_all, err(level = "info"))]
async fn add(
    State(state): State<AppState>,
    JsonBody(input): JsonBody<AddIn>,
) -> ApiResult<(StatusCode, Json<ContentItem>)> {
    let item = validate(input)?;
    match state.store.add_content(&item).await {
        Ok(stored) => Ok((StatusCode::CREATED, Json(stored))),
        Err(StoreError::Conflict { .. }) => Err(ApiError::Conflict(
            "That link is already in the content feed.".into(),
        )),
        Err(err) => Err(err.into()),
    }
}

fn validate(input: AddIn) -> ApiResult<NewContentItem> {
    let bad = |text: &str| ApiError::BadRequest(text.into());
    let title = plain_text(input.title.as_deref().unwrap_or_default());
    if title.is_empty() {
        return Err(bad("Please give the item a title."));
    }
    if title.chars().count() > MAX_TITLE_CHARS {
        return Err(bad("The title is too long (200 characters at most)."));
    }
    let url = web_address(input.url.as_deref().unwrap_or_default())
        .ok_or_else(|| bad("The link must be a full web address starting with https://."))?;
    let kind = ContentKind::parse(input.kind.as_deref().unwrap_or_default())
        .ok_or_else(|| bad("The type must be substack, youtube or instagram."))?;
    let description = optional_text(input.description.as_deref());
    if description
        .as_ref()
        .is_some_and(|d| d.chars().count() > MAX_DESCRIPTION_CHARS)
    {
        return Err(bad(
            "The description is too long (1000 characters at most).",
        ));
    }
    let thumbnail = match input.thumbnail.as_deref().map(str::trim) {
        None | Some("") => None,
        Some(raw) => Some(web_address(raw).ok_or_else(|| {
            bad("The thumbnail must be a full web address starting with https://.")
        })?),
    };
    Ok(NewContentItem {
        title,
        description,
        url,
        thumbnail,
        kind: kind.as_str().into(),
        platform: optional_text(input.platform.as_deref()),
        published_at: Some(input.published_at.unwrap_or_else(Utc::now)),
        read_time: optional_text(input.read_time.as_deref()),
    })
}

fn optional_text(raw: Option<&str>) -> Option<String> {
    raw.map(plain_text).filter(|text| !text.is_empty())
}

/// `DELETE /api/admin/content/{id}`: 204, or 404 when there is no such item.
#[tracing::instrument(skip(state), err(level = "info"))]
async fn remove(
    State(state): State<AppState>,
    PathParams(id): PathParams<String>,
) -> ApiResult<StatusCode> {
    let not_found = || ApiError::NotFound("That content item does not exist.".into());
    let id: i64 = id.parse().map_err(|_| not_found())?;
    match state.store.remove_content(id).await {
        Ok(()) => Ok(StatusCode::NO_CONTENT),
        Err(StoreError::NotFound) => Err(not_found()),
        Err(err) => Err(err.into()),
    }
}

/// `POST /api/admin/content/sync`: the queued job (follow it at `/api/jobs/{id}`).
#[derive(Debug, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct SyncStartedOut {
    job_id: String,
    /// True when a sync started the same second was joined instead.
    joined: bool,
}

#[tracing::instrument(skip(state, admin), err(level = "info"))]
async fn sync_now(
    State(state): State<AppState>,
    CurrentUser(admin): CurrentUser,
) -> ApiResult<(StatusCode, Json<SyncStartedOut>)> {
    let job = SyncContent {
        period: format!("manual-{}", Utc::now().format("%Y-%m-%dT%H:%M:%S")),
    };
    let job = started_by_admin(&state, &admin, "/admin/content", "Sync Feeds Now")
        .enqueue(&job)
        .await?;
    Ok((
        StatusCode::ACCEPTED,
        Json(SyncStartedOut {
            job_id: job.id,
            joined: job.joined,
        }),
    ))
}
