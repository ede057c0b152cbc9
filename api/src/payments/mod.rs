//! Payments: the Stripe Checkout client, webhook signatures and the settings.
//! The routes are in `routes::payments`; the exactly-once crediting is in
//! `jobs::store::purchases`.

pub mod signature;
pub mod stripe;

use jobs::settings::non_empty;

/// `STRIPE_SECRET_KEY` (no key: payments are off and the calls answer 503),
/// `STRIPE_WEBHOOK_SECRET` (the endpoint's signing secret, `whsec_...`), and `STRIPE_API_BASE`
/// (default `https://api.stripe.com`; tests point it at a local server).
#[derive(Debug, Clone, Default)]
pub struct PaymentSettings {
    pub secret_key: Option<String>,
    pub webhook_secret: Option<String>,
    pub api_base: Option<String>,
}

impl PaymentSettings {
    pub fn from_env() -> Self {
        PaymentSettings {
            secret_key: non_empty("STRIPE_SECRET_KEY"),
            webhook_secret: non_empty("STRIPE_WEBHOOK_SECRET"),
            api_base: non_empty("STRIPE_API_BASE"),
        }
    }
}

/// 503 while no secret key is configured.
pub const PAYMENTS_OFF: &str =
    "Payments are not set up on this server, so query packs can't be bought right now.";
