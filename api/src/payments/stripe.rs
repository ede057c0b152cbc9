//! The two Stripe Checkout calls we make, through the official client (`async-stripe`): it
//! speaks Stripe's wire format (form-encoded requests with bracketed keys, bearer-key
//! authentication, JSON objects back, `{"error": {type, code, message}}` on failure). This
//! module keeps what the routes and the webhook read from a session, and Stripe's answers
//! as our `StripeError`, so the routes do not depend on the crate's types.

use std::{collections::HashMap, time::Duration};

use serde::Deserialize;
use stripe_checkout::checkout_session::{
    CreateCheckoutSession, CreateCheckoutSessionLineItems, CreateCheckoutSessionLineItemsPriceData,
    ProductData, RetrieveCheckoutSession,
};
use stripe_checkout::{CheckoutSessionMode, CheckoutSessionPaymentStatus};

/// Every call waits this long at most (the crate's async client has no timeout of its own).
const TIMEOUT: Duration = Duration::from_secs(20);

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
    Transport(stripe::StripeError),
    /// Also an error answer whose body is not an error object: the crate keeps no status then.
    #[error("Stripe's answer was not a checkout session: {0}")]
    Decode(String),
    #[error("The Stripe client is misconfigured: {0}")]
    Config(String),
}

impl From<stripe::StripeError> for StripeError {
    fn from(err: stripe::StripeError) -> Self {
        match err {
            stripe::StripeError::Stripe(error, status) => StripeError::Api {
                status,
                // The specific code when Stripe gives one (`resource_missing`), else the kind.
                code: error
                    .code
                    .as_ref()
                    .map_or(error.type_.as_str(), |code| code.as_str())
                    .to_string(),
                message: error.message.unwrap_or_default(),
            },
            stripe::StripeError::JSONDeserialize(message) => StripeError::Decode(message),
            stripe::StripeError::ConfigError(message) => StripeError::Config(message),
            transport => StripeError::Transport(transport),
        }
    }
}

/// The fields of a Checkout Session object we read, from the client or from a webhook event
/// (parsed leniently there: an event carries what Stripe sent, whatever the crate's version).
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
        self.payment_status == CheckoutSessionPaymentStatus::Paid.as_str()
    }
}

impl From<stripe_checkout::CheckoutSession> for CheckoutSession {
    fn from(session: stripe_checkout::CheckoutSession) -> Self {
        CheckoutSession {
            id: session.id.as_str().to_string(),
            url: session.url,
            payment_status: session.payment_status.as_str().to_string(),
            status: session.status.map(|status| status.as_str().to_string()),
            payment_intent: session
                .payment_intent
                .map(|intent| intent.id().as_str().into()),
            expires_at: Some(session.expires_at),
        }
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

impl NewCheckout<'_> {
    /// Payment mode, one line item priced inline, and who bought which pack (as metadata and
    /// as the client reference) so that the session alone says what to credit.
    fn request(&self) -> CreateCheckoutSession {
        let user = self.user_id.to_string();
        let mut price = CreateCheckoutSessionLineItemsPriceData::new(stripe_types::Currency::USD);
        price.unit_amount = Some(self.amount_cents.into());
        price.product_data = Some(ProductData::new(self.product_name));
        let mut line_item = CreateCheckoutSessionLineItems::new();
        line_item.quantity = Some(1);
        line_item.price_data = Some(price);
        let metadata = HashMap::from([
            ("user_id".to_string(), user.clone()),
            ("tier_id".to_string(), self.tier_id.to_string()),
        ]);
        CreateCheckoutSession::new()
            .mode(CheckoutSessionMode::Payment)
            .success_url(&self.success_url)
            .cancel_url(&self.cancel_url)
            .client_reference_id(user)
            .line_items(vec![line_item])
            .metadata(metadata)
    }
}

#[derive(Debug, Clone)]
pub struct StripeClient {
    client: stripe::Client,
}

impl StripeClient {
    /// `base` (`STRIPE_API_BASE`) replaces `https://api.stripe.com`: tests point it at a local
    /// server.
    pub fn new(secret_key: &str, base: Option<&str>) -> Result<Self, StripeError> {
        let mut builder = stripe::ClientBuilder::new(secret_key).timeout(TIMEOUT);
        if let Some(base) = base {
            // The crate appends `v1/...` to the base as given: it must end with one slash.
            builder = builder.url(format!("{}/", base.trim_end_matches('/')));
        }
        Ok(StripeClient {
            client: builder.build()?,
        })
    }

    /// `POST /v1/checkout/sessions`.
    pub async fn create_checkout_session(
        &self,
        new: &NewCheckout<'_>,
    ) -> Result<CheckoutSession, StripeError> {
        let session = new.request().send(&self.client).await?;
        Ok(session.into())
    }

    /// `GET /v1/checkout/sessions/{id}`.
    pub async fn retrieve_checkout_session(
        &self,
        id: &str,
    ) -> Result<CheckoutSession, StripeError> {
        // Session ids are `cs_` plus letters and digits; anything else never reaches a URL
        // (the crate puts the id into the path as given).
        if id.is_empty() || !id.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
            return Err(StripeError::Api {
                status: 404,
                code: "resource_missing".into(),
                message: format!("No such checkout.session: '{id}'"),
            });
        }
        let session = RetrieveCheckoutSession::new(id).send(&self.client).await?;
        Ok(session.into())
    }
}
