//! Reading a `Content-Type`: shared by the JSON extractor, the CSRF guard, the error
//! rewriting and the compression predicate.

use axum::http::HeaderValue;

/// `application/json` or any `+json` type.
pub fn is_json(content_type: Option<&HeaderValue>) -> bool {
    content_type.and_then(|v| v.to_str().ok()).is_some_and(|v| {
        let mime = v
            .split(';')
            .next()
            .unwrap_or_default()
            .trim()
            .to_ascii_lowercase();
        mime == "application/json" || (mime.starts_with("application/") && mime.ends_with("+json"))
    })
}
