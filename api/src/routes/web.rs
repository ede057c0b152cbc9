//! Serves the built web app: hashed assets cached for a year, everything else revalidated,
//! and unknown paths answered with `index.html` so the browser router can take over.

use std::path::Path;

use axum::{
    body::Body,
    http::{HeaderValue, Request, header},
    response::Response,
    routing::{MethodRouter, get_service},
};
use tower::ServiceExt;
use tower_http::services::{ServeDir, ServeFile};

/// The static file service with SPA fallback and cache headers.
pub fn service(dist: &Path) -> MethodRouter {
    let files = ServeDir::new(dist).fallback(ServeFile::new(dist.join("index.html")));
    get_service(tower::service_fn(move |request: Request<Body>| {
        let files = files.clone();
        async move {
            let immutable = request.uri().path().starts_with("/assets/");
            let mut response: Response = files.oneshot(request).await.map(|r| r.map(Body::new))?;
            let cache = if immutable && response.status().is_success() {
                "public, max-age=31536000, immutable"
            } else {
                "no-cache"
            };
            response
                .headers_mut()
                .insert(header::CACHE_CONTROL, HeaderValue::from_static(cache));
            Ok::<_, std::convert::Infallible>(response)
        }
    }))
}
