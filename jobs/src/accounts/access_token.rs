//! Personal access tokens: what an outside assistant sends to the MCP endpoint as
//! `Authorization: Bearer`. A token is `bubba_pat_` and 256 random bits as 64 hex characters;
//! the database keeps only its SHA-256 (hex), so a leaked table holds nothing that works. The
//! prefix lets people (and secret scanners) tell what a stray token is for.

use rand::RngCore;

use super::{Invalid, fields::has_control_chars, reset::sha256_hex};

/// What every token starts with.
pub const TOKEN_PREFIX: &str = "bubba_pat_";
/// Live (unrevoked) tokens one user may hold.
pub const ACCESS_TOKEN_LIMIT: i64 = 10;
/// Longest token name, in characters.
pub const TOKEN_NAME_MAX: usize = 60;

pub const TOKEN_NAME_REQUIRED: &str =
    "Please give the token a name, like the assistant you'll use it with.";
pub const TOKEN_NAME_TOO_LONG: &str = "Please keep a token's name to 60 characters or fewer.";
pub const TOKEN_NAME_CONTROL: &str = "A token's name can't hold control characters.";
pub const TOO_MANY_TOKENS: &str = "You've got 10 tokens already, and that's the most I hand out. \
     Revoke one you don't use anymore, then make a new one.";
pub const TOKEN_NOT_FOUND: &str = "I couldn't find that token on your account.";

/// A token as handed to the user once. Its `Debug` hides the value.
#[derive(Clone, PartialEq, Eq)]
pub struct AccessToken(String);

impl std::fmt::Debug for AccessToken {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("AccessToken(***)")
    }
}

impl AccessToken {
    /// A fresh token from the operating system's CSPRNG (via `rand`'s thread RNG).
    pub fn generate() -> Self {
        let mut bytes = [0u8; 32];
        rand::rng().fill_bytes(&mut bytes);
        AccessToken(format!("{TOKEN_PREFIX}{}", hex::encode(bytes)))
    }

    /// A token as a client sent it. `None` for anything not shaped like one of ours (it
    /// cannot match, and is refused like an unknown token without a database read).
    pub fn parse(raw: &str) -> Option<Self> {
        let hex = raw.trim().strip_prefix(TOKEN_PREFIX)?;
        (hex.len() == 64 && hex.bytes().all(|b| b.is_ascii_hexdigit()))
            .then(|| AccessToken(format!("{TOKEN_PREFIX}{}", hex.to_ascii_lowercase())))
    }

    /// The token of an `Authorization` header value (`Bearer <token>`, scheme in any case).
    pub fn from_authorization(header: &str) -> Option<Self> {
        let (scheme, token) = header.trim().split_once(' ')?;
        if !scheme.eq_ignore_ascii_case("bearer") {
            return None;
        }
        AccessToken::parse(token)
    }

    /// What the database stores: the SHA-256 of the whole token, hex.
    pub fn storage_hash(&self) -> String {
        sha256_hex(&self.0)
    }

    pub fn expose(&self) -> &str {
        &self.0
    }
}

/// A token's name, as the user typed it (trimmed): 1 to 60 characters, no control characters.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TokenName(String);

impl TokenName {
    pub fn parse(raw: Option<&str>) -> Result<Self, Invalid> {
        let name = raw.map(str::trim).unwrap_or_default();
        if name.is_empty() {
            return Err(Invalid::new(TOKEN_NAME_REQUIRED));
        }
        if name.chars().count() > TOKEN_NAME_MAX {
            return Err(Invalid::new(TOKEN_NAME_TOO_LONG));
        }
        if has_control_chars(name) {
            return Err(Invalid::new(TOKEN_NAME_CONTROL));
        }
        Ok(TokenName(name.to_string()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_prefixed_256_bits_and_stored_hashed() {
        let a = AccessToken::generate();
        assert!(a.expose().starts_with(TOKEN_PREFIX));
        assert_eq!(a.expose().len(), TOKEN_PREFIX.len() + 64);
        assert_ne!(a, AccessToken::generate());
        assert_eq!(a.storage_hash().len(), 64);
        assert!(!a.storage_hash().contains(&a.expose()[TOKEN_PREFIX.len()..]));
        assert!(!format!("{a:?}").contains(a.expose()));
        let header = format!(
            "bearer {}",
            a.expose()
                .to_uppercase()
                .replace("BUBBA_PAT_", TOKEN_PREFIX)
        );
        assert_eq!(
            AccessToken::from_authorization(&header)
                .unwrap()
                .storage_hash(),
            a.storage_hash()
        );
    }

    #[test]
    fn anything_not_shaped_like_a_token_is_refused_before_the_database() {
        let good = AccessToken::generate();
        for bad in [
            "",
            "bubba_pat_",
            &good.expose()[..good.expose().len() - 1],
            &good.expose()[TOKEN_PREFIX.len()..],
            &format!("{}0", good.expose()),
            &good.expose().replace('a', "g"),
        ] {
            if bad != good.expose() {
                assert!(AccessToken::parse(bad).is_none(), "{bad}");
            }
        }
        assert!(AccessToken::from_authorization(good.expose()).is_none());
        assert!(AccessToken::from_authorization(&format!("Basic {}", good.expose())).is_none());
        assert!(AccessToken::from_authorization(&format!("Bearer {}", good.expose())).is_some());
    }

    #[test]
    fn names_are_trimmed_and_bounded() {
        assert_eq!(
            TokenName::parse(Some("  Claude desktop "))
                .unwrap()
                .as_str(),
            "Claude desktop"
        );
        assert_eq!(
            TokenName::parse(Some(" ")).unwrap_err().0,
            TOKEN_NAME_REQUIRED
        );
        assert_eq!(TokenName::parse(None).unwrap_err().0, TOKEN_NAME_REQUIRED);
        assert!(TokenName::parse(Some(&"é".repeat(60))).is_ok());
        assert_eq!(
            TokenName::parse(Some(&"x".repeat(61))).unwrap_err().0,
            TOKEN_NAME_TOO_LONG
        );
        assert_eq!(
            TokenName::parse(Some("a\u{7}b")).unwrap_err().0,
            TOKEN_NAME_CONTROL
        );
    }
}
