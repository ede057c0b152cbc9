//! The digest's one-click unsubscribe link: `{user id}.{HMAC-SHA256(secret, "unsubscribe:{user
//! id}")}` in hex, with the secret every process shares (`server_secrets`, made once). The
//! token names the account without a session, cannot be forged without the secret, and stays
//! valid (unsubscribing twice is harmless).

use sha2::{Digest, Sha256};

use crate::store::{Store, StoreResult};

/// The name of the secret in `server_secrets`.
pub const SECRET_NAME: &str = "unsubscribe_hmac";

/// The shared secret (made on first use).
pub async fn secret(store: &Store) -> StoreResult<String> {
    store.server_secret(SECRET_NAME).await
}

/// HMAC-SHA256 (RFC 2104) of `message` under `key`.
pub fn hmac_sha256(key: &[u8], message: &[u8]) -> [u8; 32] {
    const BLOCK: usize = 64;
    let mut block = [0u8; BLOCK];
    if key.len() > BLOCK {
        block[..32].copy_from_slice(&Sha256::digest(key));
    } else {
        block[..key.len()].copy_from_slice(key);
    }
    let pad = |byte: u8| block.map(|b| b ^ byte);
    let inner = Sha256::new()
        .chain_update(pad(0x36))
        .chain_update(message)
        .finalize();
    Sha256::new()
        .chain_update(pad(0x5c))
        .chain_update(inner)
        .finalize()
        .into()
}

fn signature(secret: &str, user_id: i64) -> String {
    hex::encode(hmac_sha256(
        secret.as_bytes(),
        format!("unsubscribe:{user_id}").as_bytes(),
    ))
}

/// The token of `user_id`.
pub fn token(secret: &str, user_id: i64) -> String {
    format!("{user_id}.{}", signature(secret, user_id))
}

/// The user a token names, when its signature holds (compared in constant time).
pub fn verify(secret: &str, token: &str) -> Option<i64> {
    let (id, sig) = token.split_once('.')?;
    let user_id: i64 = id.parse().ok()?;
    let expected = signature(secret, user_id);
    (sig.len() == expected.len()
        && sig
            .bytes()
            .zip(expected.bytes())
            .fold(0u8, |acc, (a, b)| acc | (a ^ b))
            == 0)
        .then_some(user_id)
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
        let mac = hmac_sha256(b"Jefe", b"what do ya want for nothing?");
        assert_eq!(
            hex::encode(mac),
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
