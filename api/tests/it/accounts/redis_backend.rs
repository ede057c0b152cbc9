//! With `REDIS_URL` set, sessions and login throttles live in Redis (shared by every API
//! replica). Runs against the machine's Redis (127.0.0.1:6379, or `TEST_REDIS_URL`); skipped
//! with a note when none answers.

use jobs::settings::RedactedUrl;
use reqwest::StatusCode;
use serde_json::json;

use super::support::{PASSWORD, browser, get, login, post, register, session_cookie};
use crate::{api_test, helpers::spawn_app_with};

fn redis_url() -> String {
    std::env::var("TEST_REDIS_URL").unwrap_or_else(|_| "redis://127.0.0.1:6379".into())
}

async fn redis_available() -> bool {
    let Ok(client) = redis::Client::open(redis_url()) else {
        return false;
    };
    let Ok(Ok(mut conn)) = tokio::time::timeout(
        std::time::Duration::from_secs(2),
        client.get_multiplexed_async_connection(),
    )
    .await
    else {
        return false;
    };
    redis::cmd("PING")
        .query_async::<String>(&mut conn)
        .await
        .is_ok()
}

api_test!(sessions_and_throttles_in_redis, |backend| async move {
    if !redis_available().await {
        eprintln!("SKIPPED: no Redis at {}", redis_url());
        return;
    }
    let prefix = format!("askbubba-test-{}", ulid::Ulid::new());
    let app = spawn_app_with(backend, |s| {
        s.common.redis_url = Some(RedactedUrl(redis_url()));
        s.common.redis_prefix = prefix.clone();
        s.accounts.trust_proxy = 1;
    })
    .await;
    let client = browser();
    register(&app.address, &client, "joe@example.com").await;
    let user_id = app
        .store
        .user_by_username("joe@example.com")
        .await
        .unwrap()
        .unwrap()
        .id;
    assert_eq!(
        app.store
            .user_session_count(user_id, chrono::Utc::now())
            .await
            .unwrap(),
        0,
        "not in the database"
    );
    let (status, _) = get(&client, &app.url("/api/user")).await;
    assert_eq!(
        status,
        StatusCode::OK,
        "the session is read back from Redis"
    );

    // Rotation at login, and the old id is gone.
    let before = client.get(app.url("/api/user")).send().await.unwrap();
    assert!(
        session_cookie(&before).is_none(),
        "reading does not touch the cookie"
    );
    let response = client
        .post(app.url("/api/login"))
        .json(&json!({ "username": "joe@example.com", "password": PASSWORD }))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    assert!(session_cookie(&response).is_some());

    let mut redis = redis::Client::open(redis_url())
        .unwrap()
        .get_multiplexed_async_connection()
        .await
        .unwrap();
    let keys: Vec<String> = redis::cmd("KEYS")
        .arg(format!("{prefix}:session:*"))
        .query_async(&mut redis)
        .await
        .unwrap();
    assert_eq!(keys.len(), 1, "one live session after rotation: {keys:?}");

    // A password reset ends the user's sessions in Redis too.
    post(
        &browser(),
        &app.url("/api/reset-password"),
        json!({ "email": "joe@example.com" }),
    )
    .await;
    let mut mail = None;
    for _ in 0..100 {
        if let Some(m) = app.store.emails_to("joe@example.com").await.unwrap().pop() {
            mail = Some(m);
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    let body = mail.expect("reset mail").body;
    let at = body.find("token=").unwrap() + 6;
    let token = &body[at..at + 64];
    let (status, _) = post(
        &browser(),
        &app.url("/api/reset-password/confirm"),
        json!({ "token": token, "password": "new password 1" }),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    let (status, _) = get(&client, &app.url("/api/user")).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);

    // Login throttles count in Redis.
    let attacker = browser();
    let mut statuses = Vec::new();
    for i in 0..7 {
        let response = attacker
            .post(app.url("/api/login"))
            .header("x-forwarded-for", "203.0.113.77")
            .json(&json!({ "username": "joe@example.com", "password": format!("wrong-{i}") }))
            .send()
            .await
            .unwrap();
        statuses.push(response.status());
    }
    assert_eq!(statuses[..5], [StatusCode::UNAUTHORIZED; 5]);
    assert_eq!(statuses[5..], [StatusCode::TOO_MANY_REQUESTS; 2]);
    let throttle_keys: Vec<String> = redis::cmd("KEYS")
        .arg(format!("{prefix}:throttle:*"))
        .query_async(&mut redis)
        .await
        .unwrap();
    assert!(!throttle_keys.is_empty());
    assert_eq!(
        login(
            &app.address,
            &browser(),
            "joe@example.com",
            "new password 1"
        )
        .await
        .0,
        StatusCode::OK
    );

    // Logout deletes the Redis record.
    let me = browser();
    login(&app.address, &me, "joe@example.com", "new password 1").await;
    me.post(app.url("/api/logout"))
        .json(&json!({}))
        .send()
        .await
        .unwrap();
    let (status, _) = get(&me, &app.url("/api/user")).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);

    let all: Vec<String> = redis::cmd("KEYS")
        .arg(format!("{prefix}:*"))
        .query_async(&mut redis)
        .await
        .unwrap();
    if !all.is_empty() {
        let _: () = redis::cmd("DEL")
            .arg(&all)
            .query_async(&mut redis)
            .await
            .unwrap();
    }
});
