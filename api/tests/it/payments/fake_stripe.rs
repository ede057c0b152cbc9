//! A local stand-in for Stripe's Checkout API at the HTTP level, speaking its documented wire
//! format: form-encoded requests authenticated with the secret key as a bearer token,
//! `checkout.session` JSON objects back, and `{"error": {type, code, message, param}}` with
//! a 4xx status on failure. Tests move a session to paid or expired as Stripe would after
//! the customer acts on the hosted page.

use std::{
    collections::HashMap,
    sync::{Arc, Mutex},
};

use axum::{
    Json, Router,
    extract::{Path, State},
    http::{HeaderMap, StatusCode},
    response::{IntoResponse, Response},
    routing::{get, post},
};
use serde_json::{Value, json};

pub const SECRET_KEY: &str = "sk_test_51FakeKeyForTheLocalStripe";

#[derive(Clone, Default)]
struct Shared {
    base: String,
    sessions: Arc<Mutex<HashMap<String, Value>>>,
    /// The decoded form of every create call, in order.
    creates: Arc<Mutex<Vec<HashMap<String, String>>>>,
}

pub struct FakeStripe {
    pub base: String,
    shared: Shared,
}

impl FakeStripe {
    pub async fn start() -> FakeStripe {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let base = format!("http://{}", listener.local_addr().unwrap());
        let shared = Shared {
            base: base.clone(),
            ..Default::default()
        };
        let app = Router::new()
            .route("/v1/checkout/sessions", post(create))
            .route("/v1/checkout/sessions/{id}", get(retrieve))
            .with_state(shared.clone());
        tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
        FakeStripe { base, shared }
    }

    /// The session object as Stripe would return it now.
    pub fn session(&self, id: &str) -> Value {
        self.shared.sessions.lock().unwrap()[id].clone()
    }

    /// The forms of the create calls received so far.
    pub fn creates(&self) -> Vec<HashMap<String, String>> {
        self.shared.creates.lock().unwrap().clone()
    }

    /// The customer paid on the hosted page.
    pub fn pay(&self, id: &str) {
        let mut sessions = self.shared.sessions.lock().unwrap();
        let session = sessions.get_mut(id).unwrap();
        session["payment_status"] = json!("paid");
        session["status"] = json!("complete");
        session["payment_intent"] = json!(format!("pi_{}", &id[8..]));
        session["url"] = Value::Null;
    }

    /// The session ran out of time unpaid.
    pub fn expire(&self, id: &str) {
        let mut sessions = self.shared.sessions.lock().unwrap();
        let session = sessions.get_mut(id).unwrap();
        session["status"] = json!("expired");
        session["url"] = Value::Null;
    }
}

fn stripe_error(status: StatusCode, kind: &str, code: &str, message: &str) -> Response {
    let body = json!({"error": {"type": kind, "code": code, "message": message, "param": "id"}});
    (status, Json(body)).into_response()
}

/// Stripe's 401 unless the request carries our secret key as a bearer token.
fn refused(headers: &HeaderMap) -> Option<Response> {
    let expected = format!("Bearer {SECRET_KEY}");
    if headers.get("authorization").and_then(|v| v.to_str().ok()) == Some(expected.as_str()) {
        None
    } else {
        Some(stripe_error(
            StatusCode::UNAUTHORIZED,
            "invalid_request_error",
            "api_key_invalid",
            "Invalid API Key provided.",
        ))
    }
}

async fn create(State(shared): State<Shared>, headers: HeaderMap, body: String) -> Response {
    if let Some(refused) = refused(&headers) {
        return refused;
    }
    let form_encoded = headers
        .get("content-type")
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/x-www-form-urlencoded"));
    if !form_encoded {
        return stripe_error(
            StatusCode::BAD_REQUEST,
            "invalid_request_error",
            "parameter_invalid",
            "Stripe takes form-encoded parameters.",
        );
    }
    let form: HashMap<String, String> = url::form_urlencoded::parse(body.as_bytes())
        .into_owned()
        .collect();
    for required in [
        "mode",
        "success_url",
        "line_items[0][price_data][unit_amount]",
    ] {
        if !form.contains_key(required) {
            return stripe_error(
                StatusCode::BAD_REQUEST,
                "invalid_request_error",
                "parameter_missing",
                &format!("Missing required param: {required}."),
            );
        }
    }
    let id = format!("cs_test_{}", ulid::Ulid::new());
    let Ok(amount) = form["line_items[0][price_data][unit_amount]"].parse::<i64>() else {
        return stripe_error(
            StatusCode::BAD_REQUEST,
            "invalid_request_error",
            "parameter_invalid_integer",
            "Invalid integer: line_items[0][price_data][unit_amount].",
        );
    };
    let session = checkout_session(&id, &form, amount, &shared.base);
    shared.creates.lock().unwrap().push(form);
    shared
        .sessions
        .lock()
        .unwrap()
        .insert(id.clone(), session.clone());
    Json(session).into_response()
}

/// The documented Checkout Session fields a one-off card payment leaves unset: Stripe sends
/// them as null.
const UNSET: [&str; 29] = [
    "adaptive_pricing",
    "after_expiration",
    "allow_promotion_codes",
    "billing_address_collection",
    "client_secret",
    "collected_information",
    "consent",
    "consent_collection",
    "currency_conversion",
    "customer",
    "customer_details",
    "customer_email",
    "invoice",
    "invoice_creation",
    "locale",
    "optional_items",
    "payment_intent",
    "payment_link",
    "presentment_details",
    "recovered_from",
    "saved_payment_method_options",
    "setup_intent",
    "shipping_address_collection",
    "shipping_cost",
    "submit_type",
    "subscription",
    "tax_id_collection",
    "return_url",
    "wallet_options",
];

/// A new Checkout Session object in full, as Stripe documents it (the API version the client
/// sends): every field present, null when unset, so the client's own parser reads it.
fn checkout_session(id: &str, form: &HashMap<String, String>, amount: i64, base: &str) -> Value {
    let now = chrono::Utc::now().timestamp();
    let mut session = json!({
        "id": id,
        "object": "checkout.session",
        "amount_subtotal": amount,
        "amount_total": amount,
        "automatic_tax": {"enabled": false, "liability": null, "provider": null, "status": null},
        "cancel_url": form.get("cancel_url"),
        "client_reference_id": form.get("client_reference_id"),
        "created": now,
        "currency": form.get("line_items[0][price_data][currency]"),
        "custom_fields": [],
        "custom_text": {
            "after_submit": null,
            "shipping_address": null,
            "submit": null,
            "terms_of_service_acceptance": null
        },
        "customer_creation": "if_required",
        "discounts": [],
        "expires_at": now + 24 * 3600,
        "livemode": false,
        "metadata": {
            "tier_id": form.get("metadata[tier_id]"),
            "user_id": form.get("metadata[user_id]"),
        },
        "mode": "payment",
        "payment_method_collection": "if_required",
        "payment_method_options": {},
        "payment_method_types": ["card"],
        "payment_status": "unpaid",
        "phone_number_collection": {"enabled": false},
        "shipping_options": [],
        "status": "open",
        "success_url": form.get("success_url"),
        "total_details": {"amount_discount": 0, "amount_shipping": 0, "amount_tax": 0},
        "ui_mode": "hosted_page",
        "url": format!("{base}/c/pay/{id}"),
    });
    for field in UNSET {
        session[field] = Value::Null;
    }
    session
}

async fn retrieve(
    State(shared): State<Shared>,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> Response {
    if let Some(refused) = refused(&headers) {
        return refused;
    }
    match shared.sessions.lock().unwrap().get(&id) {
        Some(session) => Json(session.clone()).into_response(),
        None => stripe_error(
            StatusCode::NOT_FOUND,
            "invalid_request_error",
            "resource_missing",
            &format!("No such checkout.session: '{id}'"),
        ),
    }
}
