//! The one error every data source returns. The job handler decides from it whether a
//! failure is worth a durable retry (`RateLimited`), a 'not found' answer (`NotFound`) or a
//! failed job with a reason (`Upstream`, `Parse`).

use std::time::Duration;

/// Why a data source could not deliver.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SourceError {
    /// The source has nothing for this key (HTTP 404, or no snapshot file).
    #[error("not found")]
    NotFound,
    /// The source asked us to slow down (HTTP 429 or 503). `retry_after` is the server's
    /// `Retry-After`, when it sent one: re-enqueue the job after it, never spin.
    #[error("rate limited by the data source{}", retry_hint(.retry_after))]
    RateLimited { retry_after: Option<Duration> },
    /// The source failed or could not be reached (other HTTP errors, I/O, truncated bodies).
    #[error("upstream error: {0}")]
    Upstream(String),
    /// The source answered, but not in the format we expect (bad JSON/CSV, wrong content
    /// type, corrupt gzip).
    #[error("cannot parse the data: {0}")]
    Parse(String),
}

fn retry_hint(retry_after: &Option<Duration>) -> String {
    match retry_after {
        Some(wait) => format!(" (retry after {}s)", wait.as_secs()),
        None => String::new(),
    }
}

impl From<crate::market_data::ParseError> for SourceError {
    fn from(err: crate::market_data::ParseError) -> Self {
        SourceError::Parse(err.0)
    }
}

impl SourceError {
    /// True when trying again later can help (rate limits and upstream outages).
    pub fn is_retryable(&self) -> bool {
        matches!(
            self,
            SourceError::RateLimited { .. } | SourceError::Upstream(_)
        )
    }
}

/// A boxed, `Send` future returned by the source traits, so they stay usable as
/// `Arc<dyn Trait>` (native `async fn` in traits is not dyn-compatible).
pub type SourceFuture<'a, T> = futures::future::BoxFuture<'a, Result<T, SourceError>>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_name_the_retry_delay() {
        let err = SourceError::RateLimited {
            retry_after: Some(Duration::from_secs(7)),
        };
        assert_eq!(
            err.to_string(),
            "rate limited by the data source (retry after 7s)"
        );
        assert!(err.is_retryable());
        assert!(!SourceError::NotFound.is_retryable());
        assert!(!SourceError::Parse("x".into()).is_retryable());
    }
}
