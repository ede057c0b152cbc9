//! The digest's one-click unsubscribe link: `{user id}.{HMAC-SHA256(secret, "unsubscribe:{user
//! id}")}` in hex, with the secret every process shares (`server_secrets`, made once). The
//! token names the account without a session, cannot be forged without the secret, and stays
//! valid (unsubscribing twice is harmless).

use hmac::{Hmac, KeyInit, Mac};
use sha2::Sha256;

use crate::store::{Store, StoreResult};

/// The name of the secret in `server_secrets`.
pub const SECRET_NAME: &str = "unsubscribe_hmac";

/// The shared secret (made on first use).
pub async fn secret(store: &Store) -> StoreResult<String> {
    store.server_secret(SECRET_NAME).await
}

/// HMAC-SHA256 (RFC 2104) of `message` under `key`, the same crate the Stripe webhook
/// check uses.
/// (`None` never happens: HMAC takes a key of any length.)
fn mac(key: &[u8], message: &[u8]) -> Option<Hmac<Sha256>> {
    let mut mac = Hmac::<Sha256>::new_from_slice(key).ok()?;
    mac.update(message);
    Some(mac)
}

fn message(user_id: i64) -> String {
    format!("unsubscribe:{user_id}")
}

/// The token of `user_id`.
pub fn token(secret: &str, user_id: i64) -> String {
    let signature = mac(secret.as_bytes(), message(user_id).as_bytes())
        .map(|m| hex::encode(m.finalize().into_bytes()))
        .unwrap_or_default();
    format!("{user_id}.{signature}")
}

/// The user a token names, when its signature holds (compared in constant time).
pub fn verify(secret: &str, token: &str) -> Option<i64> {
    let (id, sig) = token.split_once('.')?;
    let user_id: i64 = id.parse().ok()?;
    let sig = hex::decode(sig).ok()?;
    mac(secret.as_bytes(), message(user_id).as_bytes())?
        .verify_slice(&sig)
        .ok()
        .map(|()| user_id)
}

/// The link a digest carries.
pub fn link(base_url: &str, secret: &str, user_id: i64) -> String {
    format!(
        "{}/api/unsubscribe?token={}",
        base_url.trim_end_matches('/'),
        token(secret, user_id)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hmac_matches_rfc_4231_case_2() {
        let mac = mac(b"Jefe", b"what do ya want for nothing?")
            .unwrap()
            .finalize();
        assert_eq!(
            hex::encode(mac.into_bytes()),
            "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"
        );
    }

    #[test]
    fn tokens_verify_only_with_their_secret_and_user() {
        let t = token("s3cret", 42);
        assert_eq!(verify("s3cret", &t), Some(42));
        assert_eq!(verify("other", &t), None);
        let forged = t.replacen("42.", "43.", 1);
        assert_eq!(verify("s3cret", &forged), None);
        for junk in [
            "",
            ".",
            "x.y",
            "42",
            "42.",
            "-1.00",
            "99999999999999999999.ab",
        ] {
            assert_eq!(verify("s3cret", junk), None, "{junk}");
        }
    }
}
