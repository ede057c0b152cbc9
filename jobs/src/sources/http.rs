//! Shared HTTP plumbing of the live clients: one `reqwest` client with the configured
//! User-Agent, and one mapping from HTTP answers to [`SourceError`] so every source fails the
//! same way: 404 -> `NotFound`, 429/503 -> `RateLimited` (with `Retry-After`), a wrong content
//! type, truncated body or bad gzip -> a clear `Parse`/`Upstream` error, never a panic.

use std::time::{Duration, SystemTime};

use reqwest::{StatusCode, header};

use super::error::SourceError;

/// Base URLs and identity of the live sources. Every base URL is configurable so tests can
/// point the clients at a local server that serves the snapshot files.
#[derive(Debug, Clone)]
pub struct LiveConfig {
    /// `https://data.sec.gov` (company facts and submissions).
    pub sec_data_base_url: String,
    /// `https://stooq.com` (daily prices).
    pub stooq_base_url: String,
    /// `https://fred.stlouisfed.org` (10-year Treasury).
    pub fred_base_url: String,
    /// `https://cdn.finra.org` (short-interest files).
    pub finra_base_url: String,
    /// SEC fair access requires a User-Agent naming the operator and a contact address.
    pub user_agent: String,
    /// Whole-request timeout.
    pub timeout: Duration,
}

impl Default for LiveConfig {
    fn default() -> Self {
        LiveConfig {
            sec_data_base_url: "https://data.sec.gov".into(),
            stooq_base_url: "https://stooq.com".into(),
            fred_base_url: "https://fred.stlouisfed.org".into(),
            finra_base_url: "https://cdn.finra.org".into(),
            user_agent: "AskBubba/0.1 (operator contact: admin@askbubba.example)".into(),
            timeout: Duration::from_secs(30),
        }
    }
}

impl LiveConfig {
    /// The live sources' configuration from the shared settings.
    pub fn from_settings(settings: &crate::settings::CommonSettings) -> Self {
        LiveConfig {
            sec_data_base_url: settings.sec_data_base_url.clone(),
            stooq_base_url: settings.stooq_base_url.clone(),
            fred_base_url: settings.fred_base_url.clone(),
            finra_base_url: settings.finra_base_url.clone(),
            user_agent: settings.sec_user_agent.clone(),
            ..Default::default()
        }
    }
}

/// What kind of body a request expects; decides which content types are acceptable.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Expect {
    Json,
    Csv,
    Html,
}

/// A configured HTTP client.
#[derive(Debug, Clone)]
pub struct HttpFetcher {
    client: reqwest::Client,
}

impl HttpFetcher {
    /// Builds the client (gzip decoding on, User-Agent and timeout from `config`).
    pub fn new(config: &LiveConfig) -> Result<Self, SourceError> {
        let client = reqwest::Client::builder()
            .user_agent(config.user_agent.clone())
            .timeout(config.timeout)
            .gzip(true)
            .build()
            .map_err(|err| SourceError::Upstream(format!("cannot build the HTTP client: {err}")))?;
        Ok(HttpFetcher { client })
    }

    /// GETs `url` and returns the (decompressed) body, mapping every failure to a
    /// [`SourceError`].
    pub async fn get(&self, url: &str, expect: Expect) -> Result<Vec<u8>, SourceError> {
        self.get_document(url, expect, usize::MAX, None).await
    }

    /// [`HttpFetcher::get`] for a document that may be large: refused past `max_bytes`
    /// (counted as it streams in, so an endless body costs at most that much), with its own
    /// whole-request `timeout` when given.
    pub async fn get_document(
        &self,
        url: &str,
        expect: Expect,
        max_bytes: usize,
        timeout: Option<Duration>,
    ) -> Result<Vec<u8>, SourceError> {
        let mut request = self.client.get(url);
        if let Some(timeout) = timeout {
            request = request.timeout(timeout);
        }
        let mut response = request.send().await.map_err(|err| {
            SourceError::Upstream(format!("request to {url} failed: {}", describe(&err)))
        })?;
        let status = response.status();
        if status == StatusCode::NOT_FOUND {
            return Err(SourceError::NotFound);
        }
        if status == StatusCode::TOO_MANY_REQUESTS || status == StatusCode::SERVICE_UNAVAILABLE {
            let retry_after = response
                .headers()
                .get(header::RETRY_AFTER)
                .and_then(|v| v.to_str().ok())
                .and_then(|v| parse_retry_after(v, SystemTime::now()));
            return Err(SourceError::RateLimited { retry_after });
        }
        if !status.is_success() {
            return Err(SourceError::Upstream(format!(
                "{url} answered HTTP {status}"
            )));
        }
        let content_type = response
            .headers()
            .get(header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .unwrap_or("")
            .to_ascii_lowercase();
        check_content_type(&content_type, expect, url)?;
        let mut body = Vec::new();
        while let Some(chunk) = response.chunk().await.map_err(|err| {
            SourceError::Upstream(format!(
                "reading the body from {url} failed: {}",
                describe(&err)
            ))
        })? {
            if body.len() + chunk.len() > max_bytes {
                return Err(SourceError::Parse(format!(
                    "{url} is larger than {} MB",
                    max_bytes / (1024 * 1024)
                )));
            }
            body.extend_from_slice(&chunk);
        }
        Ok(body)
    }
}

impl HttpFetcher {
    /// GETs `url` into the file `dest` as it streams in (a bulk archive of gigabytes is never
    /// held in memory), within `timeout`; answers the bytes written. An HTML answer (an error
    /// page with a 200) is refused.
    pub async fn download_to(
        &self,
        url: &str,
        dest: &std::path::Path,
        timeout: Duration,
    ) -> Result<u64, SourceError> {
        use tokio::io::AsyncWriteExt as _;
        let mut response = self
            .client
            .get(url)
            .timeout(timeout)
            .send()
            .await
            .map_err(|err| {
                SourceError::Upstream(format!("request to {url} failed: {}", describe(&err)))
            })?;
        let status = response.status();
        if status == StatusCode::NOT_FOUND {
            return Err(SourceError::NotFound);
        }
        if status == StatusCode::TOO_MANY_REQUESTS || status == StatusCode::SERVICE_UNAVAILABLE {
            let retry_after = response
                .headers()
                .get(header::RETRY_AFTER)
                .and_then(|v| v.to_str().ok())
                .and_then(|v| parse_retry_after(v, SystemTime::now()));
            return Err(SourceError::RateLimited { retry_after });
        }
        if !status.is_success() {
            return Err(SourceError::Upstream(format!(
                "{url} answered HTTP {status}"
            )));
        }
        let content_type = response
            .headers()
            .get(header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .unwrap_or("")
            .to_ascii_lowercase();
        if content_type.contains("html") {
            return Err(SourceError::Parse(format!(
                "{url} answered with content type '{content_type}', expected a zip"
            )));
        }
        let disk = |err: std::io::Error| {
            SourceError::Upstream(format!("cannot write {}: {err}", dest.display()))
        };
        let mut file = tokio::fs::File::create(dest).await.map_err(disk)?;
        let mut written = 0u64;
        while let Some(chunk) = response.chunk().await.map_err(|err| {
            SourceError::Upstream(format!(
                "reading the body from {url} failed: {}",
                describe(&err)
            ))
        })? {
            file.write_all(&chunk).await.map_err(disk)?;
            written += chunk.len() as u64;
        }
        file.flush().await.map_err(disk)?;
        file.sync_all().await.map_err(disk)?;
        Ok(written)
    }
}

/// A rate-limited or broken upstream often answers with an HTML page and a 200: refuse it
/// instead of feeding HTML to a JSON or CSV parser. A missing content type is given the
/// benefit of the doubt (the parser will still catch garbage).
fn check_content_type(content_type: &str, expect: Expect, url: &str) -> Result<(), SourceError> {
    let ok = content_type.is_empty()
        || match expect {
            Expect::Json => content_type.contains("json"),
            Expect::Csv => !content_type.contains("html") && !content_type.contains("json"),
            Expect::Html => content_type.contains("html"),
        };
    if ok {
        Ok(())
    } else {
        Err(SourceError::Parse(format!(
            "{url} answered with content type '{content_type}', expected {}",
            match expect {
                Expect::Json => "JSON",
                Expect::Csv => "CSV",
                Expect::Html => "HTML",
            }
        )))
    }
}

/// `Retry-After` is either a number of seconds or an HTTP date.
pub fn parse_retry_after(value: &str, now: SystemTime) -> Option<Duration> {
    let value = value.trim();
    if let Ok(seconds) = value.parse::<u64>() {
        return Some(Duration::from_secs(seconds));
    }
    let when = httpdate::parse_http_date(value).ok()?;
    Some(when.duration_since(now).unwrap_or(Duration::ZERO))
}

/// reqwest's top-level message hides the cause ("error decoding response body"); include the
/// chain so the job's failure reason says *what* was wrong (e.g. a corrupt gzip stream).
fn describe(err: &reqwest::Error) -> String {
    let mut text = err.to_string();
    let mut source = std::error::Error::source(err);
    while let Some(cause) = source {
        text.push_str(": ");
        text.push_str(&cause.to_string());
        source = cause.source();
    }
    if err.is_timeout() {
        text.push_str(" (timed out)");
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn retry_after_in_seconds_or_as_a_date() {
        let now = SystemTime::UNIX_EPOCH + Duration::from_secs(1_700_000_000);
        assert_eq!(
            parse_retry_after("120", now),
            Some(Duration::from_secs(120))
        );
        let later = httpdate::fmt_http_date(now + Duration::from_secs(30));
        assert_eq!(
            parse_retry_after(&later, now),
            Some(Duration::from_secs(30))
        );
        let earlier = httpdate::fmt_http_date(now - Duration::from_secs(30));
        assert_eq!(parse_retry_after(&earlier, now), Some(Duration::ZERO));
        assert_eq!(parse_retry_after("soon", now), None);
    }

    #[test]
    fn html_is_refused_where_data_is_expected() {
        assert!(check_content_type("application/json", Expect::Json, "u").is_ok());
        assert!(check_content_type("text/csv", Expect::Csv, "u").is_ok());
        assert!(check_content_type("", Expect::Json, "u").is_ok());
        assert!(matches!(
            check_content_type("text/html", Expect::Json, "u"),
            Err(SourceError::Parse(_))
        ));
        assert!(matches!(
            check_content_type("text/html; charset=utf-8", Expect::Csv, "u"),
            Err(SourceError::Parse(_))
        ));
    }
}
