//! `TickerSymbol`: a ticker as the product takes it from users, URLs and jobs: trimmed,
//! upper-cased, 1 to 10 of `A-Z 0-9 . -`, with the spec's messages when it is not.

use crate::accounts::{Invalid, messages};

/// A ticker: trimmed, upper-cased, 1 to 10 of `A-Z 0-9 . -`.
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
    }
}
