//! Property tests of the feed parser and mapper (the outside-data parser of the content feed):
//! whatever bytes a feed server sends, and whatever an entry's fields hold, parsing never
//! panics, and every item it yields is safe to store and show: a non-empty plain-text title,
//! an http(s) link and thumbnail, a known type, bounded lengths.

use jobs::content::{ContentKind, parse_feed};
use proptest::prelude::*;

const SUBSTACK: &str = include_str!("../feeds/substack.xml");
const YOUTUBE: &str = include_str!("../feeds/youtube.xml");

/// Everything an item must be, whatever the feed said.
fn assert_safe(body: &[u8]) {
    let Ok(found) = parse_feed(body, "https://bubbasporch.substack.com/feed") else {
        return;
    };
    for item in found.items {
        assert!(!item.title.trim().is_empty());
        assert!(item.title.chars().count() <= 201, "{}", item.title);
        assert!(
            item.description
                .as_ref()
                .is_none_or(|d| d.chars().count() <= 301)
        );
        for address in std::iter::once(&item.url).chain(item.thumbnail.iter()) {
            let parsed = url::Url::parse(address).expect("a stored address parses");
            assert!(matches!(parsed.scheme(), "http" | "https"), "{address}");
        }
        assert!(ContentKind::parse(&item.kind).is_some(), "{}", item.kind);
    }
}

/// A Substack-style item whose fields are arbitrary text (escaped as the feed would be).
fn rss_with(title: &str, link: &str, description: &str, html: &str) -> String {
    let escape = |s: &str| {
        s.replace('&', "&amp;")
            .replace('<', "&lt;")
            .replace('>', "&gt;")
    };
    format!(
        "<?xml version=\"1.0\"?><rss version=\"2.0\" xmlns:content=\"http://purl.org/rss/1.0/modules/content/\">\
         <channel><title>t</title><link>https://example.com</link><item><title>{}</title><link>{}</link>\
         <description>{}</description><content:encoded>{}</content:encoded>\
         <pubDate>Fri, 20 Nov 2026 13:02:11 GMT</pubDate></item></channel></rss>",
        escape(title),
        escape(link),
        escape(description),
        escape(html)
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn arbitrary_bytes_never_panic(body in proptest::collection::vec(any::<u8>(), 0..2048)) {
        assert_safe(&body);
    }

    #[test]
    fn damaged_real_feeds_never_panic(
        which in 0usize..2,
        cut in 0.0f64..1.0,
        flips in proptest::collection::vec((0.0f64..1.0, any::<u8>()), 0..8),
    ) {
        let mut body = [SUBSTACK, YOUTUBE][which].as_bytes().to_vec();
        for (at, byte) in flips {
            let i = ((body.len() - 1) as f64 * at) as usize;
            body[i] = byte;
        }
        body.truncate(((body.len() as f64) * cut) as usize);
        assert_safe(&body);
    }

    #[test]
    fn arbitrary_entry_fields_map_to_safe_items(
        title in ".{0,300}",
        link in prop_oneof![
            Just("https://bubbasporch.substack.com/p/a".to_string()),
            Just("javascript:alert(1)".to_string()),
            Just("https://www.youtube.com/watch?v=x".to_string()),
            ".{0,40}",
        ],
        description in ".{0,400}",
        html in prop_oneof![
            ".{0,400}",
            Just("<img src=\"javascript:x\"><script>alert(1)</script><p>hi</p>".to_string()),
            Just("<img src=\"/relative.png\"><p>a &amp; b</p>".to_string()),
        ],
    ) {
        let body = rss_with(&title, &link, &description, &html);
        let found = parse_feed(body.as_bytes(), "https://example.com/feed");
        prop_assert!(found.is_ok(), "a well-formed feed parses: {found:?}");
        assert_safe(body.as_bytes());
    }
}
