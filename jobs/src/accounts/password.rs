//! Password hashing: argon2id with the OWASP minimum parameters (19 MiB, 2 passes, 1 lane),
//! always off the async runtime. Verifying for an unknown user checks a dummy hash with the same
//! parameters, so "no such user" takes as long as "wrong password".

use argon2::{
    Argon2,
    password_hash::{PasswordHasher, PasswordVerifier},
};

use super::Password;

/// A PHC string (`$argon2id$v=19$m=19456,t=2,p=1$...`), what `users.password` holds.
#[derive(Clone, PartialEq, Eq)]
pub struct PasswordHash(pub String);

impl std::fmt::Debug for PasswordHash {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("PasswordHash(***)")
    }
}

impl PasswordHash {
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// Checked in place of a real hash when the username is unknown. Made with the same
/// parameters as real hashes (`Argon2::default()`), from a random password nobody knows.
const DUMMY_HASH: &str = "$argon2id$v=19$m=19456,t=2,p=1$hstgGBnQsGtsOwu2x3hqSw$sHjqCrrxrhM86yWvqp7xCeWKlE/OVtqqvt1/vD8vgZ8";

/// argon2id, v19, m=19456 KiB, t=2, p=1: the OWASP password storage minimum.
fn hasher() -> Argon2<'static> {
    Argon2::default()
}

/// Hashes `password` with a fresh random salt (blocking: call through `spawn_blocking`, or use
/// [`hash_password`]).
pub fn hash_password_blocking(password: &Password) -> anyhow::Result<PasswordHash> {
    let hash = hasher()
        .hash_password(password.expose().as_bytes())
        .map_err(|err| anyhow::anyhow!("hashing a password: {err}"))?;
    Ok(PasswordHash(hash.to_string()))
}

/// Whether `candidate` matches `stored`; with no stored hash (unknown user) a dummy hash is
/// checked anyway and the answer is `false` (blocking).
pub fn verify_password_blocking(candidate: &Password, stored: Option<&str>) -> bool {
    let matches = hasher()
        .verify_password(candidate.expose().as_bytes(), stored.unwrap_or(DUMMY_HASH))
        .is_ok();
    matches && stored.is_some()
}

/// [`hash_password_blocking`] on the blocking thread pool.
pub async fn hash_password(password: Password) -> anyhow::Result<PasswordHash> {
    tokio::task::spawn_blocking(move || hash_password_blocking(&password)).await?
}

/// [`verify_password_blocking`] on the blocking thread pool.
pub async fn verify_password(candidate: Password, stored: Option<String>) -> anyhow::Result<bool> {
    Ok(
        tokio::task::spawn_blocking(move || {
            verify_password_blocking(&candidate, stored.as_deref())
        })
        .await?,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hashes_verify_and_salts_differ() {
        let pw = Password::parse(Some("correct horse")).unwrap();
        let a = hash_password_blocking(&pw).unwrap();
        let b = hash_password_blocking(&pw).unwrap();
        assert!(
            a.as_str().starts_with("$argon2id$v=19$m=19456,t=2,p=1$"),
            "{}",
            a.as_str()
        );
        assert_ne!(a, b);
        assert!(verify_password_blocking(&pw, Some(a.as_str())));
        let wrong = Password::parse(Some("wrong horse")).unwrap();
        assert!(!verify_password_blocking(&wrong, Some(a.as_str())));
        assert!(!verify_password_blocking(&pw, None));
        assert!(!verify_password_blocking(&pw, Some("not a phc string")));
    }

    #[test]
    fn the_dummy_hash_has_the_real_parameters() {
        let real = hash_password_blocking(&Password::parse(Some("whatever1")).unwrap()).unwrap();
        let params = |h: &str| h.split('$').take(4).collect::<Vec<_>>().join("$");
        assert_eq!(params(DUMMY_HASH), params(real.as_str()));
        assert!(argon2::password_hash::phc::PasswordHash::new(DUMMY_HASH).is_ok());
    }
}
