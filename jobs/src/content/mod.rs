//! The latest-content feed's domain: reading the configured RSS/Atom feeds into
//! content items. `fetch` downloads a feed within limits, `feed` maps its entries (pure),
//! `text` turns feed HTML into plain text with `ammonia`. The `SyncContent` job
//! (`handlers/sync_content.rs`) runs them and stores the result.

pub mod feed;
pub mod fetch;
mod loose_media;
pub mod text;

pub use feed::{ContentKind, FeedItems, parse_feed};
