//! Password-reset tokens: 256 random bits, mailed as hex, stored only as their SHA-256, valid
//! for an hour and once.

use std::time::Duration;

use rand::RngCore;
use sha2::{Digest, Sha256};

use super::{Invalid, messages};

/// How long a mailed reset link works.
pub const RESET_TOKEN_LIFETIME: Duration = Duration::from_secs(60 * 60);

/// A reset token as mailed (64 hex characters). Its `Debug` hides the value.
#[derive(Clone, PartialEq, Eq)]
pub struct ResetToken(String);

impl std::fmt::Debug for ResetToken {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("ResetToken(***)")
    }
}

impl ResetToken {
    /// A fresh token from the operating system's CSPRNG (via `rand`'s thread RNG).
    pub fn generate() -> Self {
        let mut bytes = [0u8; 32];
        rand::rng().fill_bytes(&mut bytes);
        ResetToken(hex::encode(bytes))
    }

    /// A token typed or pasted by a person. Anything that is not 64 hex characters cannot
    /// match, so it is refused with the same text as an unknown token.
    pub fn parse(raw: Option<&str>) -> Result<Self, Invalid> {
        let raw = raw.map(str::trim).unwrap_or_default();
        if raw.is_empty() {
            return Err(Invalid::new(messages::RESET_TOKEN_REQUIRED));
        }
        if raw.len() != 64 || !raw.chars().all(|c| c.is_ascii_hexdigit()) {
            return Err(Invalid::new(messages::RESET_TOKEN_INVALID));
        }
        Ok(ResetToken(raw.to_ascii_lowercase()))
    }

    /// What the database stores: the SHA-256 of the token, hex.
    pub fn storage_hash(&self) -> String {
        sha256_hex(&self.0)
    }

    pub fn expose(&self) -> &str {
        &self.0
    }
}

/// SHA-256 of `text`, lowercase hex.
pub fn sha256_hex(text: &str) -> String {
    hex::encode(Sha256::digest(text.as_bytes()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_256_bits_and_stored_hashed() {
        let a = ResetToken::generate();
        let b = ResetToken::generate();
        assert_eq!(a.expose().len(), 64);
        assert_ne!(a, b);
        assert_ne!(a.storage_hash(), a.expose());
        assert_eq!(
            ResetToken::parse(Some(&a.expose().to_uppercase()))
                .unwrap()
                .storage_hash(),
            a.storage_hash()
        );
        assert_eq!(
            ResetToken::parse(Some("")).unwrap_err().0,
            messages::RESET_TOKEN_REQUIRED
        );
        assert_eq!(
            ResetToken::parse(Some("abc")).unwrap_err().0,
            messages::RESET_TOKEN_INVALID
        );
        assert!(!format!("{a:?}").contains(a.expose()));
    }
}
