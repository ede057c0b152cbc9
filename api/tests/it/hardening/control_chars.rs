//! Defect 6: a NUL byte in a text field was a 500 on Postgres (which cannot store it) and
//! stored silently on SQLite. Every text field of every JSON call now refuses control
//! characters with a clear 400 naming the field, and nothing is stored.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::{
    accounts::support::{PASSWORD, browser, message, post, register},
    api_test,
    helpers::spawn_app,
};

/// Every call with a JSON body, and a valid body for it.
fn calls() -> Vec<(&'static str, Value)> {
    vec![
        (
            "/api/register",
            json!({
                "username": "joe@example.com", "password": PASSWORD, "acceptTerms": true, "acceptPrivacy": true,
                "parentName": "Pat", "parentEmail": "pat@example.com", "parentSignature": "P", "childName": "Kid",
                "parentalConsent": true,
            }),
        ),
        (
            "/api/login",
            json!({ "username": "joe@example.com", "password": PASSWORD }),
        ),
        ("/api/reset-password", json!({ "email": "joe@example.com" })),
        (
            "/api/reset-password/confirm",
            json!({ "token": "a".repeat(64), "password": "new password" }),
        ),
        (
            "/api/anonymous/search",
            json!({ "sessionId": "anon-1", "symbol": "AAPL" }),
        ),
        (
            "/api/report-bug",
            json!({ "email": "joe@example.com", "subject": "s", "description": "two\nlines" }),
        ),
    ]
}

api_test!(
    control_characters_are_refused_in_every_text_field,
    |backend| async move {
        let app = spawn_app(backend).await;
        let client = browser();
        for (path, valid) in calls() {
            for (field, value) in valid.as_object().unwrap() {
                let Some(text) = value.as_str() else { continue };
                for bad in ['\u{0}', '\u{1b}', '\u{7f}'] {
                    let mut body = valid.clone();
                    body[field] = json!(format!("{text}{bad}"));
                    let (status, answer) = post(&client, &app.url(path), body).await;
                    assert_eq!(
                        status,
                        StatusCode::BAD_REQUEST,
                        "{path} {field} {bad:?}: {answer}"
                    );
                    assert_eq!(
                        message(&answer),
                        jobs::accounts::fields::control_chars_message(field),
                        "{path} {field}"
                    );
                }
            }
        }
        assert_eq!(app.store.user_count().await.unwrap(), 0);
        assert_eq!(app.store.bug_report_count().await.unwrap(), 0);
        assert_eq!(app.store.email_count().await.unwrap(), 0);
        assert!(
            app.store
                .anonymous_session("anon-1")
                .await
                .unwrap()
                .is_none()
        );

        // Line breaks and tabs in a description are text, not control characters to refuse.
        register(&app.address, &client, "joe@example.com").await;
        let (status, answer) = post(
        &client,
        &app.url("/api/report-bug"),
        json!({ "email": "joe@example.com", "subject": "s", "description": "line one\n\tline two\r\n" }),
    )
    .await;
        assert_eq!(status, StatusCode::CREATED, "{answer}");
        // Nested values are named by their path.
        let (status, answer) = post(
        &client,
        &app.url("/api/login"),
        json!({ "username": "joe@example.com", "password": PASSWORD, "extra": { "list": ["ok", "bad\u{0}"] } }),
    )
    .await;
        assert_eq!(status, StatusCode::BAD_REQUEST);
        assert_eq!(
            message(&answer),
            jobs::accounts::fields::control_chars_message("extra.list[1]")
        );
    }
);
