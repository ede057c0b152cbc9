//! Stripe's webhook signatures: `Stripe-Signature: t=<unix seconds>,v1=<hex>[,v1=...]`, where
//! each `v1` is HMAC-SHA256 of `"{t}.{raw body}"` under the endpoint's secret. A request is
//! genuine when one `v1` matches (compared in constant time) and `t` is within the tolerance
//! of now, so a captured request cannot be replayed later.

use hmac::{Hmac, KeyInit, Mac};
use sha2::Sha256;

/// Stripe's own default tolerance.
pub const TOLERANCE_SECS: i64 = 5 * 60;

#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum SignatureError {
    #[error("The Stripe-Signature header is missing.")]
    Missing,
    #[error("The Stripe-Signature header has no timestamp or no v1 signature.")]
    Malformed,
    #[error("The webhook's timestamp is more than five minutes from now.")]
    Stale,
    #[error("No signature in the Stripe-Signature header matches the payload.")]
    Mismatch,
}

/// Checks `header` (the raw `Stripe-Signature` value) over `payload` at `now` (unix seconds).
pub fn verify(
    payload: &[u8],
    header: Option<&str>,
    secret: &str,
    now: i64,
) -> Result<(), SignatureError> {
    let header = header.ok_or(SignatureError::Missing)?;
    let mut timestamp = None;
    let mut signatures = Vec::new();
    for item in header.split(',') {
        match item.trim().split_once('=') {
            Some(("t", t)) => timestamp = t.parse::<i64>().ok(),
            Some(("v1", sig)) => signatures.extend(hex::decode(sig).ok()),
            // v0 (test-mode legacy) and unknown schemes are ignored, as Stripe's libraries do.
            _ => {}
        }
    }
    let timestamp = timestamp.ok_or(SignatureError::Malformed)?;
    if signatures.is_empty() {
        return Err(SignatureError::Malformed);
    }
    if now.abs_diff(timestamp) > TOLERANCE_SECS as u64 {
        return Err(SignatureError::Stale);
    }
    let genuine = signatures.iter().any(|sig| {
        let Ok(mut mac) = Hmac::<Sha256>::new_from_slice(secret.as_bytes()) else {
            return false;
        };
        mac.update(timestamp.to_string().as_bytes());
        mac.update(b".");
        mac.update(payload);
        mac.verify_slice(sig).is_ok()
    });
    if genuine {
        Ok(())
    } else {
        Err(SignatureError::Mismatch)
    }
}
