//! Pricing and checkout: `GET /api/pricing` (the packs),
//! `POST /api/create-checkout-session {tierId}`, `POST /api/verify-payment {sessionId}` and
//! `POST /api/stripe/webhook`. Verify and the webhook both credit through
//! `Store::credit_purchase`, which credits a checkout session exactly once.

use axum::{
    Json, Router,
    body::Bytes,
    extract::State,
    http::{HeaderMap, StatusCode},
    response::{IntoResponse, Response},
    routing::{get, post},
};
use chrono::{DateTime, Utc};
use jobs::store::purchases::{self, Credit, QueryPack};
use serde::{Deserialize, Serialize};

use crate::{
    AppState,
    error::{ApiError, ApiResult, MessageOut},
    extract::{CurrentUser, JsonBody},
    payments::{
        PAYMENTS_OFF, signature,
        stripe::{CheckoutSession, NewCheckout, StripeClient, StripeError},
    },
};

pub const UNREACHABLE: &str =
    "We couldn't reach the payment provider. Nothing was charged; please try again in a moment.";
pub const NOT_PAID: &str = "This payment hasn't gone through yet, so no queries were added. If you were charged, they'll appear as soon as the payment clears.";
pub const EXPIRED: &str = "This checkout expired before it was paid. Nothing was charged.";
pub const NO_SUCH_PAYMENT: &str = "We couldn't find that payment on your account.";
pub const TOO_MANY_CHECKOUTS: &str = "That's a lot of checkouts in a few minutes, so I'm asking you to slow down. Nothing was charged; try again in a few minutes.";

/// Checkouts one user may start per window: a buyer who changes their mind a few times
/// never meets it; a script that hammers Stripe through us does.
pub const CHECKOUTS_PER_WINDOW: u32 = 5;
pub const CHECKOUT_WINDOW: std::time::Duration = std::time::Duration::from_secs(10 * 60);

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/pricing", get(pricing))
        .route("/create-checkout-session", post(create_checkout_session))
        .route("/verify-payment", post(verify_payment))
        .route("/stripe/webhook", post(webhook))
}

/// `GET /api/pricing`.
#[derive(Debug, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct PricingOut {
    /// False when the server has no Stripe key: the page says payments are not set up.
    pub payments_enabled: bool,
    pub tiers: Vec<PricingTier>,
}

/// A pack as the pricing page shows it (the spec's pricing tier).
#[derive(Debug, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct PricingTier {
    pub id: String,
    pub name: String,
    pub queries: i32,
    /// Dollars, for display.
    pub price: f64,
    pub price_in_cents: i32,
    /// Cents per query, to one decimal.
    pub cents_per_query: f64,
    pub features: Vec<String>,
    pub popular: bool,
}

impl From<QueryPack> for PricingTier {
    fn from(pack: QueryPack) -> Self {
        let per_query = if pack.query_count > 0 {
            (f64::from(pack.price_in_cents) / f64::from(pack.query_count) * 10.0).round() / 10.0
        } else {
            0.0
        };
        PricingTier {
            features: vec![
                format!("{} chat queries with Bubba", pack.query_count),
                "Ask about any stock".into(),
                "Never expires".into(),
            ],
            id: pack.tier_id,
            name: pack.name,
            queries: pack.query_count,
            price: f64::from(pack.price_in_cents) / 100.0,
            price_in_cents: pack.price_in_cents,
            cents_per_query: per_query,
            popular: pack.popular,
        }
    }
}

async fn pricing(State(state): State<AppState>) -> ApiResult<Json<PricingOut>> {
    let tiers = state.store.query_packs().await?;
    Ok(Json(PricingOut {
        payments_enabled: state.stripe.is_some(),
        tiers: tiers.into_iter().map(PricingTier::from).collect(),
    }))
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CheckoutIn {
    pub tier_id: String,
}

/// The new checkout: the browser goes to `url`, Stripe's hosted page.
#[derive(Debug, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct CheckoutOut {
    pub session_id: String,
    pub url: String,
}

fn stripe(state: &AppState) -> ApiResult<&StripeClient> {
    state
        .stripe
        .as_ref()
        .ok_or_else(|| ApiError::ServiceUnavailable(PAYMENTS_OFF.into()))
}

fn upstream(err: StripeError) -> ApiError {
    tracing::warn!(%err, "Stripe call failed");
    ApiError::BadGateway(UNREACHABLE.into())
}

#[tracing::instrument(skip_all, fields(user = user.0.id), err(level = "info"))]
async fn create_checkout_session(
    State(state): State<AppState>,
    user: CurrentUser,
    body: JsonBody<CheckoutIn>,
) -> ApiResult<Json<CheckoutOut>> {
    let stripe = stripe(&state)?;
    let tier = body.0.tier_id.trim().to_lowercase();
    let pack = state
        .store
        .query_pack(&tier)
        .await?
        .ok_or_else(|| ApiError::BadRequest(format!("There is no '{tier}' pack to buy.")))?;
    // Counted per user across every API replica (the throttle lives in Redis when set).
    let limit_key = format!("checkout:user:{}", user.0.id);
    if state
        .throttle
        .acquire(&limit_key, CHECKOUT_WINDOW, CHECKOUTS_PER_WINDOW)
        .await
        .is_none()
    {
        return Err(ApiError::TooManyRequests(TOO_MANY_CHECKOUTS.into()));
    }
    let base = state
        .settings
        .accounts
        .public_base_url
        .trim_end_matches('/');
    let session = stripe
        .create_checkout_session(&NewCheckout {
            product_name: &pack.name,
            amount_cents: pack.price_in_cents,
            user_id: user.0.id,
            tier_id: &pack.tier_id,
            // Stripe fills in {CHECKOUT_SESSION_ID} itself.
            success_url: format!("{base}/pricing?success=true&session_id={{CHECKOUT_SESSION_ID}}"),
            cancel_url: format!("{base}/pricing?canceled=true"),
        })
        .await
        .map_err(upstream)?;
    let url = session.url.clone().ok_or_else(|| {
        upstream(StripeError::Decode(
            "a new checkout session without a url".into(),
        ))
    })?;
    let expires_at = session
        .expires_at
        .and_then(|t| DateTime::<Utc>::from_timestamp(t, 0));
    state
        .store
        .record_pending_purchase(user.0.id, &session.id, &pack, expires_at, Utc::now())
        .await?;
    Ok(Json(CheckoutOut {
        session_id: session.id,
        url,
    }))
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct VerifyIn {
    pub session_id: String,
}

/// A credited checkout: `queries` were added (by this call or an earlier one).
#[derive(Debug, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct VerifyOut {
    pub success: bool,
    pub queries: i32,
}

#[tracing::instrument(skip_all, fields(user = user.0.id))]
async fn verify_payment(
    State(state): State<AppState>,
    user: CurrentUser,
    body: JsonBody<VerifyIn>,
) -> Response {
    match verify(&state, &user, &body.0.session_id).await {
        Ok(out) => Json(out).into_response(),
        // 402: understood, but the checkout is not paid.
        Err(Unpaid(text)) => {
            (StatusCode::PAYMENT_REQUIRED, Json(MessageOut::new(text))).into_response()
        }
        Err(Failed(err)) => err.into_response(),
    }
}

enum VerifyError {
    Unpaid(&'static str),
    Failed(ApiError),
}
use VerifyError::{Failed, Unpaid};

impl From<ApiError> for VerifyError {
    fn from(err: ApiError) -> Self {
        Failed(err)
    }
}

impl From<jobs::store::StoreError> for VerifyError {
    fn from(err: jobs::store::StoreError) -> Self {
        Failed(err.into())
    }
}

async fn verify(
    state: &AppState,
    user: &CurrentUser,
    session_id: &str,
) -> Result<VerifyOut, VerifyError> {
    let stripe = stripe(state)?;
    let purchase = state
        .store
        .purchase_by_session(session_id.trim())
        .await?
        .filter(|p| p.user_id == user.0.id)
        .ok_or_else(|| ApiError::NotFound(NO_SUCH_PAYMENT.into()))?;
    let session = stripe
        .retrieve_checkout_session(&purchase.stripe_session_id)
        .await
        .map_err(upstream)?;
    if !session.is_paid() {
        if session.status.as_deref() == Some("expired") {
            state
                .store
                .close_pending_purchase(&session.id, purchases::EXPIRED, Utc::now())
                .await?;
            return Err(Unpaid(EXPIRED));
        }
        return Err(Unpaid(NOT_PAID));
    }
    match credit(state, &session).await? {
        Credit::Credited { queries, .. } | Credit::AlreadyCredited { queries, .. } => {
            Ok(VerifyOut {
                success: true,
                queries,
            })
        }
        Credit::Unknown => Err(ApiError::NotFound(NO_SUCH_PAYMENT.into()).into()),
    }
}

async fn credit(state: &AppState, session: &CheckoutSession) -> ApiResult<Credit> {
    let credit = state
        .store
        .credit_purchase(&session.id, session.payment_intent_id(), Utc::now())
        .await?;
    if let Credit::Credited { user_id, queries } = credit {
        tracing::info!(user_id, queries, session = %session.id, "checkout credited");
    }
    Ok(credit)
}

/// A Stripe event: `type` and the object it is about.
#[derive(Debug, Deserialize)]
struct Event {
    id: String,
    #[serde(rename = "type")]
    kind: String,
    data: EventData,
}

#[derive(Debug, Deserialize)]
struct EventData {
    object: serde_json::Value,
}

#[derive(Debug, Serialize)]
struct Received {
    received: bool,
}

/// `POST /api/stripe/webhook`: genuine (signed, fresh) events only; each is acknowledged
/// with 200 once handled, so Stripe stops retrying. Replays credit nothing more.
#[tracing::instrument(skip_all, err(level = "info"))]
async fn webhook(
    State(state): State<AppState>,
    headers: HeaderMap,
    payload: Bytes,
) -> ApiResult<Json<Received>> {
    let secret = state
        .settings
        .payments
        .webhook_secret
        .as_deref()
        .filter(|_| state.stripe.is_some())
        .ok_or_else(|| ApiError::ServiceUnavailable(PAYMENTS_OFF.into()))?;
    let header = headers
        .get("stripe-signature")
        .and_then(|v| v.to_str().ok());
    signature::verify(&payload, header, secret, Utc::now().timestamp())
        .map_err(|e| ApiError::BadRequest(e.to_string()))?;
    let event: Event = serde_json::from_slice(&payload)
        .map_err(|e| ApiError::BadRequest(format!("The event is not a Stripe event: {e}")))?;
    tracing::info!(event = %event.id, kind = %event.kind, "Stripe event");
    let session = || {
        serde_json::from_value::<CheckoutSession>(event.data.object.clone()).map_err(|e| {
            ApiError::BadRequest(format!("The event's object is not a checkout session: {e}"))
        })
    };
    let now = Utc::now();
    match event.kind.as_str() {
        "checkout.session.completed" | "checkout.session.async_payment_succeeded" => {
            let session = session()?;
            // A completed session may still await a delayed payment method: credited on
            // async_payment_succeeded then.
            if session.is_paid() {
                credit(&state, &session).await?;
            }
        }
        "checkout.session.expired" => {
            state
                .store
                .close_pending_purchase(&session()?.id, purchases::EXPIRED, now)
                .await?;
        }
        "checkout.session.async_payment_failed" => {
            state
                .store
                .close_pending_purchase(&session()?.id, purchases::FAILED, now)
                .await?;
        }
        // Events we did not ask for are acknowledged and ignored.
        _ => {}
    }
    Ok(Json(Received { received: true }))
}
