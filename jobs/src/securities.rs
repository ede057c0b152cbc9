//! Which security a ticker is, among the tickers SEC lists for its issuer: the common stock
//! the analysis scores, another class of the same common stock (one company, one entry), or
//! something that is not common stock at all (preferreds, warrants, units, rights, notes and
//! funds), which the product does not analyse. Rules and examples in `docs/scoring.md`,
//! "What may be analysed, ranked and featured".

/// What a ticker is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SecurityKind {
    /// The issuer's main common stock (its first ticker in SEC's list, which is ordered by
    /// company size), or a company with one ticker.
    Common,
    /// Another class of the same company's common stock (GOOG next to GOOGL, BRK-A next to
    /// BRK-B): analysed and ranked as the main ticker.
    ShareClass { main: String },
    /// Not common stock: what it is, for the message ("a preferred share").
    NotCommon { what: &'static str },
}

/// Classifies `ticker` given all of its issuer's tickers in SEC's list order (main listing
/// first). A ticker missing from `issuer_tickers` is treated as common: there is nothing to
/// compare it with.
pub fn classify(ticker: &str, issuer_tickers: &[String]) -> SecurityKind {
    let ticker = ticker.trim().to_ascii_uppercase();
    if let Some(what) = suffix_kind(&ticker) {
        return SecurityKind::NotCommon { what };
    }
    // The main listing: the first ticker of the issuer that is itself not a preferred,
    // warrant or unit (SEC sometimes lists those first for small issuers).
    let Some(main) = issuer_tickers
        .iter()
        .map(|t| t.trim().to_ascii_uppercase())
        .find(|t| suffix_kind(t).is_none())
    else {
        return SecurityKind::Common;
    };
    if main == ticker
        || !issuer_tickers
            .iter()
            .any(|t| t.eq_ignore_ascii_case(&ticker))
    {
        return SecurityKind::Common;
    }
    // A SPAC's `ABCDW` / `ABCDU` / `ABCDR` next to its `ABCD`.
    if ticker.len() == main.len() + 1 && ticker.starts_with(&main) {
        match ticker.as_bytes()[main.len()] {
            b'W' => return SecurityKind::NotCommon { what: "a warrant" },
            b'U' => return SecurityKind::NotCommon { what: "a unit" },
            b'R' => return SecurityKind::NotCommon { what: "a right" },
            _ => {}
        }
    }
    if root(&ticker) == root(&main) || common_prefix(&ticker, &main) >= 3 {
        return SecurityKind::ShareClass { main };
    }
    // Another ticker of a listed company with nothing in common with its main one: an
    // exchange-traded note or fund the bank issues (JPMorgan's AMJB, VYLD).
    SecurityKind::NotCommon {
        what: "a note or fund issued by the company",
    }
}

/// What the product does with a ticker: the one rule every path applies (the visitor's
/// page, the chat, batches and their checklist, schedules, newsletters, trends, the Top 25 and
/// the admin lists).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Eligibility {
    /// Analysed, ranked and featured as `symbol`: the ticker itself, or the main class of the
    /// same company's common stock (GOOG is analysed as GOOGL).
    Analyse { symbol: String },
    /// Not common stock: never analysed, ranked or featured. `message` says what it is and
    /// which ticker to try.
    Refuse { message: String },
}

/// [`classify`] turned into the decision, with the message for people. `issuer_name` is
/// the company's name as shown (`names::readable`).
pub fn eligibility(ticker: &str, issuer_tickers: &[String], issuer_name: &str) -> Eligibility {
    let ticker = ticker.trim().to_ascii_uppercase();
    match classify(&ticker, issuer_tickers) {
        SecurityKind::Common => Eligibility::Analyse { symbol: ticker },
        SecurityKind::ShareClass { main } => Eligibility::Analyse { symbol: main },
        SecurityKind::NotCommon { what } => {
            let main = issuer_tickers
                .iter()
                .find(|t| classify(t, issuer_tickers) == SecurityKind::Common);
            let next = match main {
                Some(main) => format!("Try {main}, the company's common stock."),
                None => "Try the company's common stock ticker instead.".to_string(),
            };
            Eligibility::Refuse {
                message: format!(
                    "{ticker} is {what} of {issuer_name}, not its common stock, and Bubba only scores common stock. {next}"
                ),
            }
        }
    }
}

/// True when `ticker` may be analysed, ranked and featured under its own name: common stock
/// and the main class of its company (GOOG, another class of GOOGL, is not listed on its
/// own: its figures are GOOGL's).
pub fn is_listed_on_its_own(ticker: &str, issuer_tickers: &[String]) -> bool {
    classify(ticker, issuer_tickers) == SecurityKind::Common
}

/// SEC's whole ticker list, grouped by company: for filtering long lists of symbols by
/// [`is_listed_on_its_own`] without a query per symbol.
#[derive(Debug, Clone, Default)]
pub struct Directory {
    cik_of: std::collections::HashMap<String, i64>,
    tickers_of: std::collections::HashMap<i64, Vec<String>>,
}

impl Directory {
    /// From the store's directory (SEC's order).
    pub async fn load(store: &crate::store::Store) -> crate::store::StoreResult<Directory> {
        Ok(Directory::from_entries(store.ticker_directory().await?))
    }

    /// The part of the list that judges `symbols`: their companies' tickers only, so a page of
    /// a long list costs a page's worth of rows.
    pub async fn load_for(
        store: &crate::store::Store,
        symbols: &[String],
    ) -> crate::store::StoreResult<Directory> {
        Ok(Directory::from_entries(
            store.ticker_directory_of(symbols).await?,
        ))
    }

    /// The list made of `entries` (each company's every ticker, for the companies it judges).
    pub fn from_entries(entries: Vec<crate::store::tickers::DirectoryEntry>) -> Directory {
        let mut directory = Directory::default();
        for entry in entries {
            directory.cik_of.insert(entry.ticker.clone(), entry.cik);
            directory
                .tickers_of
                .entry(entry.cik)
                .or_default()
                .push(entry.ticker);
        }
        directory
    }

    /// The company (CIK) of a ticker in the list.
    pub fn cik(&self, ticker: &str) -> Option<i64> {
        self.cik_of.get(ticker).copied()
    }

    /// The ticker company `cik` is analysed and ranked under: its first common stock in SEC's
    /// list (the main class); `None` when it has none there (only preferreds, notes or fund
    /// shares, or no ticker at all).
    pub fn common_stock_of(&self, cik: i64) -> Option<&str> {
        let tickers = self.tickers_of.get(&cik)?;
        tickers
            .iter()
            .find(|t| is_listed_on_its_own(t, tickers))
            .map(String::as_str)
    }

    /// [`is_listed_on_its_own`] with the ticker's company from the list (a ticker missing
    /// from it is judged by its suffix alone).
    pub fn listed_on_its_own(&self, ticker: &str) -> bool {
        let issuer = self
            .cik(ticker)
            .and_then(|cik| self.tickers_of.get(&cik))
            .map_or(&[][..], Vec::as_slice);
        is_listed_on_its_own(ticker, issuer)
    }
}

/// [`eligibility`] for a ticker of SEC's list as the store holds it; `None` when the ticker
/// is not in the list.
pub async fn eligibility_in(
    store: &crate::store::Store,
    ticker: &str,
) -> crate::store::StoreResult<Option<Eligibility>> {
    Ok(eligibility_with_issuer(store, ticker)
        .await?
        .map(|(decision, _)| decision))
}

/// [`eligibility_in`] with the company's rows of the list (every ticker, SEC's order), read
/// in one query: what the analysis needs to name the company it scores.
pub async fn eligibility_with_issuer(
    store: &crate::store::Store,
    ticker: &str,
) -> crate::store::StoreResult<Option<(Eligibility, Vec<crate::store::tickers::DirectoryEntry>)>> {
    let wanted = ticker.trim().to_uppercase();
    let entries = store
        .ticker_directory_of(std::slice::from_ref(&wanted))
        .await?;
    let Some(row) = entries.iter().find(|e| e.ticker == wanted) else {
        return Ok(None);
    };
    let issuer: Vec<String> = entries.iter().map(|e| e.ticker.clone()).collect();
    let name =
        crate::analysis::names::readable(&row.name, issuer.first().map(String::as_str), None);
    let decision = eligibility(ticker, &issuer, &name);
    Ok(Some((decision, entries)))
}

/// Preferreds, warrants, units and rights by their exchange suffix (`JPM-PC`, `KCAC-UN`,
/// `XYZ-WT`).
fn suffix_kind(ticker: &str) -> Option<&'static str> {
    let (_, suffix) = ticker.split_once(['-', '.'])?;
    match suffix {
        s if s.starts_with('P') => Some("a preferred share"),
        "U" | "UN" => Some("a unit"),
        "W" | "WS" | "WT" => Some("a warrant"),
        "R" | "RT" => Some("a right"),
        _ => None,
    }
}

/// The ticker without its class suffix (`BRK-B` -> `BRK`).
fn root(ticker: &str) -> &str {
    ticker.split(['-', '.']).next().unwrap_or(ticker)
}

fn common_prefix(a: &str, b: &str) -> usize {
    a.bytes().zip(b.bytes()).take_while(|(x, y)| x == y).count()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_decision_with_the_message_for_people() {
        let jpm = list(&["JPM", "JPM-PC", "AMJB", "VYLD"]);
        assert_eq!(
            eligibility("jpm-pc", &jpm, "JPMorgan Chase & Co"),
            Eligibility::Refuse {
                message: "JPM-PC is a preferred share of JPMorgan Chase & Co, not its common stock, and Bubba only scores common stock. Try JPM, the company's common stock.".into()
            }
        );
        assert!(matches!(
            eligibility("VYLD", &jpm, "JPMorgan Chase & Co"),
            Eligibility::Refuse { .. }
        ));
        let alphabet = list(&["GOOGL", "GOOG"]);
        assert_eq!(
            eligibility("GOOG", &alphabet, "Alphabet Inc."),
            Eligibility::Analyse {
                symbol: "GOOGL".into()
            }
        );
        assert!(!is_listed_on_its_own("GOOG", &alphabet));
        assert!(is_listed_on_its_own("GOOGL", &alphabet));
        assert!(!is_listed_on_its_own("JPM-PC", &jpm));
    }

    fn list(tickers: &[&str]) -> Vec<String> {
        tickers.iter().map(|t| t.to_string()).collect()
    }

    #[test]
    fn share_classes_are_one_company() {
        // SEC's list order (company_tickers_exchange.json): GOOGL before GOOG, BRK-B before
        // BRK-A.
        let alphabet = list(&["GOOGL", "GOOG"]);
        assert_eq!(classify("GOOGL", &alphabet), SecurityKind::Common);
        assert_eq!(
            classify("goog", &alphabet),
            SecurityKind::ShareClass {
                main: "GOOGL".into()
            }
        );
        let berkshire = list(&["BRK-B", "BRK-A"]);
        assert_eq!(
            classify("BRK-A", &berkshire),
            SecurityKind::ShareClass {
                main: "BRK-B".into()
            }
        );
        assert_eq!(classify("AAPL", &list(&["AAPL"])), SecurityKind::Common);
    }

    #[test]
    fn preferreds_warrants_units_and_notes_are_not_common_stock() {
        let jpm = list(&[
            "JPM", "JPM-PC", "AMJB", "JPM-PD", "JPM-PJ", "JPM-PK", "JPM-PL", "JPM-PM", "VYLD",
        ]);
        assert_eq!(classify("JPM", &jpm), SecurityKind::Common);
        assert_eq!(
            classify("JPM-PC", &jpm),
            SecurityKind::NotCommon {
                what: "a preferred share"
            }
        );
        assert!(matches!(
            classify("AMJB", &jpm),
            SecurityKind::NotCommon { .. }
        ));
        let spac = list(&["KCAC", "KCACW", "KCACU", "KCAC-UN"]);
        assert_eq!(classify("KCAC", &spac), SecurityKind::Common);
        assert_eq!(
            classify("KCACW", &spac),
            SecurityKind::NotCommon { what: "a warrant" }
        );
        assert_eq!(
            classify("KCACU", &spac),
            SecurityKind::NotCommon { what: "a unit" }
        );
        assert_eq!(
            classify("KCAC-UN", &spac),
            SecurityKind::NotCommon { what: "a unit" }
        );
        // A preferred is recognised even when its issuer's list is unknown.
        assert!(matches!(
            classify("BAC-PB", &[]),
            SecurityKind::NotCommon { .. }
        ));
    }
}
