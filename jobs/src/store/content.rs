//! The latest-content feed (newsletter, video and social posts) shown on the home page:
//! items synced from the configured feeds, items the admin adds by hand, and the addresses
//! the admin removed (`content_removed`), which the sync never brings back.

use super::transaction::BeginWrite;
use chrono::{DateTime, Utc};
use serde::Serialize;

use super::{Store, StoreError, StoreResult};

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

/// An item to store: already plain text and checked web addresses (see `content::feed`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewContentItem {
    pub title: String,
    pub description: Option<String>,
    pub url: String,
    pub thumbnail: Option<String>,
    /// `substack`, `youtube` or `instagram` (the table's CHECK refuses anything else).
    pub kind: String,
    pub platform: Option<String>,
    pub published_at: Option<DateTime<Utc>>,
    pub read_time: Option<String>,
}

/// The columns of a [`ContentItem`], as a macro so the SQL texts stay `'static` (sqlx's
/// guard against injected SQL).
macro_rules! content_columns {
    () => {
        "id, title, description, url, thumbnail, type AS kind, platform, published_at, read_time"
    };
}

impl Store {
    /// The newest `limit` items, newest first.
    pub async fn latest_content(&self, limit: i64) -> StoreResult<Vec<ContentItem>> {
        let sql = concat!(
            "SELECT ",
            content_columns!(),
            " FROM content_items ORDER BY published_at DESC, id DESC LIMIT $1"
        );
        Ok(with_pool!(self, pool => sqlx::query_as(sql).bind(limit).fetch_all(pool).await?))
    }

    /// Stores a feed's items in one transaction: an address already stored, or removed by the
    /// admin, is left alone (so a re-sync adds nothing twice and edits nothing back). Returns
    /// how many were new.
    #[tracing::instrument(skip_all, err, fields(items = items.len()))]
    pub async fn store_feed_items(&self, items: &[NewContentItem]) -> StoreResult<u64> {
        let sql = "INSERT INTO content_items
                (title, description, url, thumbnail, type, platform, published_at, read_time)
            SELECT $1, $2, $3, $4, $5, $6, $7, $8
            WHERE NOT EXISTS (SELECT 1 FROM content_removed WHERE url = $3)
            ON CONFLICT (url) DO NOTHING";
        with_pool!(self, pool => {{
            let mut tx = pool.begin_write().await?;
            let mut added = 0;
            for item in items {
                added += sqlx::query(sql)
                    .bind(&item.title)
                    .bind(&item.description)
                    .bind(&item.url)
                    .bind(&item.thumbnail)
                    .bind(&item.kind)
                    .bind(&item.platform)
                    .bind(item.published_at)
                    .bind(&item.read_time)
                    .execute(&mut *tx)
                    .await?
                    .rows_affected();
            }
            tx.commit().await?;
            Ok(added)
        }})
    }

    /// Adds an item by hand (the admin page). Lifts a removal of the same address; an address
    /// already in the feed is a `Conflict`.
    #[tracing::instrument(skip_all, err)]
    pub async fn add_content(&self, item: &NewContentItem) -> StoreResult<ContentItem> {
        let sql = concat!(
            "INSERT INTO content_items
                (title, description, url, thumbnail, type, platform, published_at, read_time)
            VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING ",
            content_columns!()
        );
        with_pool!(self, pool => {{
            let mut tx = pool.begin_write().await?;
            sqlx::query("DELETE FROM content_removed WHERE url = $1")
                .bind(&item.url)
                .execute(&mut *tx)
                .await?;
            let stored: ContentItem = sqlx::query_as(sql)
                .bind(&item.title)
                .bind(&item.description)
                .bind(&item.url)
                .bind(&item.thumbnail)
                .bind(&item.kind)
                .bind(&item.platform)
                .bind(item.published_at)
                .bind(&item.read_time)
                .fetch_one(&mut *tx)
                .await?;
            tx.commit().await?;
            Ok(stored)
        }})
    }

    /// Removes an item and remembers its address so the sync does not bring it back.
    /// `NotFound` when there is no such item.
    #[tracing::instrument(skip_all, err)]
    pub async fn remove_content(&self, id: i64) -> StoreResult<()> {
        with_pool!(self, pool => {{
            let mut tx = pool.begin_write().await?;
            let url: Option<String> =
                sqlx::query_scalar("DELETE FROM content_items WHERE id = $1 RETURNING url")
                    .bind(id)
                    .fetch_optional(&mut *tx)
                    .await?;
            let url = url.ok_or(StoreError::NotFound)?;
            sqlx::query(
                "INSERT INTO content_removed (url, removed_at) VALUES ($1, $2)
                 ON CONFLICT (url) DO UPDATE SET removed_at = excluded.removed_at",
            )
            .bind(&url)
            .bind(Utc::now())
            .execute(&mut *tx)
            .await?;
            tx.commit().await?;
            Ok(())
        }})
    }
}
