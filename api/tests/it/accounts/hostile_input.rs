//! Hostile and broken input: huge values, bytes that are not UTF-8, JSON of the wrong shape in
//! every field, SQL metacharacters. Each answers a 4xx with a clear message and stores nothing.

use reqwest::{StatusCode, header};
use serde_json::{Value, json};

use super::support::{PASSWORD, browser, login, message, post, read, registration};
use crate::{
    api_test,
    helpers::{TestApp, spawn_app},
};

/// Every accounts call with a body, and a valid body for it.
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
            json!({ "email": "joe@example.com", "subject": "s", "description": "d" }),
        ),
    ]
}

async fn nothing_stored(app: &TestApp) {
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
}

api_test!(wrong_types_in_every_field_are_named, |backend| async move {
    let app = spawn_app(backend).await;
    let client = browser();
    for (path, valid) in calls() {
        let fields: Vec<String> = valid.as_object().unwrap().keys().cloned().collect();
        for field in fields {
            for wrong in [
                json!(12),
                json!(["x"]),
                json!({ "a": 1 }),
                json!(if valid[&field].is_boolean() {
                    json!("yes")
                } else {
                    json!(true)
                }),
            ] {
                let mut body = valid.clone();
                body[&field] = wrong.clone();
                let (status, answer) = post(&client, &app.url(path), body).await;
                assert_eq!(
                    status,
                    StatusCode::BAD_REQUEST,
                    "{path} {field}={wrong}: {answer}"
                );
                let text = message(&answer);
                assert!(
                    text.contains(&format!("'{field}'")),
                    "{path} {field}: the message names the field: {text}"
                );
            }
        }
        for not_an_object in [json!([]), json!("text"), json!(42), json!(null)] {
            let (status, answer) = post(&client, &app.url(path), not_an_object.clone()).await;
            assert_eq!(
                (status, message(&answer)),
                (StatusCode::BAD_REQUEST, api::extract::NOT_AN_OBJECT),
                "{path} {not_an_object}"
            );
        }
    }
    nothing_stored(&app).await;
});

api_test!(bytes_that_are_not_json_or_not_utf8, |backend| async move {
    let app = spawn_app(backend).await;
    let client = browser();
    let bodies: [Vec<u8>; 4] = [
        b"{\"username\": \"joe@example.com\", \"password\": \"\xff\xfe\xfd porch\", \"acceptTerms\": true}".to_vec(),
        vec![0xc3, 0x28, 0xa0, 0xa1],
        b"{\"username\": ".to_vec(),
        Vec::new(),
    ];
    for (path, _) in calls() {
        for body in &bodies {
            let response = client
                .post(app.url(path))
                .header(header::CONTENT_TYPE, "application/json")
                .body(body.clone())
                .send()
                .await
                .unwrap();
            let (status, answer) = read(response).await;
            assert_eq!(
                (status, message(&answer)),
                (StatusCode::BAD_REQUEST, api::extract::BAD_JSON),
                "{path}"
            );
        }
    }
    nothing_stored(&app).await;
});

api_test!(a_megabyte_username_is_refused, |backend| async move {
    let app = spawn_app(backend).await;
    let client = browser();
    let huge = format!("{}@example.com", "a".repeat(1024 * 1024));
    for (path, mut body) in calls() {
        for field in ["username", "email", "sessionId", "subject", "token"] {
            if body.get(field).is_some() {
                body[field] = json!(huge);
            }
        }
        let (status, answer) = post(&client, &app.url(path), body).await;
        assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE, "{path}: {answer}");
        assert_eq!(message(&answer), api::extract::BODY_TOO_LARGE);
    }
    // Under the body limit but over the field limits: still refused with a message.
    let mut body = registration("x@example.com");
    body["username"] = json!(format!("{}@example.com", "a".repeat(300)));
    let (status, answer) = post(&client, &app.url("/api/register"), body).await;
    assert_eq!(
        (status, message(&answer)),
        (
            StatusCode::BAD_REQUEST,
            "Please enter a valid email address"
        )
    );
    let (status, answer) = login(&app.address, &client, &"b".repeat(40_000), PASSWORD).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED, "{answer}");
    nothing_stored(&app).await;
});

api_test!(sql_metacharacters_are_just_text, |backend| async move {
    let app = spawn_app(backend).await;
    let client = browser();
    let username = "O'Brien+100%_off@example.com";
    let mut body = registration(username);
    let password = "'; DROP TABLE users; -- \" OR 1=1";
    body["password"] = json!(password);
    body["parentName"] = json!("Robert'); DROP TABLE users;--");
    let (status, user) = post(&client, &app.url("/api/register"), body).await;
    assert_eq!(status, StatusCode::CREATED, "{user}");
    assert_eq!(user["parentName"], "Robert'); DROP TABLE users;--");
    assert_eq!(user["username"], username.to_lowercase());
    assert_eq!(
        login(&app.address, &browser(), username, password).await.0,
        StatusCode::OK
    );
    assert_eq!(
        login(&app.address, &browser(), "o'brien+%@example.com", password)
            .await
            .0,
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(
        login(&app.address, &browser(), "' OR '1'='1", "' OR '1'='1")
            .await
            .0,
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(app.store.user_count().await.unwrap(), 1);
});
