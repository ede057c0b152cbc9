//! Serves the built web app: hashed assets cached for a year, everything else revalidated, and
//! navigation requests for unknown paths answered with `index.html` so the browser router can
//! take over: with 200 for a page the app has (`client_routes`), with 404 for any other path
//! (the app then shows its not-found page).
//!
//! Only navigation falls back to `index.html`: a missing file under `/assets/`, or
//! any other missing file a script or stylesheet asks for, is a 404 with `no-store`. Otherwise
//! a rolling deploy (an old page asking for an asset the new build no longer has) would cache
//! HTML under an immutable asset URL for a year. Source maps are never served.
//!
//! The build writes a brotli and a gzip copy next to each text file
//! (`web/scripts/precompress.mjs`); they are served to browsers that accept them, so nothing
//! is compressed per request.

use std::path::Path;

use axum::{
    body::Body,
    http::{HeaderValue, Request, StatusCode, header},
    response::{IntoResponse, Response},
    routing::{MethodRouter, get_service},
};
use tower::ServiceExt;
use tower_http::services::{ServeDir, ServeFile};

use super::client_routes;

/// Longest path segment looked up on disk (the usual file-name limit); longer ones cannot
/// name a file, and asking the file system would fail with "File name too long".
const MAX_SEGMENT: usize = 255;

/// Cache-Control for content whose URL changes with it (hashed assets, versioned charts).
pub(crate) const IMMUTABLE: &str = "public, max-age=31536000, immutable";

/// The static file service with navigation fallback and cache headers.
pub fn service(dist: &Path) -> MethodRouter {
    let files = ServeDir::new(dist).precompressed_br().precompressed_gzip();
    let index = ServeFile::new(dist.join("index.html"))
        .precompressed_br()
        .precompressed_gzip();
    get_service(tower::service_fn(move |request: Request<Body>| {
        let (files, index) = (files.clone(), index.clone());
        async move {
            let path = request.uri().path();
            let asset = path.starts_with("/assets/");
            let navigation = !asset && is_navigation(&request);
            let servable = !path.ends_with(".map")
                && path.split('/').all(|segment| segment.len() <= MAX_SEGMENT);
            let found = if servable {
                let (parts, body) = request.into_parts();
                let fallback = Request::from_parts(parts.clone(), Body::empty());
                let response: Response = files
                    .oneshot(Request::from_parts(parts, body))
                    .await
                    .map(|r| r.map(Body::new))?;
                if response.status().is_success() || response.status().is_redirection() {
                    Ok(response)
                } else {
                    Err(fallback)
                }
            } else {
                Err(request)
            };
            let mut response = match found {
                Ok(response) => response,
                Err(request) if navigation => {
                    let page = client_routes::is_client_route(request.uri().path());
                    let mut response = index.oneshot(request).await.map(|r| r.map(Body::new))?;
                    // The app still draws its not-found page; the status tells the truth.
                    if !page && response.status().is_success() {
                        *response.status_mut() = StatusCode::NOT_FOUND;
                    }
                    response
                }
                Err(_) => not_found(),
            };
            let cache = if asset && response.status().is_success() {
                IMMUTABLE
            } else if response.status() == StatusCode::NOT_FOUND {
                "no-store"
            } else {
                "no-cache"
            };
            let headers = response.headers_mut();
            headers.insert(header::CACHE_CONTROL, HeaderValue::from_static(cache));
            // The same URL answers brotli, gzip or plain bytes: caches must key on the ask.
            headers.insert(header::VARY, HeaderValue::from_static("accept-encoding"));
            Ok::<_, std::convert::Infallible>(response)
        }
    }))
}

/// A page the browser navigates to (it accepts HTML, or the path names no file: no
/// extension in the last segment), as opposed to a script, style or image request.
fn is_navigation(request: &Request<Body>) -> bool {
    let accepts_html = request
        .headers()
        .get(header::ACCEPT)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.contains("text/html"));
    let last = request.uri().path().rsplit('/').next().unwrap_or_default();
    accepts_html || !last.contains('.')
}

fn not_found() -> Response {
    (
        StatusCode::NOT_FOUND,
        [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
        "Not found",
    )
        .into_response()
}
