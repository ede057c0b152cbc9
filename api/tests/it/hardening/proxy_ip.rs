//! Defect 3: behind a proxy that appends to `X-Forwarded-For`, the client controls the
//! leftmost entries. With `TRUST_PROXY=N` the client is the N-th entry from the right, so a
//! forged header no longer escapes the per-address login limit.

use jobs::accounts::messages;
use reqwest::StatusCode;
use serde_json::json;

use crate::{
    accounts::support::{browser, message, read},
    api_test,
    helpers::spawn_app_with,
};

/// 40 wrong logins, each with a fresh forged entry in front of what the proxies appended
/// (`appended`); answers the statuses.
async fn forged_logins(base: &str, appended: &str) -> Vec<StatusCode> {
    let client = browser();
    let mut statuses = Vec::new();
    for i in 0..40 {
        let response = client
            .post(format!("{base}/api/login"))
            .header("x-forwarded-for", format!("10.9.{}.{}, {appended}", i / 200, i % 200))
            .json(&json!({ "username": format!("user{i}@example.com"), "password": "wrong-password" }))
            .send()
            .await
            .unwrap();
        let (status, body) = read(response).await;
        if status == StatusCode::TOO_MANY_REQUESTS {
            assert_eq!(message(&body), messages::LOGIN_THROTTLED);
        }
        statuses.push(status);
    }
    statuses
}

fn throttled_after_20(statuses: &[StatusCode]) {
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
        "a forged leftmost entry does not make a new client: {statuses:?}"
    );
}

api_test!(
    one_proxy_hop_takes_the_rightmost_entry,
    |backend| async move {
        let app = spawn_app_with(backend, |s| s.accounts.trust_proxy = 1).await;
        throttled_after_20(&forged_logins(&app.address, "198.51.100.7").await);
    }
);

api_test!(
    two_proxy_hops_take_the_second_from_the_right,
    |backend| async move {
        let app = spawn_app_with(backend, |s| s.accounts.trust_proxy = 2).await;
        // The outer proxy appended the client (198.51.100.8), the inner one the outer's address.
        throttled_after_20(&forged_logins(&app.address, "198.51.100.8, 10.0.0.2").await);
        // A different real client behind the same proxies is its own address.
        let response = browser()
            .post(app.url("/api/login"))
            .header("x-forwarded-for", "198.51.100.9, 10.0.0.2")
            .json(&json!({ "username": "someone@example.com", "password": "wrong-password" }))
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
    }
);

api_test!(
    without_a_trusted_proxy_the_header_is_ignored,
    |backend| async move {
        let app = spawn_app_with(backend, |_| {}).await;
        // Every request comes from 127.0.0.1 whatever the header says.
        throttled_after_20(&forged_logins(&app.address, "198.51.100.10").await);
    }
);

/// A wrong login from `address` (the one entry our single proxy appended); answers the status.
async fn wrong_login_from(base: &str, address: &str, i: usize) -> StatusCode {
    let response = browser()
        .post(format!("{base}/api/login"))
        .header("x-forwarded-for", address)
        .json(&json!({ "username": format!("user{i}@example.com"), "password": "wrong-password" }))
        .send()
        .await
        .unwrap();
    response.status()
}

api_test!(
    ipv6_addresses_of_one_64_share_a_limit_and_two_64s_do_not,
    |backend| async move {
        let app = spawn_app_with(backend, |s| s.accounts.trust_proxy = 1).await;
        // One client walking through its /64: a new address for every attempt.
        let mut statuses = Vec::new();
        for i in 0..21 {
            let address = format!("2001:db8:1:2::{:x}", i + 1);
            statuses.push(wrong_login_from(&app.address, &address, i).await);
        }
        assert!(
            statuses[..20]
                .iter()
                .all(|s| *s == StatusCode::UNAUTHORIZED),
            "{statuses:?}"
        );
        assert_eq!(
            statuses[20],
            StatusCode::TOO_MANY_REQUESTS,
            "a new address in the same /64 is the same client"
        );
        // The next /64 is another client.
        let other = wrong_login_from(&app.address, "2001:db8:1:3::1", 99).await;
        assert_eq!(other, StatusCode::UNAUTHORIZED);
    }
);
