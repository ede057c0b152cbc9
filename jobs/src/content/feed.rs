//! From a feed document (RSS or Atom, as `feed-rs` reads them) to content items: which
//! platform, which link, a plain-text title and description, a thumbnail, the published time
//! and a read-time estimate. Pure: bytes in, items out, so it is property-tested.

use feed_rs::model::{Entry, MediaObject};

use super::{
    loose_media::{LooseMedia, loose_media},
    text::{first_image, plain_text, read_time, truncate, web_address, word_count},
};
use crate::store::content::NewContentItem;

/// Most entries taken from one feed per sync (the newest; a feed's archive is not the feed).
pub const MAX_ENTRIES_PER_FEED: usize = 50;
/// Longest title and description kept (characters), so a hostile feed cannot bloat the page.
const MAX_TITLE_CHARS: usize = 200;
const MAX_DESCRIPTION_CHARS: usize = 300;

/// What one feed gave: the items worth storing and how many entries were left out (no
/// title, no http(s) link).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FeedItems {
    pub items: Vec<NewContentItem>,
    pub skipped: usize,
}

/// The three kinds of content the home page knows (the spec's content item `type`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ContentKind {
    Substack,
    Youtube,
    Instagram,
}

impl ContentKind {
    pub fn as_str(self) -> &'static str {
        match self {
            ContentKind::Substack => "substack",
            ContentKind::Youtube => "youtube",
            ContentKind::Instagram => "instagram",
        }
    }

    pub fn parse(raw: &str) -> Option<Self> {
        match raw.trim().to_ascii_lowercase().as_str() {
            "substack" => Some(ContentKind::Substack),
            "youtube" => Some(ContentKind::Youtube),
            "instagram" => Some(ContentKind::Instagram),
            _ => None,
        }
    }

    /// From a host name: YouTube and Instagram by their domains; every other feed is a
    /// newsletter (Substack or any blog's RSS).
    fn of_host(host: &str) -> Self {
        let host = host.trim_start_matches("www.").to_ascii_lowercase();
        if host == "youtu.be" || host == "youtube.com" || host.ends_with(".youtube.com") {
            ContentKind::Youtube
        } else if host == "instagram.com" || host.ends_with(".instagram.com") {
            ContentKind::Instagram
        } else {
            ContentKind::Substack
        }
    }
}

/// The platform badge: the service by name, or "Newsletter" for a blog that is not Substack.
fn platform(kind: ContentKind, substack: bool) -> &'static str {
    match kind {
        ContentKind::Youtube => "YouTube",
        ContentKind::Instagram => "Instagram",
        ContentKind::Substack if substack => "Substack",
        ContentKind::Substack => "Newsletter",
    }
}

/// Where the feed comes from: its host, and whether Substack made it (its own domain, or a
/// custom domain whose feed says `<generator>Substack</generator>`).
struct Origin {
    host: String,
    substack: bool,
}

/// Parses a feed and maps its entries. A document `feed-rs` cannot read is an error naming
/// the reason; a panic inside the parser is caught and reported the same way.
pub fn parse_feed(body: &[u8], feed_url: &str) -> Result<FeedItems, String> {
    if declares_entities(body) {
        return Err(
            "the feed declares its own XML entities (an entity-expansion bomb?); \
                    no real feed does"
                .into(),
        );
    }
    let parsed = std::panic::catch_unwind(|| feed_rs::parser::parse(body))
        .map_err(|_| "the feed parser gave up on this document".to_string())?
        .map_err(|err| format!("not a readable RSS or Atom feed: {err}"))?;
    let host = url::Url::parse(feed_url)
        .ok()
        .and_then(|u| u.host_str().map(str::to_ascii_lowercase))
        .unwrap_or_default();
    let generator = parsed.generator.as_ref().map(|g| g.content.trim());
    let origin = Origin {
        substack: host.ends_with("substack.com")
            || generator.is_some_and(|g| g.eq_ignore_ascii_case("substack")),
        host,
    };
    // The second reading lines up with feed-rs's entries by position; if the counts differ
    // (a document the two read differently), it is not used at all rather than misapplied.
    let mut loose = loose_media(body)
        .filter(|loose| loose.len() == parsed.entries.len())
        .unwrap_or_default()
        .into_iter();
    let mut entries: Vec<(Entry, LooseMedia)> = parsed
        .entries
        .into_iter()
        .map(|entry| (entry, loose.next().unwrap_or_default()))
        .collect();
    // Newest first, undated last, so the cap keeps the newest.
    entries.sort_by_key(|(entry, _)| std::cmp::Reverse(published(entry)));
    let total = entries.len();
    let items: Vec<NewContentItem> = entries
        .iter()
        .take(MAX_ENTRIES_PER_FEED)
        .filter_map(|(entry, loose)| map_entry(entry, loose, &origin))
        .collect();
    Ok(FeedItems {
        skipped: total - items.len(),
        items,
    })
}

/// True when the prolog (before the root element) declares entities. The parser would not
/// expand them (it resolves only XML's five), but it would keep `&lol9;` as text: refusing
/// the document says what is wrong instead of storing junk.
fn declares_entities(body: &[u8]) -> bool {
    let root = [b"<rss".as_slice(), b"<feed", b"<rdf"]
        .iter()
        .filter_map(|tag| find(body, tag))
        .min()
        .unwrap_or(body.len());
    find(&body[..root], b"<!ENTITY").is_some()
}

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).position(|w| w == needle)
}

fn published(entry: &Entry) -> Option<chrono::DateTime<chrono::Utc>> {
    entry.published.or(entry.updated)
}

/// One entry as a content item, or `None` when it has no title or no web link.
/// `loose` is what feed-rs dropped (see `loose_media`), used only where it found nothing.
fn map_entry(entry: &Entry, loose: &LooseMedia, origin: &Origin) -> Option<NewContentItem> {
    let url = entry_link(entry)?;
    let parsed_url = url::Url::parse(&url).ok()?;
    let title = truncate(&plain_text(&entry.title.as_ref()?.content), MAX_TITLE_CHARS);
    if title.is_empty() {
        return None;
    }
    let link_host = parsed_url.host_str().unwrap_or_default();
    // A YouTube or Instagram link decides even in a feed hosted elsewhere (a mirror).
    let kind = match ContentKind::of_host(link_host) {
        ContentKind::Substack => ContentKind::of_host(&origin.host),
        other => other,
    };
    let media_description = entry
        .media
        .iter()
        .find_map(|m| m.description.as_ref().map(|d| d.content.as_str()))
        .or(loose.description.as_deref());
    let summary = entry.summary.as_ref().map(|s| s.content.as_str());
    let body = entry.content.as_ref().and_then(|c| c.body.as_deref());
    let description = [summary, media_description, body]
        .into_iter()
        .flatten()
        .map(plain_text)
        .find(|text| !text.is_empty())
        .map(|text| truncate(&text, MAX_DESCRIPTION_CHARS));
    let longest_words = [body, summary, media_description]
        .into_iter()
        .flatten()
        .map(|html| word_count(&plain_text(html)))
        .max()
        .unwrap_or(0);
    let thumbnail = media_thumbnail(&entry.media)
        .or_else(|| loose.thumbnail.as_deref().and_then(web_address))
        .or_else(|| body.and_then(|html| first_image(html, Some(&parsed_url))))
        .or_else(|| summary.and_then(|html| first_image(html, Some(&parsed_url))));
    Some(NewContentItem {
        title,
        description,
        url,
        thumbnail,
        kind: kind.as_str().to_string(),
        platform: Some(platform(kind, origin.substack).to_string()),
        published_at: published(entry),
        read_time: estimated_time(kind, &entry.media, longest_words),
    })
}

/// Reading time from the longest text; for a video its length when the feed gives it
/// ("N min watch"), else nothing (YouTube's channel feeds carry no length, and a video's
/// description says nothing about how long it takes to watch).
fn estimated_time(kind: ContentKind, media: &[MediaObject], words: usize) -> Option<String> {
    match kind {
        ContentKind::Youtube => media
            .iter()
            .find_map(|m| m.duration)
            .map(|length| format!("{} min watch", length.as_secs().div_ceil(60).max(1))),
        _ => Some(read_time(words)),
    }
}

/// The entry's web page: the `alternate` (or unlabelled) http(s) link, else any http(s) link,
/// else an id that is itself a web address (some RSS feeds give only `<guid>`).
fn entry_link(entry: &Entry) -> Option<String> {
    let alternate = entry
        .links
        .iter()
        .filter(|l| l.rel.as_deref().is_none_or(|rel| rel == "alternate"))
        .find_map(|l| web_address(&l.href));
    alternate
        .or_else(|| entry.links.iter().find_map(|l| web_address(&l.href)))
        .or_else(|| web_address(&entry.id))
}

/// `media:thumbnail` (YouTube's `media:group`), then an image `media:content` or
/// `<enclosure>`.
fn media_thumbnail(media: &[MediaObject]) -> Option<String> {
    let thumbnail = media
        .iter()
        .flat_map(|m| m.thumbnails.iter())
        .find_map(|t| web_address(&t.image.uri));
    thumbnail.or_else(|| {
        media
            .iter()
            .flat_map(|m| m.content.iter())
            .filter(|c| {
                c.content_type
                    .as_ref()
                    .is_some_and(|t| t.ty().as_str().eq_ignore_ascii_case("image"))
            })
            .find_map(|c| c.url.as_ref().and_then(|u| web_address(u.as_str())))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn only_item(feed: &str, url: &str) -> NewContentItem {
        let found = parse_feed(feed.as_bytes(), url).expect("feed reads");
        assert_eq!(found.items.len(), 1, "{found:?}");
        found.items.into_iter().next().unwrap()
    }

    #[test]
    fn a_bare_media_thumbnail_in_an_rss_item_is_the_cards_picture() {
        let feed = r#"<?xml version="1.0"?>
<rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/"><channel><title>Porch</title>
<item><title>Reading a 10-K</title><link>https://porch.example.com/p/10k</link>
<description>Start with the cash.</description>
<media:thumbnail url="https://cdn.example.com/10k.jpg" width="640" height="360"/></item>
</channel></rss>"#;
        let item = only_item(feed, "https://porch.example.com/feed");
        assert_eq!(
            item.thumbnail.as_deref(),
            Some("https://cdn.example.com/10k.jpg")
        );
        assert_eq!(item.description.as_deref(), Some("Start with the cash."));
    }

    #[test]
    fn a_youtube_media_group_without_media_content_keeps_its_thumbnail_and_description() {
        let feed = r#"<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns:yt="http://www.youtube.com/xml/schemas/2015" xmlns:media="http://search.yahoo.com/mrss/" xmlns="http://www.w3.org/2005/Atom">
 <title>Bubba's Porch</title>
 <entry>
  <id>yt:video:abc123</id><yt:videoId>abc123</yt:videoId>
  <title>Debt &amp; the drawer</title>
  <link rel="alternate" href="https://www.youtube.com/watch?v=abc123"/>
  <published>2026-11-20T15:00:00+00:00</published>
  <media:group>
   <media:title>Debt &amp; the drawer</media:title>
   <media:thumbnail url="https://i1.ytimg.com/vi/abc123/hqdefault.jpg" width="480" height="360"/>
   <media:description>What a company owes &amp; what it keeps.</media:description>
  </media:group>
 </entry>
</feed>"#;
        let item = only_item(
            feed,
            "https://www.youtube.com/feeds/videos.xml?channel_id=x",
        );
        assert_eq!(item.kind, "youtube");
        assert_eq!(
            item.thumbnail.as_deref(),
            Some("https://i1.ytimg.com/vi/abc123/hqdefault.jpg")
        );
        assert_eq!(
            item.description.as_deref(),
            Some("What a company owes & what it keeps.")
        );
    }

    #[test]
    fn each_item_keeps_its_own_thumbnail_whatever_the_date_order() {
        // Older first in the document; the parser sorts newest first, and the pictures must follow.
        let feed = r#"<rss version="2.0" xmlns:m="http://search.yahoo.com/mrss/"><channel><title>Porch</title>
<item><title>Old</title><link>https://porch.example.com/old</link><pubDate>Mon, 02 Nov 2026 10:00:00 GMT</pubDate>
<m:thumbnail url="https://cdn.example.com/old.jpg"/></item>
<item><title>None</title><link>https://porch.example.com/none</link><pubDate>Tue, 03 Nov 2026 10:00:00 GMT</pubDate></item>
<item><title>New</title><link>https://porch.example.com/new</link><pubDate>Wed, 04 Nov 2026 10:00:00 GMT</pubDate>
<m:thumbnail url="https://cdn.example.com/new.jpg"/></item>
</channel></rss>"#;
        let found = parse_feed(feed.as_bytes(), "https://porch.example.com/feed").unwrap();
        let pictures: Vec<_> = found
            .items
            .iter()
            .map(|i| (i.title.as_str(), i.thumbnail.as_deref()))
            .collect();
        assert_eq!(
            pictures,
            [
                ("New", Some("https://cdn.example.com/new.jpg")),
                ("None", None),
                ("Old", Some("https://cdn.example.com/old.jpg")),
            ]
        );
    }

    #[test]
    fn a_thumbnail_that_is_not_a_web_address_is_not_kept() {
        let feed = r#"<rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/"><channel><title>P</title>
<item><title>T</title><link>https://porch.example.com/t</link>
<media:thumbnail url="javascript:alert(1)"/></item></channel></rss>"#;
        assert_eq!(
            only_item(feed, "https://porch.example.com/feed").thumbnail,
            None
        );
    }
}
