//! `Stripe-Signature` checking over arbitrary input: never a panic, a signature Stripe's way
//! always passes, and any change to the body, the secret or the time fails it.

use api::payments::signature::{SignatureError, TOLERANCE_SECS, verify};
use proptest::prelude::*;

use super::{WEBHOOK_SECRET, stripe_signature};

const NOW: i64 = 1_790_000_000;

proptest! {
    #[test]
    fn any_header_and_body_is_answered_without_a_panic(header in ".{0,200}", body in proptest::collection::vec(any::<u8>(), 0..200)) {
        let _ = verify(&body, Some(&header), WEBHOOK_SECRET, NOW);
    }

    #[test]
    fn a_genuine_signature_passes_and_a_changed_body_fails(body in "[ -~]{0,300}", skew in -TOLERANCE_SECS..=TOLERANCE_SECS, flip in 0usize..300) {
        let header = stripe_signature(&body, WEBHOOK_SECRET, NOW + skew);
        prop_assert_eq!(verify(body.as_bytes(), Some(&header), WEBHOOK_SECRET, NOW), Ok(()));
        if !body.is_empty() {
            let mut changed = body.clone().into_bytes();
            let i = flip % changed.len();
            changed[i] ^= 0x01;
            prop_assert_eq!(verify(&changed, Some(&header), WEBHOOK_SECRET, NOW), Err(SignatureError::Mismatch));
        }
        prop_assert_eq!(verify(body.as_bytes(), Some(&header), "whsec_other", NOW), Err(SignatureError::Mismatch));
    }
}

#[test]
fn the_header_rules() {
    let body = br#"{"id":"evt_1"}"#;
    let good = stripe_signature(r#"{"id":"evt_1"}"#, WEBHOOK_SECRET, NOW);
    assert_eq!(
        verify(body, None, WEBHOOK_SECRET, NOW),
        Err(SignatureError::Missing)
    );
    assert_eq!(
        verify(body, Some("v1=00"), WEBHOOK_SECRET, NOW),
        Err(SignatureError::Malformed)
    );
    assert_eq!(
        verify(body, Some(&format!("t={NOW}")), WEBHOOK_SECRET, NOW),
        Err(SignatureError::Malformed)
    );
    // Five minutes is the limit, either way.
    assert_eq!(
        verify(body, Some(&good), WEBHOOK_SECRET, NOW + TOLERANCE_SECS),
        Ok(())
    );
    assert_eq!(
        verify(body, Some(&good), WEBHOOK_SECRET, NOW + TOLERANCE_SECS + 1),
        Err(SignatureError::Stale)
    );
    assert_eq!(
        verify(body, Some(&good), WEBHOOK_SECRET, NOW - TOLERANCE_SECS - 1),
        Err(SignatureError::Stale)
    );
    // Stripe sends one v1 per active secret while a secret is rolled: any match will do.
    let rolled = good.replacen("v1=", "v1=deadbeef,v1=", 1);
    assert_eq!(verify(body, Some(&rolled), WEBHOOK_SECRET, NOW), Ok(()));
}
