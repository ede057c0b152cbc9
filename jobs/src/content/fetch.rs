//! Downloading one feed the way the project's other HTTP clients do (a User-Agent naming the
//! operator, a whole-request timeout), plus what a feed from somebody else's server needs:
//! a cap on the body read as it streams, and a refusal of answers that are not a feed (an
//! HTML error page, JSON, a picture). Failures are [`SourceError`]s, so the job decides
//! retry-or-fail the same way as for market data.

use std::time::Duration;

use reqwest::{StatusCode, header};

use crate::sources::SourceError;

/// Largest feed body read (Substack's full-text feeds are well under 1 MiB).
pub const MAX_FEED_BYTES: usize = 5 * 1024 * 1024;
/// Whole-request timeout for one feed.
pub const FEED_TIMEOUT: Duration = Duration::from_secs(20);

/// An HTTP client for feeds.
#[derive(Debug, Clone)]
pub struct FeedFetcher {
    client: reqwest::Client,
    max_bytes: usize,
}

impl FeedFetcher {
    pub fn new(user_agent: &str) -> Result<Self, SourceError> {
        let client = reqwest::Client::builder()
            .user_agent(user_agent)
            .timeout(FEED_TIMEOUT)
            .gzip(true)
            .redirect(reqwest::redirect::Policy::limited(5))
            .build()
            .map_err(|err| SourceError::Upstream(format!("cannot build the HTTP client: {err}")))?;
        Ok(FeedFetcher {
            client,
            max_bytes: MAX_FEED_BYTES,
        })
    }

    /// GETs the feed at `url` and returns its body.
    pub async fn get(&self, url: &str) -> Result<Vec<u8>, SourceError> {
        let parsed = url::Url::parse(url)
            .map_err(|err| SourceError::Parse(format!("'{url}' is not a web address: {err}")))?;
        if !matches!(parsed.scheme(), "http" | "https") {
            return Err(SourceError::Parse(format!(
                "'{url}' is not an http(s) address"
            )));
        }
        let mut response = self
            .client
            .get(parsed)
            .header(
                header::ACCEPT,
                "application/rss+xml, application/atom+xml, application/xml;q=0.9, text/xml;q=0.9",
            )
            .send()
            .await
            .map_err(|err| SourceError::Upstream(format!("request to {url} failed: {err}")))?;
        let status = response.status();
        if status == StatusCode::TOO_MANY_REQUESTS || status == StatusCode::SERVICE_UNAVAILABLE {
            return Err(SourceError::RateLimited { retry_after: None });
        }
        if status.is_server_error() {
            return Err(SourceError::Upstream(format!(
                "{url} answered HTTP {status}"
            )));
        }
        if !status.is_success() {
            // 404, 410, 403: the address is wrong or gone; retrying will not help.
            return Err(SourceError::Parse(format!("{url} answered HTTP {status}")));
        }
        let content_type = response
            .headers()
            .get(header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .unwrap_or("")
            .to_ascii_lowercase();
        if !looks_like_a_feed(&content_type) {
            return Err(SourceError::Parse(format!(
                "{url} answered with content type '{content_type}', expected an RSS or Atom feed"
            )));
        }
        let too_big = || {
            SourceError::Parse(format!(
                "{url} sent more than {} MiB; a feed is never that big",
                self.max_bytes / (1024 * 1024)
            ))
        };
        if response
            .content_length()
            .is_some_and(|length| length > self.max_bytes as u64)
        {
            return Err(too_big());
        }
        // Read chunk by chunk so a server that lies about (or omits) its length is cut off.
        let mut body = Vec::new();
        while let Some(chunk) = response.chunk().await.map_err(|err| {
            SourceError::Upstream(format!("reading the feed from {url} failed: {err}"))
        })? {
            if body.len() + chunk.len() > self.max_bytes {
                return Err(too_big());
            }
            body.extend_from_slice(&chunk);
        }
        Ok(body)
    }
}

/// Feeds come as `application/rss+xml`, `application/atom+xml`, `application/xml`,
/// `text/xml` and, from some hosts, `text/plain` or no type at all. An HTML page, JSON or
/// anything else is not a feed.
fn looks_like_a_feed(content_type: &str) -> bool {
    content_type.is_empty()
        || (content_type.contains("xml") && !content_type.contains("html"))
        || content_type.contains("rss")
        || content_type.contains("atom")
        || content_type.starts_with("text/plain")
}

#[cfg(test)]
mod tests {
    use super::looks_like_a_feed;

    #[test]
    fn feed_types_pass_and_pages_do_not() {
        for ok in [
            "application/rss+xml; charset=utf-8",
            "application/atom+xml",
            "text/xml; charset=UTF-8",
            "",
        ] {
            assert!(looks_like_a_feed(ok), "{ok}");
        }
        for bad in [
            "text/html; charset=utf-8",
            "application/json",
            "image/png",
            "application/xhtml+xml",
        ] {
            assert!(!looks_like_a_feed(bad), "{bad}");
        }
    }
}
