//! The signed webhook: forged, stale and unsigned deliveries change nothing; a genuine one
//! credits once however it races the return page and its own replays.

use super::*;
use crate::{
    accounts::support::{browser, register},
    api_test,
};

api_test!(
    only_a_genuine_fresh_delivery_credits_and_replays_add_nothing,
    |backend| async move {
        let (app, stripe) = paying_app(backend).await;
        let joe = browser();
        register(&app.address, &joe, "joe@example.com").await;
        let session_id = checkout(&app, &joe, "pro").await;
        stripe.pay(&session_id);
        let payload = event("checkout.session.completed", &stripe.session(&session_id));
        let now = chrono::Utc::now().timestamp();

        assert_eq!(deliver(&app, &payload, None).await, StatusCode::BAD_REQUEST);
        let forged = stripe_signature(&payload, "whsec_someone_else", now);
        assert_eq!(
            deliver(&app, &payload, Some(forged)).await,
            StatusCode::BAD_REQUEST
        );
        // Signed with the right secret, but over a different body.
        let other = event("checkout.session.completed", &stripe.session(&session_id));
        let mismatched = stripe_signature(&other, WEBHOOK_SECRET, now);
        assert_eq!(
            deliver(&app, &payload, Some(mismatched)).await,
            StatusCode::BAD_REQUEST
        );
        // A genuine delivery captured six minutes ago and sent again.
        let stale = stripe_signature(&payload, WEBHOOK_SECRET, now - 6 * 60);
        assert_eq!(
            deliver(&app, &payload, Some(stale)).await,
            StatusCode::BAD_REQUEST
        );
        let garbled = "t=abc,v1=zz".to_string();
        assert_eq!(
            deliver(&app, &payload, Some(garbled)).await,
            StatusCode::BAD_REQUEST
        );
        assert_eq!(remaining(&app, &joe).await, 50);
        let purchase = app
            .store
            .purchase_by_session(&session_id)
            .await
            .unwrap()
            .unwrap();
        assert_eq!(purchase.status, "pending");

        assert_eq!(deliver_signed(&app, &payload).await, StatusCode::OK);
        assert_eq!(remaining(&app, &joe).await, 250);
        // Stripe retries, and the return page verifies too: still one credit.
        assert_eq!(deliver_signed(&app, &payload).await, StatusCode::OK);
        let (status, body) = post(
            &joe,
            &app.url("/api/verify-payment"),
            json!({"sessionId": session_id}),
        )
        .await;
        assert_eq!(
            (status, body["queries"].clone()),
            (StatusCode::OK, json!(200))
        );
        assert_eq!(remaining(&app, &joe).await, 250);
    }
);

api_test!(
    verify_webhook_and_100_concurrent_replays_credit_once,
    |backend| async move {
        let (app, stripe) = paying_app(backend).await;
        let joe = browser();
        register(&app.address, &joe, "joe@example.com").await;
        let session_id = checkout(&app, &joe, "pro").await;
        stripe.pay(&session_id);
        let payload = event("checkout.session.completed", &stripe.session(&session_id));

        let verify = async {
            post(
                &joe,
                &app.url("/api/verify-payment"),
                json!({"sessionId": session_id}),
            )
            .await
            .0
        };
        let deliveries =
            futures::future::join_all((0..101).map(|_| deliver_signed(&app, &payload)));
        let (verified, delivered) = tokio::join!(verify, deliveries);
        assert_eq!(verified, StatusCode::OK);
        assert!(
            delivered.iter().all(|s| *s == StatusCode::OK),
            "{delivered:?}"
        );
        assert_eq!(remaining(&app, &joe).await, 250);
    }
);

api_test!(
    an_unpaid_completion_waits_and_a_failed_or_expired_session_is_marked,
    |backend| async move {
        let (app, stripe) = paying_app(backend).await;
        let joe = browser();
        register(&app.address, &joe, "joe@example.com").await;

        // Completed with a delayed payment method: not paid yet, so nothing is added...
        let delayed = checkout(&app, &joe, "starter").await;
        let unpaid = stripe.session(&delayed);
        let payload = event("checkout.session.completed", &unpaid);
        assert_eq!(deliver_signed(&app, &payload).await, StatusCode::OK);
        assert_eq!(remaining(&app, &joe).await, 50);
        // ...until the payment succeeds.
        stripe.pay(&delayed);
        let payload = event(
            "checkout.session.async_payment_succeeded",
            &stripe.session(&delayed),
        );
        assert_eq!(deliver_signed(&app, &payload).await, StatusCode::OK);
        assert_eq!(remaining(&app, &joe).await, 150);

        let failing = checkout(&app, &joe, "premium").await;
        let payload = event(
            "checkout.session.async_payment_failed",
            &stripe.session(&failing),
        );
        assert_eq!(deliver_signed(&app, &payload).await, StatusCode::OK);
        let lapsed = checkout(&app, &joe, "premium").await;
        stripe.expire(&lapsed);
        let payload = event("checkout.session.expired", &stripe.session(&lapsed));
        assert_eq!(deliver_signed(&app, &payload).await, StatusCode::OK);

        let status = |id: String| {
            let store = app.store.clone();
            async move {
                store
                    .purchase_by_session(&id)
                    .await
                    .unwrap()
                    .unwrap()
                    .status
            }
        };
        assert_eq!(status(delayed).await, "completed");
        assert_eq!(status(failing).await, "failed");
        assert_eq!(status(lapsed).await, "expired");
        assert_eq!(remaining(&app, &joe).await, 150);

        // An expiry arriving after the credit leaves the purchase credited.
        let paid = checkout(&app, &joe, "starter").await;
        stripe.pay(&paid);
        let payload = event("checkout.session.completed", &stripe.session(&paid));
        assert_eq!(deliver_signed(&app, &payload).await, StatusCode::OK);
        let payload = event("checkout.session.expired", &stripe.session(&paid));
        assert_eq!(deliver_signed(&app, &payload).await, StatusCode::OK);
        assert_eq!(status(paid).await, "completed");
        assert_eq!(remaining(&app, &joe).await, 250);
    }
);
