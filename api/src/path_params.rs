//! `PathParams`: the parameters of a route's path, checked like a JSON body's fields.
//!
//! A path segment is percent-decoded before a handler sees it, so `/api/jobs/%00` hands the
//! handler a NUL byte, which Postgres cannot take as text (a 500) and SQLite stores or matches
//! silently. Every path parameter is refused with a 400 `{message}` naming it when it holds a
//! control character, is not UTF-8, or does not parse as the route's type, before any handler
//! or store sees it.

use axum::{
    extract::{FromRequestParts, Path, RawPathParams},
    http::request::Parts,
};
use serde::de::DeserializeOwned;

use crate::error::ApiError;

/// The address could not be read (bytes that are not UTF-8 after percent-decoding).
pub const UNREADABLE_PATH: &str =
    "We couldn't read that request: part of its address isn't valid text.";

/// The 400 message for a path parameter holding control characters.
pub fn control_chars_message(name: &str) -> String {
    format!(
        "Please check the address: its '{name}' contains invisible control characters (like NUL). Please remove them and try again."
    )
}

/// A route's path parameters (like `axum::extract::Path`), refused with a 400 `{message}`
/// when any of them holds a control character or does not parse.
#[derive(Debug, Clone)]
pub struct PathParams<T>(pub T);

impl<T, S> FromRequestParts<S> for PathParams<T>
where
    T: DeserializeOwned + Send,
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, ApiError> {
        let raw = RawPathParams::from_request_parts(parts, state)
            .await
            .map_err(|_| ApiError::BadRequest(UNREADABLE_PATH.into()))?;
        if let Some((name, _)) = raw.iter().find(|(_, value)| has_control_chars(value)) {
            return Err(ApiError::BadRequest(control_chars_message(name)));
        }
        let Path(value) = Path::<T>::from_request_parts(parts, state)
            .await
            .map_err(|err| {
                ApiError::BadRequest(format!(
                    "We couldn't read that request: {}",
                    err.body_text()
                ))
            })?;
        Ok(PathParams(value))
    }
}

/// Any control character, including tab and line breaks: no path parameter has a use for them.
fn has_control_chars(text: &str) -> bool {
    text.chars().any(char::is_control)
}

/// `raw` when it has the shape of a job id (a ULID: 26 letters and digits), so a made-up id
/// answers "no such job" without a database query.
pub fn job_id(raw: &str) -> Option<&str> {
    (raw.len() == 26 && raw.bytes().all(|b| b.is_ascii_alphanumeric())).then_some(raw)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn job_ids_are_ulids() {
        assert_eq!(
            job_id("01JABCDEF0123456789ABCDEFG"),
            Some("01JABCDEF0123456789ABCDEFG")
        );
        assert_eq!(job_id("nope"), None);
        assert_eq!(job_id("01JABCDEF0123456789ABCDEF\u{0}"), None);
        assert_eq!(job_id(&"A".repeat(27)), None);
    }

    #[test]
    fn tabs_and_line_breaks_count_as_control_characters_here() {
        for bad in ["a\u{0}", "a\t", "a\n", "\u{7f}", "\u{1b}[2J"] {
            assert!(has_control_chars(bad), "{bad:?}");
        }
        assert!(!has_control_chars("AAPL"));
    }
}
