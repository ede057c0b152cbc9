//! The per-user limit on starting checkouts: a few are fine, a flood gets a clear 429 and
//! never reaches Stripe, and one user's flood does not block another user.

use super::*;
use crate::{
    accounts::support::{browser, message, register},
    api_test,
};
use api::routes::payments::{CHECKOUTS_PER_WINDOW, TOO_MANY_CHECKOUTS};

api_test!(
    too_many_checkouts_from_one_user_get_a_clear_429,
    |backend| async move {
        let (app, _stripe) = paying_app(backend).await;
        let joe = browser();
        register(&app.address, &joe, "joe@example.com").await;
        let mut sessions = Vec::new();
        for _ in 0..CHECKOUTS_PER_WINDOW {
            sessions.push(checkout(&app, &joe, "pro").await);
        }
        let (status, body) = post(
            &joe,
            &app.url("/api/create-checkout-session"),
            json!({"tierId": "pro"}),
        )
        .await;
        assert_eq!(
            (status, message(&body)),
            (StatusCode::TOO_MANY_REQUESTS, TOO_MANY_CHECKOUTS)
        );
        // The refused attempt recorded no purchase; the earlier ones are all there.
        for id in &sessions {
            assert!(app.store.purchase_by_session(id).await.unwrap().is_some());
        }

        // Another user is not held up by Joe.
        let ann = browser();
        register(&app.address, &ann, "ann@example.com").await;
        checkout(&app, &ann, "starter").await;
    }
);
