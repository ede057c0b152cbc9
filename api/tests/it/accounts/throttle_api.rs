//! Login throttling: an attacker is stopped, the owner is not.

use std::time::{Duration, Instant};

use jobs::accounts::messages;
use reqwest::{Client, StatusCode};
use serde_json::json;

use super::support::{PASSWORD, browser, message, read, register};
use crate::{api_test, helpers::spawn_app_with};

async fn attempt(
    client: &Client,
    base: &str,
    ip: &str,
    username: &str,
    password: &str,
) -> (StatusCode, serde_json::Value) {
    let response = client
        .post(format!("{base}/api/login"))
        .header("x-forwarded-for", format!("{ip}, 10.0.0.1"))
        .json(&json!({ "username": username, "password": password }))
        .send()
        .await
        .unwrap();
    read(response).await
}

api_test!(
    a_thousand_wrong_passwords_are_throttled_but_the_owner_gets_in,
    |backend| async move {
        let app = spawn_app_with(backend, |s| s.accounts.trust_proxy = 2).await;
        register(&app.address, &browser(), "owner@example.com").await;
        let attacker = browser();
        let started = Instant::now();
        let mut refused = 0;
        let mut wrong = 0;
        for i in 0..1000 {
            let (status, body) = attempt(
                &attacker,
                &app.address,
                "203.0.113.66",
                "owner@example.com",
                &format!("guess-{i}"),
            )
            .await;
            match status {
                StatusCode::UNAUTHORIZED => wrong += 1,
                StatusCode::TOO_MANY_REQUESTS => {
                    assert_eq!(message(&body), messages::LOGIN_THROTTLED);
                    refused += 1;
                }
                other => panic!("attempt {i}: {other} {body}"),
            }
        }
        assert_eq!(wrong, 5, "five real checks per username and address");
        assert_eq!(refused, 995);
        assert!(
            started.elapsed() < Duration::from_secs(60),
            "throttled attempts are cheap: {:?}",
            started.elapsed()
        );

        // The attacker's address stays locked even with the right password...
        let (status, _) = attempt(
            &attacker,
            &app.address,
            "203.0.113.66",
            "owner@example.com",
            PASSWORD,
        )
        .await;
        assert_eq!(status, StatusCode::TOO_MANY_REQUESTS);
        // ...while the owner, from their own address, signs in.
        let owner = browser();
        let (status, body) = attempt(
            &owner,
            &app.address,
            "198.51.100.7",
            "owner@example.com",
            PASSWORD,
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!(body["username"], "owner@example.com");
        let (status, _) = read(owner.get(app.url("/api/user")).send().await.unwrap()).await;
        assert_eq!(status, StatusCode::OK);
    }
);

api_test!(
    one_address_trying_many_usernames_is_throttled,
    |backend| async move {
        let app = spawn_app_with(backend, |s| s.accounts.trust_proxy = 2).await;
        register(&app.address, &browser(), "real@example.com").await;
        let client = browser();
        let mut statuses = Vec::new();
        for i in 0..25 {
            statuses.push(
                attempt(
                    &client,
                    &app.address,
                    "203.0.113.9",
                    &format!("user{i}@example.com"),
                    "password1",
                )
                .await
                .0,
            );
        }
        assert!(
            statuses[..20]
                .iter()
                .all(|s| *s == StatusCode::UNAUTHORIZED),
            "{statuses:?}"
        );
        assert!(
            statuses[20..]
                .iter()
                .all(|s| *s == StatusCode::TOO_MANY_REQUESTS),
            "{statuses:?}"
        );
        // Successful logins from a shared address do not use up its allowance.
        let office = browser();
        for _ in 0..30 {
            let (status, _) = attempt(
                &office,
                &app.address,
                "192.0.2.50",
                "real@example.com",
                PASSWORD,
            )
            .await;
            assert_eq!(status, StatusCode::OK);
        }
    }
);

api_test!(
    many_addresses_slow_a_username_without_locking_it,
    |backend| async move {
        let app = spawn_app_with(backend, |s| {
            s.accounts.trust_proxy = 2;
            s.accounts.login.slowdown = Duration::from_millis(400);
        })
        .await;
        register(&app.address, &browser(), "owner@example.com").await;
        let client = browser();
        for ip in ["203.0.113.1", "203.0.113.2", "203.0.113.3"] {
            for i in 0..5 {
                attempt(
                    &client,
                    &app.address,
                    ip,
                    "owner@example.com",
                    &format!("nope-{i}"),
                )
                .await;
            }
        }
        let started = Instant::now();
        let (status, body) = attempt(
            &browser(),
            &app.address,
            "198.51.100.7",
            "owner@example.com",
            PASSWORD,
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert!(
            started.elapsed() >= Duration::from_millis(400),
            "slowed after 15 failures: {:?}",
            started.elapsed()
        );
        // A username with few failures is not slowed.
        register(&app.address, &browser(), "calm@example.com").await;
        let started = Instant::now();
        let (status, _) = attempt(
            &browser(),
            &app.address,
            "198.51.100.8",
            "calm@example.com",
            PASSWORD,
        )
        .await;
        assert_eq!(status, StatusCode::OK);
        assert!(started.elapsed() < Duration::from_millis(400));
    }
);
