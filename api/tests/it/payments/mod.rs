//! Pricing, checkout, verification and the Stripe webhook on both databases, with the real
//! client code talking to a local server that speaks Stripe's wire format.

mod checkout;
mod checkout_limit;
mod client;
mod fake_stripe;
mod signature;
mod webhook;

use api::payments::PaymentSettings;
use hmac::{Hmac, KeyInit, Mac};
use reqwest::{Client, StatusCode};
use serde_json::{Value, json};
use sha2::Sha256;

use crate::{
    accounts::support::{get, post},
    helpers::{TestApp, spawn_app_with},
};
use fake_stripe::{FakeStripe, SECRET_KEY};

pub const WEBHOOK_SECRET: &str = "whsec_test_local_signing_secret";

/// An app whose Stripe is the local fake.
pub async fn paying_app(backend: jobs::store::Backend) -> (TestApp, FakeStripe) {
    let stripe = FakeStripe::start().await;
    let base = stripe.base.clone();
    let app = spawn_app_with(backend, |s| {
        s.payments = PaymentSettings {
            secret_key: Some(SECRET_KEY.into()),
            webhook_secret: Some(WEBHOOK_SECRET.into()),
            api_base: Some(base),
        }
    })
    .await;
    (app, stripe)
}

/// `Stripe-Signature` as Stripe computes it: HMAC-SHA256 of "{t}.{payload}", hex.
pub fn stripe_signature(payload: &str, secret: &str, timestamp: i64) -> String {
    let mut mac = Hmac::<Sha256>::new_from_slice(secret.as_bytes()).unwrap();
    mac.update(format!("{timestamp}.{payload}").as_bytes());
    let hex: String = mac
        .finalize()
        .into_bytes()
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    format!("t={timestamp},v1={hex}")
}

/// A Stripe event about `session`, serialized as Stripe sends it.
pub fn event(kind: &str, session: &Value) -> String {
    json!({
        "id": format!("evt_{}", ulid::Ulid::new()),
        "object": "event",
        "api_version": "2024-06-20",
        "created": chrono::Utc::now().timestamp(),
        "livemode": false,
        "type": kind,
        "data": {"object": session},
    })
    .to_string()
}

/// Posts `payload` to the webhook with `signature` (none: unsigned), as Stripe does.
pub async fn deliver(app: &TestApp, payload: &str, signature: Option<String>) -> StatusCode {
    let mut request = Client::new()
        .post(app.url("/api/stripe/webhook"))
        .header("content-type", "application/json; charset=utf-8")
        .header(
            "user-agent",
            "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
        )
        .body(payload.to_string());
    if let Some(signature) = signature {
        request = request.header("stripe-signature", signature);
    }
    request.send().await.unwrap().status()
}

/// Delivers `payload` signed now with the right secret.
pub async fn deliver_signed(app: &TestApp, payload: &str) -> StatusCode {
    let signature = stripe_signature(payload, WEBHOOK_SECRET, chrono::Utc::now().timestamp());
    deliver(app, payload, Some(signature)).await
}

/// Starts a checkout of `tier` for the signed-in `client`; returns the session id.
pub async fn checkout(app: &TestApp, client: &Client, tier: &str) -> String {
    let (status, body) = post(
        client,
        &app.url("/api/create-checkout-session"),
        json!({"tierId": tier}),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    body["sessionId"].as_str().unwrap().to_string()
}

/// The user's remaining chat queries.
pub async fn remaining(app: &TestApp, client: &Client) -> i64 {
    let (status, usage) = get(client, &app.url("/api/chat/usage")).await;
    assert_eq!(status, 200, "{usage}");
    usage["queriesRemaining"].as_i64().unwrap()
}
