//! The analysis limits (spec 000 sections 1, 6 and 9) and the ticker they are counted by.

use super::{Invalid, messages};

/// Free analyses for an anonymous session (distinct symbols; reopening one is free).
pub const ANONYMOUS_FREE_ANALYSES: i32 = 3;
/// Analyses a signed-in user may run per UTC day.
pub const DAILY_ANALYSES: i32 = 25;
/// Free chat queries at sign-up (one time); the account page shows the balance.
pub const FREE_CHAT_QUERIES: i32 = 50;
/// Default per-IP ceiling on anonymous analyses per UTC day (`ANON_IP_DAILY_LIMIT`).
pub const DEFAULT_ANON_IP_DAILY_LIMIT: i32 = 10;

/// A ticker as the limits count it: trimmed, upper-cased, 1 to 10 of `A-Z 0-9 . -`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct TickerSymbol(String);

impl TickerSymbol {
    pub fn parse(raw: Option<&str>) -> Result<Self, Invalid> {
        let raw = raw.map(str::trim).unwrap_or_default();
        if raw.is_empty() {
            return Err(Invalid::new(messages::SYMBOL_REQUIRED));
        }
        let upper = raw.to_ascii_uppercase();
        let ok = upper.len() <= 10
            && upper
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '.' || c == '-');
        if ok {
            Ok(TickerSymbol(upper))
        } else {
            Err(Invalid::new(messages::SYMBOL_INVALID))
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// What the session view reports: `remainingSearches` never below 0, `requiresSignup` once
/// the free analyses are used.
pub fn remaining_anonymous(search_count: i32) -> i32 {
    (ANONYMOUS_FREE_ANALYSES - search_count).max(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn symbols_normalise_and_refuse_junk() {
        assert_eq!(
            TickerSymbol::parse(Some(" brk.b ")).unwrap().as_str(),
            "BRK.B"
        );
        assert_eq!(
            TickerSymbol::parse(Some("")).unwrap_err().0,
            messages::SYMBOL_REQUIRED
        );
        for bad in ["AAPL'--", "TOOLONGTICKER", "A B", "ÅPL"] {
            assert_eq!(
                TickerSymbol::parse(Some(bad)).unwrap_err().0,
                messages::SYMBOL_INVALID,
                "{bad}"
            );
        }
        assert_eq!(remaining_anonymous(5), 0);
        assert_eq!(remaining_anonymous(1), 2);
    }
}
