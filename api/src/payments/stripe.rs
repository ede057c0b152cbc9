//! A small client for the two Stripe Checkout calls we make, over Stripe's documented wire
//! format: form-encoded requests with bracketed keys, bearer-key authentication, JSON
//! objects back, and `{"error": {type, code, message}}` on failure.

use std::time::Duration;

use serde::Deserialize;

const DEFAULT_BASE: &str = "https://api.stripe.com";

#[derive(Debug, thiserror::Error)]
pub enum StripeError {
    /// Stripe answered with an error object.
    #[error("Stripe answered {status}: {message} ({code})")]
    Api {
        status: u16,
        code: String,
        message: String,
    },
    #[error("Stripe could not be reached: {0}")]
    Transport(#[from] reqwest::Error),
    #[error("Stripe's answer was not a checkout session: {0}")]
    Decode(String),
}

/// The fields of a Checkout Session object we read.
#[derive(Debug, Clone, Deserialize)]
pub struct CheckoutSession {
    pub id: String,
    /// The hosted checkout page (absent once the session is complete or expired).
    pub url: Option<String>,
    /// `paid`, `unpaid` or `no_payment_required`.
    pub payment_status: String,
    /// `open`, `complete` or `expired`.
    pub status: Option<String>,
    /// An id, or the object when expanded.
    pub payment_intent: Option<serde_json::Value>,
    /// Unix seconds.
    pub expires_at: Option<i64>,
}

impl CheckoutSession {
    pub fn payment_intent_id(&self) -> Option<&str> {
        match self.payment_intent.as_ref()? {
            serde_json::Value::String(id) => Some(id),
            object => object.get("id")?.as_str(),
        }
    }

    pub fn is_paid(&self) -> bool {
        self.payment_status == "paid"
    }
}

/// What we sell in one checkout: one pack, paid once.
#[derive(Debug, Clone)]
pub struct NewCheckout<'a> {
    pub product_name: &'a str,
    pub amount_cents: i32,
    pub user_id: i64,
    pub tier_id: &'a str,
    pub success_url: String,
    pub cancel_url: String,
}

#[derive(Debug, Clone)]
pub struct StripeClient {
    http: reqwest::Client,
    base: String,
    secret_key: String,
}

#[derive(Deserialize)]
struct ErrorEnvelope {
    error: ErrorObject,
}

#[derive(Deserialize)]
struct ErrorObject {
    #[serde(default)]
    code: Option<String>,
    #[serde(default, rename = "type")]
    kind: Option<String>,
    #[serde(default)]
    message: Option<String>,
}

impl StripeClient {
    pub fn new(secret_key: &str, base: Option<&str>) -> Result<Self, StripeError> {
        let http = reqwest::Client::builder()
            .timeout(Duration::from_secs(20))
            .build()?;
        Ok(StripeClient {
            http,
            base: base
                .unwrap_or(DEFAULT_BASE)
                .trim_end_matches('/')
                .to_string(),
            secret_key: secret_key.to_string(),
        })
    }

    /// `POST /v1/checkout/sessions` in payment mode with one line item priced inline.
    pub async fn create_checkout_session(
        &self,
        new: &NewCheckout<'_>,
    ) -> Result<CheckoutSession, StripeError> {
        let user = new.user_id.to_string();
        let amount = new.amount_cents.to_string();
        let form: Vec<(&str, &str)> = vec![
            ("mode", "payment"),
            ("success_url", &new.success_url),
            ("cancel_url", &new.cancel_url),
            ("client_reference_id", &user),
            ("line_items[0][quantity]", "1"),
            ("line_items[0][price_data][currency]", "usd"),
            ("line_items[0][price_data][unit_amount]", &amount),
            (
                "line_items[0][price_data][product_data][name]",
                new.product_name,
            ),
            ("metadata[user_id]", &user),
            ("metadata[tier_id]", new.tier_id),
        ];
        let request = self
            .http
            .post(format!("{}/v1/checkout/sessions", self.base))
            .bearer_auth(&self.secret_key)
            .form(&form);
        self.send(request).await
    }

    /// `GET /v1/checkout/sessions/{id}`.
    pub async fn retrieve_checkout_session(
        &self,
        id: &str,
    ) -> Result<CheckoutSession, StripeError> {
        // Session ids are `cs_` plus letters and digits; anything else never reaches a URL.
        if id.is_empty() || !id.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
            return Err(StripeError::Api {
                status: 404,
                code: "resource_missing".into(),
                message: format!("No such checkout.session: '{id}'"),
            });
        }
        let request = self
            .http
            .get(format!("{}/v1/checkout/sessions/{id}", self.base))
            .bearer_auth(&self.secret_key);
        self.send(request).await
    }

    async fn send(&self, request: reqwest::RequestBuilder) -> Result<CheckoutSession, StripeError> {
        let response = request.send().await?;
        let status = response.status();
        let body = response.bytes().await?;
        if !status.is_success() {
            let (code, message) = match serde_json::from_slice::<ErrorEnvelope>(&body) {
                Ok(ErrorEnvelope { error }) => (
                    error.code.or(error.kind).unwrap_or_default(),
                    error.message.unwrap_or_default(),
                ),
                Err(_) => (
                    String::new(),
                    String::from_utf8_lossy(&body).chars().take(200).collect(),
                ),
            };
            return Err(StripeError::Api {
                status: status.as_u16(),
                code,
                message,
            });
        }
        serde_json::from_slice(&body).map_err(|e| StripeError::Decode(e.to_string()))
    }
}
