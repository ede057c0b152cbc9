//! Password reset: the mail, the single-use token, the new password, the ended sessions.

use std::time::Duration;

use jobs::{
    accounts::messages,
    store::{Store, outbox::OutboxEmail},
};
use reqwest::StatusCode;
use serde_json::json;

use super::support::{PASSWORD, browser, get, login, message, post, register};
use crate::{api_test, helpers::spawn_app_with};

/// Waits for the background task to put a mail for `to` in the outbox.
async fn wait_for_mail(store: &Store, to: &str, count: usize) -> Vec<OutboxEmail> {
    for _ in 0..100 {
        let mails = store.emails_to(to).await.unwrap();
        if mails.len() >= count {
            return mails;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("no mail for {to}");
}

fn token_from(mail: &OutboxEmail) -> String {
    let marker = "/reset-password/confirm?token=";
    let start = mail.body.find(marker).expect("the mail has the link") + marker.len();
    mail.body[start..start + 64].to_string()
}

api_test!(
    reset_mails_a_single_use_link_and_ends_sessions,
    |backend| async move {
        let app = spawn_app_with(backend, |s| {
            s.accounts.public_base_url = "https://askbubba.example".into()
        })
        .await;
        let signed_in = browser();
        register(&app.address, &signed_in, "joe@example.com").await;
        let client = browser();

        let (status, body) = post(
            &client,
            &app.url("/api/reset-password"),
            json!({ "email": "Joe@Example.com" }),
        )
        .await;
        assert_eq!(
            (status, message(&body)),
            (
                StatusCode::OK,
                "Password reset instructions have been sent to your email."
            )
        );
        let mail = wait_for_mail(&app.store, "joe@example.com", 1)
            .await
            .remove(0);
        assert_eq!(mail.kind, "password_reset");
        assert!(
            mail.body
                .contains("https://askbubba.example/reset-password/confirm?token="),
            "{}",
            mail.body
        );
        let token = token_from(&mail);
        assert!(
            token.chars().all(|c| c.is_ascii_hexdigit()),
            "256 bits as 64 hex characters"
        );

        // Stored only as a hash.
        let user = app
            .store
            .user_by_username("joe@example.com")
            .await
            .unwrap()
            .unwrap();
        assert_eq!(
            app.store
                .open_reset_tokens(user.id, chrono::Utc::now())
                .await
                .unwrap(),
            1
        );
        assert_eq!(
            app.store
                .reset_password(&token, "x", chrono::Utc::now())
                .await
                .unwrap(),
            None,
            "the raw token is not stored"
        );

        let confirm = app.url("/api/reset-password/confirm");
        let (status, body) = post(
            &client,
            &confirm,
            json!({ "token": token, "password": "short" }),
        )
        .await;
        assert_eq!(
            (status, message(&body)),
            (
                StatusCode::BAD_REQUEST,
                "Password must be at least 8 characters"
            )
        );
        let (status, body) = post(&client, &confirm, json!({ "password": "long enough" })).await;
        assert_eq!(
            (status, message(&body)),
            (StatusCode::BAD_REQUEST, messages::RESET_TOKEN_REQUIRED)
        );
        let (status, body) = post(
            &client,
            &confirm,
            json!({ "token": "f".repeat(64), "password": "long enough" }),
        )
        .await;
        assert_eq!(
            (status, message(&body)),
            (StatusCode::BAD_REQUEST, messages::RESET_TOKEN_INVALID)
        );

        let (status, body) = post(
            &client,
            &confirm,
            json!({ "token": token, "password": "a brand new one" }),
        )
        .await;
        assert_eq!(
            (status, message(&body)),
            (StatusCode::OK, "You can now log in with your new password.")
        );
        let (status, body) = post(
            &client,
            &confirm,
            json!({ "token": token, "password": "yet another one" }),
        )
        .await;
        assert_eq!(
            (status, message(&body)),
            (StatusCode::BAD_REQUEST, messages::RESET_TOKEN_INVALID),
            "single use"
        );

        let (status, _) = get(&signed_in, &app.url("/api/user")).await;
        assert_eq!(
            status,
            StatusCode::UNAUTHORIZED,
            "the reset ended the other sessions"
        );
        assert_eq!(
            login(&app.address, &browser(), "joe@example.com", PASSWORD)
                .await
                .0,
            StatusCode::UNAUTHORIZED
        );
        assert_eq!(
            login(
                &app.address,
                &browser(),
                "joe@example.com",
                "a brand new one"
            )
            .await
            .0,
            StatusCode::OK
        );
    }
);

api_test!(
    reset_answers_alike_for_unknown_addresses,
    |backend| async move {
        let app = spawn_app_with(backend, |_| {}).await;
        register(&app.address, &browser(), "joe@example.com").await;
        let client = browser();
        let url = app.url("/api/reset-password");
        let (s1, known) = post(&client, &url, json!({ "email": "joe@example.com" })).await;
        let (s2, unknown) = post(&client, &url, json!({ "email": "nobody@example.com" })).await;
        assert_eq!((s1, s2), (StatusCode::OK, StatusCode::OK));
        assert_eq!(
            known, unknown,
            "the answer never says whether an account exists"
        );
        wait_for_mail(&app.store, "joe@example.com", 1).await;
        tokio::time::sleep(Duration::from_millis(300)).await;
        assert!(
            app.store
                .emails_to("nobody@example.com")
                .await
                .unwrap()
                .is_empty()
        );
        assert_eq!(app.store.email_count().await.unwrap(), 1);

        for bad in [
            json!({}),
            json!({ "email": "" }),
            json!({ "email": "not-an-address" }),
            json!({ "email": "a@b" }),
        ] {
            let (status, body) = post(&client, &url, bad.clone()).await;
            assert_eq!(
                (status, message(&body)),
                (
                    StatusCode::BAD_REQUEST,
                    "Please enter a valid email address"
                ),
                "{bad}"
            );
        }
        // Mail bombing one address is limited.
        let mut statuses = Vec::new();
        for _ in 0..6 {
            statuses.push(
                post(&client, &url, json!({ "email": "victim@example.com" }))
                    .await
                    .0,
            );
        }
        assert_eq!(statuses[..5], [StatusCode::OK; 5]);
        assert_eq!(statuses[5], StatusCode::TOO_MANY_REQUESTS);
    }
);

api_test!(an_expired_token_is_refused, |backend| async move {
    let app = spawn_app_with(backend, |_| {}).await;
    register(&app.address, &browser(), "joe@example.com").await;
    post(
        &browser(),
        &app.url("/api/reset-password"),
        json!({ "email": "joe@example.com" }),
    )
    .await;
    let token = token_from(&wait_for_mail(&app.store, "joe@example.com", 1).await[0]);
    // An hour and a second later, as the database sees it.
    let later = chrono::Utc::now() + chrono::Duration::seconds(3601);
    let hash = jobs::accounts::ResetToken::parse(Some(&token))
        .unwrap()
        .storage_hash();
    assert_eq!(
        app.store.reset_password(&hash, "x", later).await.unwrap(),
        None
    );
    // Still valid now.
    let (status, _) = post(
        &browser(),
        &app.url("/api/reset-password/confirm"),
        json!({ "token": token, "password": "fresh password" }),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
});
