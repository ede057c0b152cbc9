//! Cross-site request forgery guard for the API. A request that changes something (POST, PUT,
//! PATCH, DELETE) must carry a JSON content type or an `X-Requested-With` header, which a
//! plain HTML form on another site cannot send without a CORS preflight we never grant; and
//! when the browser says where it comes from (`Origin`), that must be this site: the request's
//! own `Host` or `PUBLIC_BASE_URL`. Uploads (multipart) from our web app send
//! `X-Requested-With`.
//!
//! The guard also turns a bare 413 (a body over a route's limit, refused before any handler
//! ran) into the API's `{message}` shape.

use axum::{
    Json,
    extract::{Request, State},
    http::{HeaderMap, Method, StatusCode, header},
    middleware::Next,
    response::{IntoResponse, Response},
};

use crate::{
    AppState, content_type::is_json, error::ApiError, error::MessageOut, extract::BODY_TOO_LARGE,
};

pub const NEEDS_JSON_OR_HEADER: &str = "We blocked this request to protect your account: it has to come from the Ask Bubba site as JSON. Please reload the page and try again.";
pub const FOREIGN_ORIGIN: &str =
    "We blocked this request to protect your account: it came from another website.";

/// The middleware (wraps every `/api` route).
pub async fn guard(State(state): State<AppState>, request: Request, next: Next) -> Response {
    if changes_state(request.method())
        && !signed_link(request.uri().path())
        && let Err(err) = check(request.headers(), &state.settings.accounts.public_base_url)
    {
        return err.into_response();
    }
    let response = next.run(request).await;
    if response.status() == StatusCode::PAYLOAD_TOO_LARGE
        && !is_json(response.headers().get(header::CONTENT_TYPE))
    {
        let mut replaced = (
            StatusCode::PAYLOAD_TOO_LARGE,
            Json(MessageOut::new(BODY_TOO_LARGE)),
        )
            .into_response();
        // Keep whatever else the inner layers set (security headers, cookies).
        for (name, value) in response.headers() {
            if name != header::CONTENT_TYPE && name != header::CONTENT_LENGTH {
                replaced.headers_mut().append(name.clone(), value.clone());
            }
        }
        return replaced;
    }
    response
}

/// The digest's one-click unsubscribe (RFC 8058): mail providers post it as a form from
/// nowhere, and its signed token is what proves it, as a CSRF token would.
fn signed_link(path: &str) -> bool {
    path == "/unsubscribe" || path == "/api/unsubscribe"
}

fn changes_state(method: &Method) -> bool {
    matches!(
        *method,
        Method::POST | Method::PUT | Method::PATCH | Method::DELETE
    )
}

/// The rules, on a request's headers.
pub fn check(headers: &HeaderMap, public_base_url: &str) -> Result<(), ApiError> {
    let json = is_json(headers.get(header::CONTENT_TYPE));
    let custom = headers.contains_key("x-requested-with");
    if !json && !custom {
        return Err(ApiError::Forbidden(NEEDS_JSON_OR_HEADER.into()));
    }
    if headers.get("sec-fetch-site").and_then(|v| v.to_str().ok()) == Some("cross-site") {
        return Err(ApiError::Forbidden(FOREIGN_ORIGIN.into()));
    }
    if let Some(origin) = headers.get(header::ORIGIN) {
        let allowed = origin
            .to_str()
            .ok()
            .is_some_and(|o| same_site(o, headers, public_base_url));
        if !allowed {
            return Err(ApiError::Forbidden(FOREIGN_ORIGIN.into()));
        }
    }
    Ok(())
}

/// Whether `origin` is this site: its `host[:port]` equals the `Host` header *and* its scheme
/// is the request's (a plain-http page on our host, say one a network attacker
/// injected, cannot act for the https site), or its origin equals that of `public_base_url`.
/// `Origin: null` (sandboxed frames, some redirects) is not.
fn same_site(origin: &str, headers: &HeaderMap, public_base_url: &str) -> bool {
    let Ok(url) = url::Url::parse(origin) else {
        return false;
    };
    let Some(origin_host) = url.host_str() else {
        return false;
    };
    let authority = match url.port() {
        Some(port) => format!("{origin_host}:{port}"),
        None => origin_host.to_string(),
    };
    let public = url::Url::parse(public_base_url).ok();
    let host = headers.get(header::HOST).and_then(|h| h.to_str().ok());
    let matches_host = host.is_some_and(|h| h.eq_ignore_ascii_case(&authority))
        && url.scheme() == request_scheme(headers, host, public.as_ref());
    let matches_public = public
        .is_some_and(|p| p.origin().ascii_serialization() == url.origin().ascii_serialization());
    matches_host || matches_public
}

/// The scheme the browser used for this request: what the proxy says (`X-Forwarded-Proto`;
/// a browser cannot set that header on a cross-site request without a preflight we never
/// grant), else the public URL's scheme when the request is for the public host, else http
/// (the API itself speaks plain HTTP).
fn request_scheme(headers: &HeaderMap, host: Option<&str>, public: Option<&url::Url>) -> String {
    if let Some(proto) = headers
        .get("x-forwarded-proto")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split(',').next())
    {
        return proto.trim().to_ascii_lowercase();
    }
    let public_authority = public.and_then(|p| {
        p.host_str().map(|h| match p.port() {
            Some(port) => format!("{h}:{port}"),
            None => h.to_string(),
        })
    });
    match (public, public_authority, host) {
        (Some(public), Some(authority), Some(host)) if authority.eq_ignore_ascii_case(host) => {
            public.scheme().to_string()
        }
        _ => "http".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(pairs: &[(&str, &str)]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for (k, v) in pairs {
            h.insert(
                header::HeaderName::from_bytes(k.as_bytes()).unwrap(),
                v.parse().unwrap(),
            );
        }
        h
    }

    #[test]
    fn needs_json_or_the_custom_header() {
        let base = "http://localhost:8080";
        assert!(check(&headers(&[("content-type", "application/json")]), base).is_ok());
        assert!(
            check(
                &headers(&[("content-type", "application/json; charset=utf-8")]),
                base
            )
            .is_ok()
        );
        assert!(check(&headers(&[("x-requested-with", "fetch")]), base).is_ok());
        assert!(check(&headers(&[("content-type", "text/plain")]), base).is_err());
        assert!(
            check(
                &headers(&[("content-type", "application/x-www-form-urlencoded")]),
                base
            )
            .is_err()
        );
        assert!(check(&headers(&[]), base).is_err());
    }

    #[test]
    fn origin_must_be_this_site() {
        let base = "https://askbubba.example";
        let json = ("content-type", "application/json");
        let ok = |pairs: &[(&str, &str)]| check(&headers(pairs), base).is_ok();
        assert!(ok(&[
            json,
            ("host", "127.0.0.1:3000"),
            ("origin", "http://127.0.0.1:3000")
        ]));
        assert!(
            !ok(&[
                json,
                ("host", "askbubba.example"),
                ("origin", "http://askbubba.example")
            ]),
            "an http page cannot post to the https site"
        );
        assert!(
            !ok(&[
                json,
                ("host", "internal:8080"),
                ("x-forwarded-proto", "https"),
                ("origin", "http://internal:8080")
            ]),
            "behind a TLS proxy the request's scheme is the proxy's"
        );
        assert!(ok(&[
            json,
            ("host", "internal:8080"),
            ("x-forwarded-proto", "https"),
            ("origin", "https://internal:8080")
        ]));
        assert!(ok(&[
            json,
            ("host", "internal:8080"),
            ("origin", "https://askbubba.example")
        ]));
        assert!(!ok(&[
            json,
            ("host", "127.0.0.1:3000"),
            ("origin", "http://127.0.0.1:3001")
        ]));
        assert!(!ok(&[
            json,
            ("host", "askbubba.example"),
            ("origin", "https://evil.example")
        ]));
        assert!(!ok(&[
            json,
            ("host", "askbubba.example"),
            ("origin", "null")
        ]));
        assert!(!ok(&[json, ("sec-fetch-site", "cross-site")]));
    }
}
