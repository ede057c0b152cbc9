//! Security headers on every response: the fixed set below, HSTS when the site is served
//! over https (`PUBLIC_BASE_URL`), and `Cache-Control: no-store` on API answers that set no
//! caching of their own (they are personal: the user, the account, usage).

use axum::{
    extract::{Request, State},
    http::{HeaderName, HeaderValue, header},
    middleware::Next,
    response::Response,
};

use crate::AppState;

/// One year, subdomains included: only sent when `PUBLIC_BASE_URL` is https.
const HSTS: &str = "max-age=31536000; includeSubDomains";

const HEADERS: [(&str, &str); 5] = [
    ("x-content-type-options", "nosniff"),
    ("x-frame-options", "DENY"),
    ("referrer-policy", "strict-origin-when-cross-origin"),
    (
        "permissions-policy",
        "camera=(), microphone=(), geolocation=()",
    ),
    (
        "content-security-policy",
        "default-src 'self'; img-src 'self' data: https:; style-src 'self' 'unsafe-inline'; script-src 'self'; connect-src 'self'; frame-ancestors 'none'; base-uri 'self'; form-action 'self'",
    ),
];

pub async fn headers(State(state): State<AppState>, request: Request, next: Next) -> Response {
    let mut response = next.run(request).await;
    for (name, value) in HEADERS {
        response.headers_mut().insert(
            HeaderName::from_static(name),
            HeaderValue::from_static(value),
        );
    }
    if state
        .settings
        .accounts
        .public_base_url
        .starts_with("https://")
    {
        response.headers_mut().insert(
            header::STRICT_TRANSPORT_SECURITY,
            HeaderValue::from_static(HSTS),
        );
    }
    response
}

/// On `/api`: answers are not stored by browsers or shared caches unless a route says
/// otherwise (a route that serves public data sets its own `Cache-Control`).
pub async fn api_no_store(request: Request, next: Next) -> Response {
    let mut response = next.run(request).await;
    if !response.headers().contains_key(header::CACHE_CONTROL) {
        response
            .headers_mut()
            .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    }
    response
}
