//! Register, login, logout, the current user and the account page.

use jobs::accounts::messages;
use reqwest::StatusCode;
use serde_json::json;

use super::support::{
    PASSWORD, browser, get, login, message, post, register, registration, session_cookie,
};
use crate::{api_test, helpers::spawn_app};

api_test!(register_signs_in_and_user_answers, |backend| async move {
    let app = spawn_app(backend).await;
    let base = app.address.clone();
    let client = browser();
    let (status, body) = get(&client, &app.url("/api/user")).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    assert_eq!(message(&body), messages::NOT_SIGNED_IN);
    // The web app's form of the call: nobody signed in is an ordinary answer, not an error.
    let (status, body) = get(&client, &app.url("/api/user?optional=true")).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body, serde_json::Value::Null);

    let body = json!({
        "username": "  Joe.Porch@Example.COM ", "password": PASSWORD, "acceptTerms": true, "acceptPrivacy": true,
        "parentName": "Pat Porch", "parentEmail": "pat@example.com", "parentSignature": "P. Porch",
        "childName": "Joe", "parentalConsent": true,
    });
    let (status, user) = post(&client, &app.url("/api/register"), body).await;
    assert_eq!(status, StatusCode::CREATED, "{user}");
    assert_eq!(
        user["username"], "joe.porch@example.com",
        "stored lowercased"
    );
    assert_eq!(user["isAdmin"], false);
    assert_eq!(user["isPaidUser"], false);
    assert_eq!(user["parentName"], "Pat Porch");
    assert_eq!(user["parentEmail"], "pat@example.com");
    assert_eq!(user["childName"], "Joe");
    for stamp in [
        "termsAcceptedAt",
        "privacyAcceptedAt",
        "parentalConsentAt",
        "memberSince",
        "createdAt",
    ] {
        assert!(
            user[stamp].as_str().is_some_and(|s| s.len() >= 20),
            "{stamp}: {user}"
        );
    }
    assert!(
        user.get("password").is_none(),
        "the hash never leaves the server"
    );

    let (status, me) = get(&client, &app.url("/api/user")).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(me["id"], user["id"]);
    let (_, optional) = get(&client, &app.url("/api/user?optional=true")).await;
    assert_eq!(
        optional["id"], user["id"],
        "signed in, the optional form is the user"
    );
    let stored = app
        .store
        .user_by_username("joe.porch@example.com")
        .await
        .unwrap()
        .unwrap();
    assert!(
        stored
            .password
            .starts_with("$argon2id$v=19$m=19456,t=2,p=1$"),
        "argon2id at the OWASP minimum"
    );
    assert!(stored.parental_consent_at.is_some());
    assert_eq!(stored.parent_signature.as_deref(), Some("P. Porch"));

    // Login is case-insensitive on the username, from a new browser.
    let other = browser();
    let (status, body) = login(&base, &other, "JOE.PORCH@EXAMPLE.COM", PASSWORD).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["username"], "joe.porch@example.com");
});

api_test!(
    wrong_password_and_unknown_user_answer_alike,
    |backend| async move {
        let app = spawn_app(backend).await;
        register(&app.address, &browser(), "joe@example.com").await;
        let client = browser();
        let (s1, wrong) = login(&app.address, &client, "joe@example.com", "not-the-password").await;
        let (s2, unknown) = login(
            &app.address,
            &client,
            "nobody@example.com",
            "not-the-password",
        )
        .await;
        assert_eq!(
            (s1, s2),
            (StatusCode::UNAUTHORIZED, StatusCode::UNAUTHORIZED)
        );
        assert_eq!(message(&wrong), messages::LOGIN_FAILED);
        assert_eq!(
            wrong, unknown,
            "the answer never says whether an account exists"
        );
        let (status, _) = get(&client, &app.url("/api/user")).await;
        assert_eq!(status, StatusCode::UNAUTHORIZED);
        let (status, body) = post(
            &client,
            &app.url("/api/login"),
            json!({ "username": "joe@example.com" }),
        )
        .await;
        assert_eq!(
            (status, message(&body)),
            (StatusCode::BAD_REQUEST, messages::PASSWORD_REQUIRED)
        );
        let (status, body) =
            post(&client, &app.url("/api/login"), json!({ "password": "x" })).await;
        assert_eq!(
            (status, message(&body)),
            (StatusCode::BAD_REQUEST, messages::USERNAME_REQUIRED)
        );
    }
);

api_test!(
    session_id_rotates_at_login_and_logout_destroys,
    |backend| async move {
        let app = spawn_app(backend).await;
        let client = browser();
        let response = client
            .post(app.url("/api/register"))
            .json(&registration("joe@example.com"))
            .send()
            .await
            .unwrap();
        let first = session_cookie(&response).expect("register sets the session cookie");
        let raw = response
            .headers()
            .get("set-cookie")
            .unwrap()
            .to_str()
            .unwrap()
            .to_lowercase();
        assert!(
            raw.contains("httponly") && raw.contains("samesite=lax") && raw.contains("path=/"),
            "{raw}"
        );
        assert!(
            !raw.contains("secure"),
            "plain-HTTP test server: not Secure ({raw})"
        );

        let response = client
            .post(app.url("/api/login"))
            .json(&json!({ "username": "joe@example.com", "password": PASSWORD }))
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), StatusCode::OK);
        let second = session_cookie(&response).expect("login sets a new cookie");
        assert_ne!(first, second, "the session id changes at login");

        // The pre-login id is dead; the new one works.
        let replay = |cookie: String| {
            let url = app.url("/api/user");
            async move {
                reqwest::Client::new()
                    .get(url)
                    .header("cookie", cookie)
                    .send()
                    .await
                    .unwrap()
                    .status()
            }
        };
        assert_eq!(replay(first.clone()).await, StatusCode::UNAUTHORIZED);
        assert_eq!(replay(second.clone()).await, StatusCode::OK);

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
            1
        );
        let response = client
            .post(app.url("/api/logout"))
            .json(&json!({ "sessionId": "anon_123" }))
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), StatusCode::OK);
        let cleared = response
            .headers()
            .get("set-cookie")
            .unwrap()
            .to_str()
            .unwrap()
            .to_string();
        assert!(
            cleared.contains("Max-Age=0")
                || cleared.to_lowercase().contains("expires=thu, 01 jan 1970"),
            "{cleared}"
        );
        let (_, body) = crate::accounts::support::read(response).await;
        assert_eq!(message(&body), messages::LOGGED_OUT);
        assert_eq!(
            replay(second).await,
            StatusCode::UNAUTHORIZED,
            "logout destroys the session"
        );
        assert_eq!(
            app.store
                .user_session_count(user_id, chrono::Utc::now())
                .await
                .unwrap(),
            0
        );
        let (status, _) = get(&client, &app.url("/api/user")).await;
        assert_eq!(status, StatusCode::UNAUTHORIZED);
    }
);

api_test!(
    registration_rules_use_the_spec_texts,
    |backend| async move {
        let app = spawn_app(backend).await;
        let client = browser();
        let cases = [
            (
                json!({ "password": PASSWORD, "acceptTerms": true, "acceptPrivacy": true }),
                messages::USERNAME_REQUIRED,
            ),
            (
                json!({ "username": "joe", "password": PASSWORD, "acceptTerms": true, "acceptPrivacy": true }),
                messages::INVALID_EMAIL,
            ),
            (
                json!({ "username": "joe@example.com", "acceptTerms": true, "acceptPrivacy": true }),
                messages::PASSWORD_REQUIRED,
            ),
            (
                json!({ "username": "joe@example.com", "password": "1234567", "acceptTerms": true, "acceptPrivacy": true }),
                "Password must be at least 8 characters",
            ),
            (
                json!({ "username": "joe@example.com", "password": PASSWORD, "acceptPrivacy": true }),
                "You must accept the Terms and Conditions to continue",
            ),
            (
                json!({ "username": "joe@example.com", "password": PASSWORD, "acceptTerms": false, "acceptPrivacy": true }),
                "You must accept the Terms and Conditions to continue",
            ),
            (
                json!({ "username": "joe@example.com", "password": PASSWORD, "acceptTerms": true }),
                "You must accept the Privacy Policy to continue",
            ),
            (
                json!({ "username": "joe@example.com", "password": PASSWORD, "acceptTerms": true, "acceptPrivacy": false }),
                "You must accept the Privacy Policy to continue",
            ),
            (
                json!({ "username": "joe@example.com", "password": PASSWORD, "acceptTerms": true, "acceptPrivacy": true, "parentEmail": "mom-at-home" }),
                "Please enter a valid parent email",
            ),
            (
                json!({ "username": "joe@example.com", "password": PASSWORD, "acceptTerms": true, "acceptPrivacy": true, "childName": "x".repeat(201) }),
                "Child name is limited to 200 characters",
            ),
        ];
        for (body, expected) in cases {
            let (status, answer) = post(&client, &app.url("/api/register"), body.clone()).await;
            assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
            assert_eq!(message(&answer), expected, "{body}");
        }
        assert_eq!(app.store.user_count().await.unwrap(), 0, "nothing stored");
        // An empty parent e-mail is simply absent.
        let mut ok = registration("joe@example.com");
        ok["parentEmail"] = json!("");
        let (status, user) = post(&client, &app.url("/api/register"), ok).await;
        assert_eq!(status, StatusCode::CREATED, "{user}");
        assert_eq!(user["parentEmail"], serde_json::Value::Null);
        let (status, body) = post(
            &browser(),
            &app.url("/api/register"),
            registration("JOE@example.com"),
        )
        .await;
        assert_eq!(
            (status, message(&body)),
            (StatusCode::CONFLICT, messages::USERNAME_TAKEN)
        );
    }
);

api_test!(
    fifty_concurrent_registrations_make_one_account,
    |backend| async move {
        // One address sending 50 at once: lift its registration limit for this race.
        let app = crate::helpers::spawn_app_with(backend, |s| {
            s.accounts.password_routes.register_per_ip = 1000
        })
        .await;
        let url = app.url("/api/register");
        let tasks: Vec<_> = (0..50)
            .map(|_| {
                let url = url.clone();
                tokio::spawn(async move {
                    post(&browser(), &url, registration("rush@example.com"))
                        .await
                        .0
                })
            })
            .collect();
        let mut statuses = Vec::new();
        for task in tasks {
            statuses.push(task.await.unwrap());
        }
        assert_eq!(
            statuses
                .iter()
                .filter(|s| **s == StatusCode::CREATED)
                .count(),
            1,
            "{statuses:?}"
        );
        // 503: those that found no account yet queued for a password-hashing slot, and a
        // loaded machine made some wait too long (the hashing gate).
        assert!(
            statuses.iter().all(|s| *s == StatusCode::CREATED
                || *s == StatusCode::CONFLICT
                || *s == StatusCode::SERVICE_UNAVAILABLE),
            "{statuses:?}"
        );
        assert_eq!(
            app.store
                .count_users_named("rush@example.com")
                .await
                .unwrap(),
            1
        );
    }
);

api_test!(admin_flag_and_account_page, |backend| async move {
    let app = spawn_app(backend).await;
    // The operator creates the admin (registration refuses the name, in any case).
    let (status, _) = post(
        &browser(),
        &app.url("/api/register"),
        registration("Admin@Example.com"),
    )
    .await;
    assert_eq!(status, StatusCode::CONFLICT);
    let admin = browser();
    crate::accounts::support::sign_in_admin(&app.address, &app.store, &admin).await;
    let (_, user) = get(&admin, &app.url("/api/user")).await;
    assert_eq!(user["isAdmin"], true, "ADMIN_USERNAME is the admin");
    let (status, body) = get(&browser(), &app.url("/api/account")).await;
    assert_eq!(
        (status, message(&body)),
        (StatusCode::UNAUTHORIZED, messages::NOT_SIGNED_IN)
    );

    let client = browser();
    let mut body = registration("kid@example.com");
    body["parentName"] = json!("Pat");
    body["childName"] = json!("Kid");
    post(&client, &app.url("/api/register"), body).await;
    let (status, account) = get(&client, &app.url("/api/account")).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(account["username"], "kid@example.com");
    assert!(account["memberSince"].is_string());
    assert_eq!(
        account["queryBalance"], 50,
        "50 free chat queries at sign-up"
    );
    assert_eq!(account["queriesLimit"], 50);
    assert_eq!(account["subscription"], "Free");
    assert_eq!(account["parentName"], "Pat");
    assert_eq!(account["childName"], "Kid");
    assert_eq!(account["parentEmail"], serde_json::Value::Null);
    assert_eq!(account["dailyAnalyses"], 25);
});

api_test!(
    cookie_is_secure_when_served_over_https,
    |backend| async move {
        let app =
            crate::helpers::spawn_app_with(backend, |s| s.accounts.cookie_secure = true).await;
        let response = browser()
            .post(app.url("/api/register"))
            .json(&registration("joe@example.com"))
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), StatusCode::CREATED);
        let raw = response
            .headers()
            .get("set-cookie")
            .unwrap()
            .to_str()
            .unwrap()
            .to_string();
        assert!(
            raw.contains("Secure") && raw.contains("HttpOnly") && raw.contains("SameSite=Lax"),
            "{raw}"
        );
    }
);
