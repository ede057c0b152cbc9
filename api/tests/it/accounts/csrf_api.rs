//! Cross-site request forgery: state-changing calls need JSON or a custom header, and a
//! same-site Origin when there is one.

use reqwest::{StatusCode, header};
use serde_json::json;

use super::support::{PASSWORD, browser, message, read, register, registration};
use crate::{api_test, helpers::spawn_app_with};

api_test!(
    forms_and_foreign_origins_are_refused,
    |backend| async move {
        let app = spawn_app_with(backend, |s| {
            s.accounts.public_base_url = "https://askbubba.example".into()
        })
        .await;
        let client = browser();
        let body = serde_json::to_string(&registration("joe@example.com")).unwrap();

        // What a hostile page's <form> can send: no JSON type, no custom header.
        for content_type in [
            "text/plain",
            "application/x-www-form-urlencoded",
            "multipart/form-data; boundary=x",
        ] {
            let response = client
                .post(app.url("/api/register"))
                .header(header::CONTENT_TYPE, content_type)
                .body(body.clone())
                .send()
                .await
                .unwrap();
            let (status, answer) = read(response).await;
            assert_eq!(status, StatusCode::FORBIDDEN, "{content_type}");
            assert_eq!(message(&answer), api::csrf::NEEDS_JSON_OR_HEADER);
        }
        // JSON from another site's page.
        let response = client
            .post(app.url("/api/register"))
            .header(header::ORIGIN, "https://evil.example")
            .json(&registration("joe@example.com"))
            .send()
            .await
            .unwrap();
        let (status, answer) = read(response).await;
        assert_eq!(
            (status, message(&answer)),
            (StatusCode::FORBIDDEN, api::csrf::FOREIGN_ORIGIN)
        );
        let response = client.delete(app.url("/api/user")).send().await.unwrap();
        assert_eq!(
            response.status(),
            StatusCode::FORBIDDEN,
            "DELETE is state-changing too"
        );
        assert_eq!(app.store.user_count().await.unwrap(), 0, "nothing stored");

        // Our own pages: same host, or the public URL.
        let own = app.address.clone();
        let response = client
            .post(app.url("/api/register"))
            .header(header::ORIGIN, own)
            .json(&registration("joe@example.com"))
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), StatusCode::CREATED);
        let response = client
            .post(app.url("/api/login"))
            .header(header::ORIGIN, "https://askbubba.example")
            .json(&json!({ "username": "joe@example.com", "password": PASSWORD }))
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), StatusCode::OK);
        // A body-less call with the custom header (logout from the web app).
        let response = client
            .post(app.url("/api/logout"))
            .header("x-requested-with", "fetch")
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), StatusCode::OK);
        // Reads are not affected.
        assert_eq!(
            client
                .get(app.url("/api/user"))
                .header(header::ORIGIN, "https://evil.example")
                .send()
                .await
                .unwrap()
                .status(),
            StatusCode::UNAUTHORIZED
        );
    }
);

api_test!(
    custom_header_without_json_still_needs_json_for_bodies,
    |backend| async move {
        let app = spawn_app_with(backend, |_| {}).await;
        register(&app.address, &browser(), "joe@example.com").await;
        let response = browser()
            .post(app.url("/api/login"))
            .header("x-requested-with", "fetch")
            .header(header::CONTENT_TYPE, "text/plain")
            .body(r#"{"username":"joe@example.com","password":"porch-swing-42"}"#)
            .send()
            .await
            .unwrap();
        let (status, body) = read(response).await;
        assert_eq!(status, StatusCode::UNSUPPORTED_MEDIA_TYPE);
        assert_eq!(message(&body), api::extract::NOT_JSON);
    }
);
