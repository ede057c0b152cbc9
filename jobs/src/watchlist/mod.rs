//! Watchlists, alerts and the weekly digest: the rules (limits, score bands, what counts as a
//! change worth an alert), the "My stocks" view over the store, the unsubscribe token and the
//! digest's text. Notes: `jobs/docs/watchlists.md`.

use crate::analysis::record::Band;

pub mod alerts;
pub mod digest;
pub mod due;
pub mod my_stocks;
pub mod unsubscribe;

/// Stocks one user may watch; the next one is refused with [`LIST_FULL`].
pub const WATCH_LIMIT: i64 = 50;

/// The refusal of the 51st stock.
pub const LIST_FULL: &str = "You're watching 50 stocks already, and that's all my porch has room for. Take one off your list to add this one.";

/// A score's band as alerts store it: the analysis's own overall bands (`Band::of_overall`).
pub fn band(score: i32) -> &'static str {
    match Band::of_overall(u8::try_from(score.clamp(0, 100)).unwrap_or(0)) {
        Band::Green => "green",
        Band::Yellow => "yellow",
        Band::Red => "red",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bands_split_at_50_and_70() {
        assert_eq!(band(100), "green");
        assert_eq!(band(70), "green");
        assert_eq!(band(69), "yellow");
        assert_eq!(band(50), "yellow");
        assert_eq!(band(49), "red");
        assert_eq!(band(0), "red");
    }
}
