//! The latest-content feed (newsletter, video and social posts) shown on the home page.

use chrono::{DateTime, Utc};
use serde::Serialize;

use super::{Store, StoreResult};

/// One content item, as the spec's content feed describes it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, sqlx::FromRow, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct ContentItem {
    pub id: i64,
    pub title: String,
    pub description: Option<String>,
    pub url: String,
    pub thumbnail: Option<String>,
    #[serde(rename = "type")]
    pub kind: String,
    pub platform: Option<String>,
    pub published_at: Option<DateTime<Utc>>,
    pub read_time: Option<String>,
}

impl Store {
    /// The newest `limit` items, newest first.
    pub async fn latest_content(&self, limit: i64) -> StoreResult<Vec<ContentItem>> {
        let sql = "SELECT id, title, description, url, thumbnail, type AS kind, platform, published_at, read_time
                   FROM content_items ORDER BY published_at DESC, id DESC LIMIT $1";
        Ok(with_pool!(self, pool => sqlx::query_as(sql).bind(limit).fetch_all(pool).await?))
    }
}
