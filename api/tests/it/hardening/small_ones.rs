//! Defect 9, the smaller ones: client errors logged at ERROR, plain-text answers to bad query
//! strings and path encodings, no HSTS over https, personal JSON without `no-store`, and a
//! CSRF Origin check that ignored the scheme. (Long path segments and source maps are in
//! `static_assets`.)

use std::{
    io::Write,
    sync::{Arc, Mutex},
};

use jobs::store::Backend;
use reqwest::{StatusCode, header};
use serde_json::json;

use crate::{
    accounts::support::{PASSWORD, browser, login, message, post, register, registration},
    api_test,
    helpers::spawn_app_with,
};

/// Log lines written while a test runs on this thread.
#[derive(Clone, Default)]
struct Captured(Arc<Mutex<Vec<u8>>>);

impl Write for Captured {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

async fn client_errors_are_not_logged_as_errors(backend: Backend) {
    let captured = Captured::default();
    let writer = captured.clone();
    let subscriber = tracing_subscriber::fmt()
        .with_ansi(false)
        .with_max_level(tracing::Level::INFO)
        .with_writer(move || writer.clone())
        .finish();
    // This runtime has one thread, so the app's tasks log through this subscriber.
    let _guard = tracing::subscriber::set_default(subscriber);
    let app = spawn_app_with(backend, |_| {}).await;
    let client = browser();
    register(&app.address, &client, "joe@example.com").await;
    let (status, _) = post(
        &browser(),
        &app.url("/api/register"),
        registration("joe@example.com"),
    )
    .await;
    assert_eq!(status, StatusCode::CONFLICT);
    let (status, _) = login(
        &app.address,
        &browser(),
        "joe@example.com",
        "wrong password",
    )
    .await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    let (status, _) = login(&app.address, &browser(), "joe@example.com", PASSWORD).await;
    assert_eq!(status, StatusCode::OK);
    let logs = String::from_utf8(captured.0.lock().unwrap().clone()).unwrap();
    let errors: Vec<&str> = logs.lines().filter(|l| l.contains("ERROR")).collect();
    assert!(
        errors.is_empty(),
        "client errors logged as errors: {errors:#?}"
    );
    assert!(
        logs.lines()
            .any(|l| l.contains("INFO") && l.contains("already has an account")),
        "the 409 is logged at info: {logs}"
    );
}

#[tokio::test(flavor = "current_thread")]
async fn client_errors_are_not_logged_as_errors_sqlite() {
    client_errors_are_not_logged_as_errors(Backend::Sqlite).await;
}

#[tokio::test(flavor = "current_thread")]
async fn client_errors_are_not_logged_as_errors_postgres() {
    client_errors_are_not_logged_as_errors(Backend::Postgres).await;
}

api_test!(bad_queries_and_paths_answer_json, |backend| async move {
    let app = spawn_app_with(backend, |_| {}).await;
    for path in [
        "/api/analyze-stock/AAPL?wait=soon",
        "/api/analyze-stock/AAPL?wait=-1",
        "/api/jobs/%FF%FE",
        "/api/stock-analysis/%C3%28",
    ] {
        let response = app.get(path).await;
        assert_eq!(response.status(), StatusCode::BAD_REQUEST, "{path}");
        assert_eq!(
            response.headers()[header::CONTENT_TYPE],
            "application/json",
            "{path}"
        );
        let body: serde_json::Value = response.json().await.unwrap();
        assert!(
            message(&body).starts_with("We couldn't read that request"),
            "{path}: {body}"
        );
    }
    let response = app
        .client
        .put(app.url("/api/tickers/search"))
        .json(&json!({}))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::METHOD_NOT_ALLOWED);
    let body: serde_json::Value = response.json().await.unwrap();
    assert_eq!(message(&body), api::error::METHOD_NOT_ALLOWED);
});

api_test!(
    https_sites_send_hsts_and_personal_json_is_not_stored,
    |backend| async move {
        let app = spawn_app_with(backend, |_| {}).await;
        assert!(
            !app.get("/")
                .await
                .headers()
                .contains_key(header::STRICT_TRANSPORT_SECURITY)
        );
        let app = spawn_app_with(backend, |s| {
            s.accounts.public_base_url = "https://askbubba.example".into();
        })
        .await;
        for path in ["/", "/healthz", "/api/user"] {
            let response = app.get(path).await;
            assert_eq!(
                response.headers()[header::STRICT_TRANSPORT_SECURITY],
                "max-age=31536000; includeSubDomains",
                "{path}"
            );
        }
        let client = browser();
        register(&app.address, &client, "joe@example.com").await;
        for path in ["/api/user", "/api/account"] {
            let response = client.get(app.url(path)).send().await.unwrap();
            assert_eq!(response.status(), StatusCode::OK, "{path}");
            assert_eq!(
                response.headers()[header::CACHE_CONTROL],
                "no-store",
                "{path}"
            );
        }
    }
);

api_test!(
    an_http_origin_cannot_post_to_an_https_site,
    |backend| async move {
        let app = spawn_app_with(backend, |s| {
            s.accounts.public_base_url = "https://askbubba.example".into();
        })
        .await;
        // A plain-http page on the site's own host (one a network attacker injected) posting to
        // the https site: same host, other scheme.
        let response = browser()
            .post(app.url("/api/login"))
            .header(header::HOST, "askbubba.example")
            .header(header::ORIGIN, "http://askbubba.example")
            .json(&json!({ "username": "joe@example.com", "password": PASSWORD }))
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), StatusCode::FORBIDDEN);
        let body: serde_json::Value = response.json().await.unwrap();
        assert_eq!(message(&body), api::csrf::FOREIGN_ORIGIN);
        // The same page over https is the site itself.
        let response = browser()
            .post(app.url("/api/login"))
            .header(header::HOST, "askbubba.example")
            .header(header::ORIGIN, "https://askbubba.example")
            .json(&json!({ "username": "joe@example.com", "password": PASSWORD }))
            .send()
            .await
            .unwrap();
        assert_eq!(
            response.status(),
            StatusCode::UNAUTHORIZED,
            "checked, not blocked"
        );
    }
);
