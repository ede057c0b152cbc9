//! The product's usage quotas: the anonymous trial, the
//! signed-in daily cap, the free chat queries.

/// Free analyses for an anonymous session (distinct symbols; reopening one is free).
pub const ANONYMOUS_FREE_ANALYSES: i32 = 3;
/// Analyses a signed-in user may run per UTC day.
pub const DAILY_ANALYSES: i32 = 25;
/// Free chat queries at sign-up (one time); the account page shows the balance.
pub const FREE_CHAT_QUERIES: i32 = 50;
/// Default per-IP ceiling on anonymous analyses per UTC day (`ANON_IP_DAILY_LIMIT`).
pub const DEFAULT_ANON_IP_DAILY_LIMIT: i32 = 10;

/// What the session view reports: `remainingSearches` never below 0, `requiresSignup` once
/// the free analyses are used.
pub fn remaining_anonymous(search_count: i32) -> i32 {
    (ANONYMOUS_FREE_ANALYSES - search_count).max(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn remaining_never_goes_below_zero() {
        assert_eq!(remaining_anonymous(5), 0);
        assert_eq!(remaining_anonymous(1), 2);
    }
}
