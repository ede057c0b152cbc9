//! Defect 4: whoever registered `ADMIN_USERNAME` first became admin. Now only the operator
//! creates (or takes back) that account with `api create-admin`; public registration refuses
//! the name.

use std::path::PathBuf;

use api::{
    AppState,
    admin_account::{AdminOutcome, create_admin},
};
use jobs::{accounts::messages, testing::TestDb};
use reqwest::StatusCode;

use crate::{
    accounts::support::{ADMIN, PASSWORD, browser, get, login, message, post, registration},
    api_test,
    helpers::{spawn_app, test_settings},
};

api_test!(
    registering_the_admin_name_is_refused,
    |backend| async move {
        let app = spawn_app(backend).await;
        let attacker = browser();
        for name in [ADMIN, "ADMIN@Example.com"] {
            let (status, body) =
                post(&attacker, &app.url("/api/register"), registration(name)).await;
            assert_eq!(status, StatusCode::CONFLICT, "{body}");
            assert_eq!(message(&body), messages::USERNAME_TAKEN);
        }
        assert_eq!(
            app.store.user_count().await.unwrap(),
            0,
            "no account was made"
        );
        let (status, _) = get(&attacker, &app.url("/api/admin/bug-reports")).await;
        assert_eq!(status, StatusCode::UNAUTHORIZED);
    }
);

api_test!(
    the_operator_creates_and_takes_back_the_admin,
    |backend| async move {
        let app = spawn_app(backend).await;
        // The state `api create-admin` builds, on the app's database.
        let db = TestDb::new(backend).await;
        let mut settings = test_settings(&db, PathBuf::from("/nonexistent"));
        settings.common.database_url = db.url.clone();
        let state = AppState::new(app.store.clone(), settings).unwrap();

        assert_eq!(
            create_admin(&state, ADMIN, PASSWORD).await.unwrap(),
            AdminOutcome::Created
        );
        let admin = browser();
        let (status, body) = login(&app.address, &admin, ADMIN, PASSWORD).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!(body["isAdmin"], true);
        let (status, _) = get(&admin, &app.url("/api/admin/bug-reports")).await;
        assert_eq!(status, StatusCode::OK);

        // Running it again (say the account was taken over before this fix) replaces the
        // password and ends every session of the account.
        assert_eq!(
            create_admin(&state, ADMIN, "operator's new pw")
                .await
                .unwrap(),
            AdminOutcome::PasswordReplaced
        );
        let (status, _) = get(&admin, &app.url("/api/admin/bug-reports")).await;
        assert_eq!(status, StatusCode::UNAUTHORIZED, "the old session ended");
        let (status, _) = login(&app.address, &browser(), ADMIN, PASSWORD).await;
        assert_eq!(status, StatusCode::UNAUTHORIZED);
        let (status, _) = login(&app.address, &browser(), ADMIN, "operator's new pw").await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(app.store.user_count().await.unwrap(), 1);

        // Only the account ADMIN_USERNAME names can be made admin, with a valid password.
        let err = create_admin(&state, "someone@example.com", PASSWORD)
            .await
            .unwrap_err();
        assert!(err.to_string().contains("ADMIN_USERNAME"), "{err}");
        assert!(create_admin(&state, ADMIN, "short").await.is_err());
    }
);
