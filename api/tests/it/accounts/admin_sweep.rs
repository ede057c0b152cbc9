//! The admin sweep: every path under `/api/admin` in the real route table, with every method,
//! answers 401 to a signed-out caller and 403 to a signed-in non-admin. A route added later
//! without the admin check (outside `routes::admin`, or after its layer) fails here.

use std::path::PathBuf;

use api::{AppState, routes::admin::route_paths};
use axum::{Router, routing::get};
use jobs::{accounts::messages, store::Backend, testing::TestDb};
use reqwest::{Client, Method, StatusCode};

use super::support::{browser, message, read, register};
use crate::{
    api_test,
    helpers::{spawn_app, test_settings},
};

/// Every admin path of the real route table, placeholders filled (`{symbol}` -> `1`).
async fn admin_paths(backend: Backend) -> Vec<String> {
    let db = TestDb::new(backend).await;
    let settings = test_settings(&db, PathBuf::from("/nonexistent-web-dist"));
    let state = AppState::new(db.store.clone(), settings).expect("app state");
    let all = route_paths(&api::app(state));
    assert!(
        all.contains(&"/api/user".to_string()),
        "the route table was read: {all:?}"
    );
    all.into_iter()
        .filter(|p| p == "/api/admin" || p.starts_with("/api/admin/"))
        .map(|p| fill(&p))
        .collect()
}

/// `/a/{id}/b/{*rest}` -> `/a/1/b/1`.
fn fill(path: &str) -> String {
    path.split('/')
        .map(|segment| {
            if segment.starts_with('{') && segment.ends_with('}') {
                "1"
            } else {
                segment
            }
        })
        .collect::<Vec<_>>()
        .join("/")
}

const METHODS: [Method; 5] = [
    Method::GET,
    Method::POST,
    Method::PUT,
    Method::PATCH,
    Method::DELETE,
];

async fn call(
    client: &Client,
    base: &str,
    method: &Method,
    path: &str,
) -> (StatusCode, serde_json::Value) {
    let response = client
        .request(method.clone(), format!("{base}{path}"))
        .json(&serde_json::json!({}))
        .send()
        .await
        .unwrap();
    read(response).await
}

api_test!(
    every_admin_route_checks_on_the_server,
    |backend| async move {
        let paths = admin_paths(backend).await;
        assert!(
            paths.contains(&"/api/admin/bug-reports".to_string()),
            "{paths:?}"
        );
        // The admin pages' calls (issues 12-14) are in the table the sweep walks.
        for path in [
            "/api/admin/generate-newsletter",
            "/api/admin/newsletter-templates",
            "/api/admin/newsletters/1",
            "/api/admin/stocks",
            "/api/admin/content",
            "/api/admin/content/1",
            "/api/admin/content/sync",
            "/api/admin/scheduled-jobs/1",
            "/api/admin/scheduled-jobs/1/run-now",
            "/api/admin/auto-analyze-10k/1",
            "/api/admin/auto-analyze-10k/jobs/1",
            "/api/admin/trends/quarterly-changes",
            "/api/admin/trends/most-improved",
            "/api/admin/trends/stock-history/1",
            "/api/admin/trends/analyze-quarter",
            "/api/admin/rag-docs/1",
            "/api/admin/upload-rag/1",
        ] {
            assert!(paths.contains(&path.to_string()), "{path} in {paths:?}");
        }
        let app = spawn_app(backend).await;
        let anonymous = browser();
        let member = browser();
        register(&app.address, &member, "member@example.com").await;
        let admin = browser();
        crate::accounts::support::sign_in_admin(&app.address, &app.store, &admin).await;
        let mut checked = 0;
        for path in paths
            .iter()
            .chain(["/api/admin/no-such-call".to_string()].iter())
        {
            for method in &METHODS {
                let (status, body) = call(&anonymous, &app.address, method, path).await;
                assert_eq!(
                    status,
                    StatusCode::UNAUTHORIZED,
                    "{method} {path} signed out: {body}"
                );
                assert_eq!(message(&body), messages::NOT_SIGNED_IN);
                let (status, body) = call(&member, &app.address, method, path).await;
                assert_eq!(
                    status,
                    StatusCode::FORBIDDEN,
                    "{method} {path} as a member: {body}"
                );
                assert_eq!(
                    message(&body),
                    "You do not have permission to access this page."
                );
                checked += 1;
            }
        }
        assert!(checked >= 10);
        let (status, _) = call(&admin, &app.address, &Method::GET, "/api/admin/bug-reports").await;
        assert_eq!(status, StatusCode::OK, "the admin gets in");
        let (status, _) = call(
            &admin,
            &app.address,
            &Method::GET,
            "/api/admin/no-such-call",
        )
        .await;
        assert_eq!(status, StatusCode::NOT_FOUND);
    }
);

#[test]
fn the_walk_sees_admin_routes_registered_anywhere() {
    // A route put outside the admin sub-router would be found by the walk (and then fail
    // the sweep above, since nothing checks it).
    let stray: Router = Router::new()
        .nest(
            "/api",
            Router::new()
                .route("/admin/stray", get(|| async { "oops" }))
                .route("/other", get(|| async { "" })),
        )
        .nest(
            "/api/admin",
            Router::new().route("/nested/{id}", get(|| async { "" })),
        );
    let paths = route_paths(&stray);
    assert!(paths.contains(&"/api/admin/stray".to_string()), "{paths:?}");
    assert!(
        paths.contains(&"/api/admin/nested/{id}".to_string()),
        "{paths:?}"
    );
    assert_eq!(
        fill("/api/admin/nested/{id}/x/{*rest}"),
        "/api/admin/nested/1/x/1"
    );
}
