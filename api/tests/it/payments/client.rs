//! Our Stripe client (the official crate inside) against the local fake: the form it sends,
//! the session it reads back, and Stripe's error objects as `StripeError::Api` with the
//! HTTP status, code and message the routes answer from.

use api::payments::stripe::{NewCheckout, StripeClient, StripeError};

use super::fake_stripe::{FakeStripe, SECRET_KEY};

fn starter(user_id: i64) -> NewCheckout<'static> {
    NewCheckout {
        product_name: "Starter Pack",
        amount_cents: 1000,
        user_id,
        tier_id: "starter",
        success_url: "http://localhost:8080/pricing?success=true".into(),
        cancel_url: "http://localhost:8080/pricing?canceled=true".into(),
    }
}

/// The error's parts, or a panic naming what came instead.
fn api_error(result: Result<impl std::fmt::Debug, StripeError>) -> (u16, String, String) {
    match result {
        Err(StripeError::Api {
            status,
            code,
            message,
        }) => (status, code, message),
        other => panic!("expected a Stripe error object, got {other:?}"),
    }
}

#[tokio::test(flavor = "current_thread")]
async fn sends_bracketed_form_keys_and_reads_the_session_back() {
    let stripe = FakeStripe::start().await;
    let client = StripeClient::new(SECRET_KEY, Some(&stripe.base)).unwrap();
    let session = client.create_checkout_session(&starter(7)).await.unwrap();
    assert_eq!(
        session.url,
        Some(format!("{}/c/pay/{}", stripe.base, session.id))
    );
    assert_eq!(
        (session.payment_status.as_str(), session.status.as_deref()),
        ("unpaid", Some("open"))
    );
    assert!(session.expires_at.is_some());
    assert_eq!(session.payment_intent_id(), None);

    let form = &stripe.creates()[0];
    for (key, value) in [
        ("mode", "payment"),
        ("client_reference_id", "7"),
        ("line_items[0][quantity]", "1"),
        ("line_items[0][price_data][currency]", "usd"),
        ("line_items[0][price_data][unit_amount]", "1000"),
        (
            "line_items[0][price_data][product_data][name]",
            "Starter Pack",
        ),
        ("metadata[user_id]", "7"),
        ("metadata[tier_id]", "starter"),
        ("cancel_url", "http://localhost:8080/pricing?canceled=true"),
    ] {
        assert_eq!(form.get(key).map(String::as_str), Some(value), "{key}");
    }

    stripe.pay(&session.id);
    let paid = client.retrieve_checkout_session(&session.id).await.unwrap();
    assert!(paid.is_paid());
    assert_eq!(paid.status.as_deref(), Some("complete"));
    assert_eq!(paid.url, None);
    let intent = format!("pi_{}", &session.id[8..]);
    assert_eq!(paid.payment_intent_id(), Some(intent.as_str()));
}

#[tokio::test(flavor = "current_thread")]
async fn stripe_error_objects_keep_their_status_code_and_message() {
    let stripe = FakeStripe::start().await;
    let wrong_key = StripeClient::new("sk_test_wrong", Some(&stripe.base)).unwrap();
    assert_eq!(
        api_error(wrong_key.create_checkout_session(&starter(7)).await),
        (
            401,
            "api_key_invalid".into(),
            "Invalid API Key provided.".into()
        )
    );
    assert!(stripe.creates().is_empty());

    let client = StripeClient::new(SECRET_KEY, Some(&format!("{}/", stripe.base))).unwrap();
    assert_eq!(
        api_error(client.retrieve_checkout_session("cs_test_gone").await),
        (
            404,
            "resource_missing".into(),
            "No such checkout.session: 'cs_test_gone'".into()
        )
    );
    // Not an id: answered here as Stripe would, without a request.
    assert_eq!(
        api_error(client.retrieve_checkout_session("../v1/customers").await).0,
        404
    );
}

#[tokio::test(flavor = "current_thread")]
async fn an_unreachable_stripe_is_a_transport_error() {
    // A port nothing listens on: bound, then released.
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    drop(listener);
    let client = StripeClient::new(SECRET_KEY, Some(&base)).unwrap();
    let result = client.retrieve_checkout_session("cs_test_x").await;
    assert!(
        matches!(result, Err(StripeError::Transport(_))),
        "{result:?}"
    );
}
