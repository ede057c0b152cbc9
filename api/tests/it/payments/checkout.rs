//! The packs, checkout creation, verification on return, and a server without a Stripe key.

use super::*;
use crate::{
    accounts::support::{browser, message, register},
    api_test,
    helpers::spawn_app,
};

api_test!(
    without_a_key_the_page_says_so_and_every_call_answers_503,
    |backend| async move {
        let app = spawn_app(backend).await;
        let joe = browser();
        register(&app.address, &joe, "joe@example.com").await;

        let (status, pricing) = get(&joe, &app.url("/api/pricing")).await;
        assert_eq!(status, 200);
        assert_eq!(pricing["paymentsEnabled"], false);
        assert_eq!(pricing["tiers"].as_array().unwrap().len(), 3);

        let off =
            "Payments are not set up on this server, so query packs can't be bought right now.";
        let (status, body) = post(
            &joe,
            &app.url("/api/create-checkout-session"),
            json!({"tierId": "pro"}),
        )
        .await;
        assert_eq!(
            (status, message(&body)),
            (StatusCode::SERVICE_UNAVAILABLE, off)
        );
        let (status, body) = post(
            &joe,
            &app.url("/api/verify-payment"),
            json!({"sessionId": "cs_test_x"}),
        )
        .await;
        assert_eq!(
            (status, message(&body)),
            (StatusCode::SERVICE_UNAVAILABLE, off)
        );
        let payload = event("checkout.session.completed", &json!({"id": "cs_test_x"}));
        assert_eq!(
            deliver_signed(&app, &payload).await,
            StatusCode::SERVICE_UNAVAILABLE
        );
        assert_eq!(remaining(&app, &joe).await, 50);
    }
);

api_test!(the_three_packs_with_their_prices, |backend| async move {
    let (app, _stripe) = paying_app(backend).await;
    let (status, pricing) = get(&browser(), &app.url("/api/pricing")).await;
    assert_eq!(status, 200);
    assert_eq!(pricing["paymentsEnabled"], true);
    let tiers: Vec<(Value, Value, Value, Value, Value, Value)> = pricing["tiers"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| {
            (
                t["id"].clone(),
                t["name"].clone(),
                t["queries"].clone(),
                t["priceInCents"].clone(),
                t["centsPerQuery"].clone(),
                t["popular"].clone(),
            )
        })
        .collect();
    assert_eq!(
        tiers,
        vec![
            (
                json!("starter"),
                json!("Starter Pack"),
                json!(100),
                json!(1000),
                json!(10.0),
                json!(false)
            ),
            (
                json!("pro"),
                json!("Pro Pack"),
                json!(200),
                json!(1800),
                json!(9.0),
                json!(true)
            ),
            (
                json!("premium"),
                json!("Premium Pack"),
                json!(300),
                json!(2500),
                json!(8.3),
                json!(false)
            ),
        ]
    );
});

api_test!(
    buying_pro_goes_to_checkout_and_credits_200_queries_once_paid,
    |backend| async move {
        let (app, stripe) = paying_app(backend).await;
        // Signed out: 401 (the page sends the visitor to /auth).
        let (status, _) = post(
            &browser(),
            &app.url("/api/create-checkout-session"),
            json!({"tierId": "pro"}),
        )
        .await;
        assert_eq!(status, StatusCode::UNAUTHORIZED);

        let joe = browser();
        register(&app.address, &joe, "joe@example.com").await;
        let (_, account) = get(&joe, &app.url("/api/account")).await;
        assert_eq!(account["subscription"], "Free");
        let (status, body) = post(
            &joe,
            &app.url("/api/create-checkout-session"),
            json!({"tierId": "gold"}),
        )
        .await;
        assert_eq!(status, StatusCode::BAD_REQUEST);
        assert_eq!(message(&body), "There is no 'gold' pack to buy.");

        let (status, body) = post(
            &joe,
            &app.url("/api/create-checkout-session"),
            json!({"tierId": "pro"}),
        )
        .await;
        assert_eq!(status, 200, "{body}");
        let session_id = body["sessionId"].as_str().unwrap().to_string();
        assert_eq!(
            body["url"],
            format!("{}/c/pay/{session_id}", stripe.base),
            "the browser is sent to the hosted checkout"
        );
        let form = &stripe.creates()[0];
        assert_eq!(form["mode"], "payment");
        assert_eq!(form["line_items[0][price_data][unit_amount]"], "1800");
        assert_eq!(form["line_items[0][price_data][currency]"], "usd");
        assert_eq!(
            form["line_items[0][price_data][product_data][name]"],
            "Pro Pack"
        );
        assert_eq!(
            form["success_url"],
            "http://localhost:8080/pricing?success=true&session_id={CHECKOUT_SESSION_ID}"
        );
        let purchase = app
            .store
            .purchase_by_session(&session_id)
            .await
            .unwrap()
            .unwrap();
        assert_eq!(
            (
                purchase.status.as_str(),
                purchase.queries_count,
                purchase.price_in_cents
            ),
            ("pending", Some(200), Some(1800))
        );

        // Back before paying: nothing is added.
        let verify = json!({"sessionId": session_id});
        let (status, _) = post(&joe, &app.url("/api/verify-payment"), verify.clone()).await;
        assert_eq!(status, StatusCode::PAYMENT_REQUIRED);
        assert_eq!(remaining(&app, &joe).await, 50);

        stripe.pay(&session_id);
        let (status, body) = post(&joe, &app.url("/api/verify-payment"), verify.clone()).await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(body, json!({"success": true, "queries": 200}));
        assert_eq!(remaining(&app, &joe).await, 250);

        // A reload of the return page verifies again: same answer, no second credit.
        let (status, body) = post(&joe, &app.url("/api/verify-payment"), verify.clone()).await;
        assert_eq!(
            (status, body["queries"].clone()),
            (StatusCode::OK, json!(200))
        );
        assert_eq!(remaining(&app, &joe).await, 250);
        let (_, account) = get(&joe, &app.url("/api/account")).await;
        assert_eq!(
            (
                account["subscription"].clone(),
                account["isPaidUser"].clone(),
                account["queryBalance"].clone()
            ),
            (json!("Premium"), json!(true), json!(250))
        );
        let purchase = app
            .store
            .purchase_by_session(&session_id)
            .await
            .unwrap()
            .unwrap();
        assert_eq!(purchase.status, "completed");
        assert_eq!(
            purchase.stripe_payment_intent_id,
            Some(format!("pi_{}", &session_id[8..]))
        );

        // Someone else's session id is not theirs to verify.
        let ann = browser();
        register(&app.address, &ann, "ann@example.com").await;
        let (status, _) = post(&ann, &app.url("/api/verify-payment"), verify).await;
        assert_eq!(status, StatusCode::NOT_FOUND);
        assert_eq!(remaining(&app, &ann).await, 50);
    }
);

api_test!(
    an_expired_checkout_is_marked_and_credits_nothing,
    |backend| async move {
        let (app, stripe) = paying_app(backend).await;
        let joe = browser();
        register(&app.address, &joe, "joe@example.com").await;
        let session_id = checkout(&app, &joe, "starter").await;
        stripe.expire(&session_id);
        let (status, body) = post(
            &joe,
            &app.url("/api/verify-payment"),
            json!({"sessionId": session_id}),
        )
        .await;
        assert_eq!(status, StatusCode::PAYMENT_REQUIRED);
        assert_eq!(
            message(&body),
            "This checkout expired before it was paid. Nothing was charged."
        );
        let purchase = app
            .store
            .purchase_by_session(&session_id)
            .await
            .unwrap()
            .unwrap();
        assert_eq!(purchase.status, "expired");
        assert_eq!(remaining(&app, &joe).await, 50);
    }
);
