//! Turning a feed's HTML into what the content card may show: plain text (every tag, script
//! and style dropped by `ammonia`, never by hand) and the first picture's address. The card
//! renders text only, so nothing from a feed ever reaches the page as markup.

use std::collections::{HashMap, HashSet};

/// Words an average reader reads in a minute, for "N min read".
const WORDS_PER_MINUTE: usize = 200;

/// The text of an HTML fragment: tags removed (with the content of `<script>` and `<style>`),
/// entities decoded, runs of white space collapsed to one space.
pub fn plain_text(html: &str) -> String {
    let cleaned = ammonia::Builder::empty().clean(html).to_string();
    collapse_whitespace(&decode_entities(&cleaned))
}

/// The `src` of the first `<img>` with an http(s) address, if any. `base` resolves relative
/// addresses (the entry's own link).
pub fn first_image(html: &str, base: Option<&url::Url>) -> Option<String> {
    // ammonia keeps only `<img src>` with an allowed scheme and serialises it one way, so the
    // scan below reads a normalised document rather than the feed's raw markup.
    let mut attributes = HashMap::new();
    attributes.insert("img", HashSet::from(["src"]));
    let mut builder = ammonia::Builder::empty();
    builder
        .add_tags(["img"])
        .tag_attributes(attributes)
        .url_schemes(HashSet::from(["http", "https"]));
    if let Some(base) = base {
        builder.url_relative(ammonia::UrlRelative::RewriteWithBase(base.clone()));
    } else {
        builder.url_relative(ammonia::UrlRelative::Deny);
    }
    let cleaned = builder.clean(html).to_string();
    let start = cleaned.find("<img src=\"")? + "<img src=\"".len();
    let end = start + cleaned[start..].find('"')?;
    web_address(&decode_entities(&cleaned[start..end]))
}

/// `raw` when it is an absolute http(s) URL of sane length, normalised; `None` otherwise
/// (`javascript:`, `data:`, relative or garbage addresses never reach the page).
pub fn web_address(raw: &str) -> Option<String> {
    let raw = raw.trim();
    if raw.len() > 2048 {
        return None;
    }
    let parsed = url::Url::parse(raw).ok()?;
    matches!(parsed.scheme(), "http" | "https")
        .then(|| parsed.host_str().is_some())
        .filter(|has_host| *has_host)
        .map(|_| parsed.to_string())
}

/// The first `max_chars` characters of `text`, cut at a word boundary with an ellipsis.
pub fn truncate(text: &str, max_chars: usize) -> String {
    if text.chars().count() <= max_chars {
        return text.to_string();
    }
    let cut: String = text.chars().take(max_chars).collect();
    let at_word = match cut.rfind(' ') {
        Some(space) if space > cut.len() / 2 => &cut[..space],
        _ => cut.as_str(),
    };
    format!("{}…", at_word.trim_end_matches([' ', ',', '.', ';', ':']))
}

/// "N min read" for a text of `words` words (at least one minute).
pub fn read_time(words: usize) -> String {
    let minutes = words.div_ceil(WORDS_PER_MINUTE).max(1);
    format!("{minutes} min read")
}

/// Number of words in plain text.
pub fn word_count(text: &str) -> usize {
    text.split_whitespace().count()
}

fn collapse_whitespace(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// ammonia's serialiser escapes only these; decoding them gives back the text it read
/// (`&amp;` last, so `&amp;lt;` stays the literal text `&lt;`).
fn decode_entities(text: &str) -> String {
    text.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&nbsp;", "\u{a0}")
        .replace("&amp;", "&")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scripts_styles_and_tags_are_gone_and_entities_are_text() {
        let html = r#"<p>Buy <b>low</b> &amp; sell&nbsp;high</p><script>alert("x")</script><style>p{}</style><img src=x onerror=alert(1)>"#;
        assert_eq!(plain_text(html), "Buy low & sell high");
        assert_eq!(plain_text("a &amp;lt; b"), "a &lt; b");
    }

    #[test]
    fn first_image_is_absolute_http_only() {
        let base = url::Url::parse("https://bubba.substack.com/p/post").unwrap();
        let html = r#"<img src="javascript:alert(1)"><img src="/img/a.png?x=1&amp;y=2"><img src="https://cdn.example.com/b.png">"#;
        assert_eq!(
            first_image(html, Some(&base)).as_deref(),
            Some("https://bubba.substack.com/img/a.png?x=1&y=2")
        );
        assert_eq!(first_image("<p>no picture</p>", Some(&base)), None);
        assert_eq!(
            first_image(r#"<img src="data:image/png;base64,AAAA">"#, None),
            None
        );
    }

    #[test]
    fn addresses_truncation_and_read_time() {
        assert_eq!(web_address("javascript:alert(1)"), None);
        assert_eq!(web_address("/relative"), None);
        assert_eq!(
            web_address(" https://youtube.com/watch?v=1 ").as_deref(),
            Some("https://youtube.com/watch?v=1")
        );
        assert_eq!(truncate("one two three four", 12), "one two…");
        assert_eq!(truncate("short", 12), "short");
        assert_eq!(read_time(0), "1 min read");
        assert_eq!(read_time(201), "2 min read");
    }
}
