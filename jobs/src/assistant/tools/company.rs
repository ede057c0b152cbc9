//! Find a company by name or ticker anywhere in a message ("Should I buy Tesla?", "KO or
//! PEP?", "compare apple and microsoft"), over the SEC ticker directory the search box uses.
//! The matching is pure ([`NameIndex::mentions`]); the toolbox keeps the index in memory and
//! reloads it from the store once a minute.

use std::{
    collections::{HashMap, HashSet},
    sync::Arc,
    time::{Duration, Instant},
};

use serde::Deserialize;
use serde_json::{Value, json};

use super::{
    Tool, Toolbox,
    spec::{CallError, ToolSpec},
};
use crate::{analysis::names, store::StoreResult, store::tickers::DirectoryEntry};

/// Brand names people type that SEC's names do not contain or spell differently (lower case,
/// whole words) -> ticker. The search box (`api::ticker_index`) uses the same list.
pub const BRAND_ALIASES: &[(&str, &str)] = &[
    ("apple", "AAPL"),
    ("microsoft", "MSFT"),
    ("google", "GOOGL"),
    ("alphabet", "GOOGL"),
    ("jp morgan", "JPM"),
    ("jpmorgan", "JPM"),
    ("j.p. morgan", "JPM"),
    ("chase", "JPM"),
    ("facebook", "META"),
    ("amazon", "AMZN"),
    ("nvidia", "NVDA"),
    ("tesla", "TSLA"),
    ("walmart", "WMT"),
    ("berkshire", "BRK-B"),
    ("coca cola", "KO"),
    ("coca-cola", "KO"),
    ("coke", "KO"),
    ("pepsi", "PEP"),
    ("pepsico", "PEP"),
    ("ford", "F"),
    ("disney", "DIS"),
    ("netflix", "NFLX"),
    ("snowflake", "SNOW"),
    ("realty income", "O"),
    ("meta", "META"),
];

/// Capitalised words that are not tickers in a sentence ("I", "CEO", "ETF", "P/E"...).
const NOT_TICKERS: &[&str] = &[
    "A", "I", "AI", "AM", "AN", "AND", "ARE", "AT", "BE", "BUT", "BY", "CEO", "CFO", "DCF", "DO",
    "EPS", "ETF", "ETFS", "FAQ", "FCF", "FOR", "GAAP", "GO", "HE", "HI", "HOW", "IF", "IN", "IPO",
    "IRA", "IS", "IT", "ME", "MY", "NO", "NOT", "OF", "OK", "ON", "OR", "PE", "ROE", "ROI", "SEC",
    "SO", "THE", "TO", "TTM", "UP", "US", "USA", "USD", "WE", "YOY", "CAGR", "LOL", "OMG", "YES",
    "WHY", "WHAT", "WHO", "ALL", "NOW", "NEW", "ONE", "CAN", "HAS", "YOU",
];

/// Single words that are company names in the directory but everyday English.
const COMMON_WORDS: &[&str] = &[
    "what", "should", "compare", "good", "best", "income", "value", "target", "first", "general",
    "national", "american", "united", "energy", "progress", "trust", "growth", "dividend", "stock",
    "stocks", "company", "score", "market", "fund", "bank", "capital", "safety", "money", "cash",
    "tell", "about", "invest", "global", "power", "home", "health", "life",
];

/// Corporate endings dropped from a name before matching ("Apple Inc." -> "apple").
const SUFFIXES: &[&str] = &[
    "inc",
    "inc.",
    "corp",
    "corp.",
    "corporation",
    "co",
    "co.",
    "company",
    "ltd",
    "ltd.",
    "plc",
    "holdings",
    "group",
    "sa",
    "nv",
    "n.v.",
    "ag",
    "se",
    "lp",
    "l.p.",
    "llc",
    "class",
    "a",
    "b",
    "the",
    "&",
    "/de/",
    "/md/",
];

/// A company a message names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CompanyMatch {
    /// The company's main ticker (SEC's first listing of it).
    pub symbol: String,
    /// Readable name from the directory.
    pub name: String,
    /// What in the message named it (the ticker or the name as typed, lower case for names).
    pub matched: String,
}

/// The directory prepared for matching names in free text.
#[derive(Debug, Default)]
pub struct NameIndex {
    /// Ticker -> (main ticker of its company, readable name).
    by_ticker: HashMap<String, (String, String)>,
    /// Core name (lower case) -> ticker of its most prominent company.
    by_name: HashMap<String, String>,
}

impl NameIndex {
    /// Builds the index from the directory in SEC's order (largest companies first).
    pub fn new(directory: &[DirectoryEntry]) -> NameIndex {
        let mut main: HashMap<i64, String> = HashMap::new();
        let mut index = NameIndex::default();
        for row in directory {
            let main_ticker = main.entry(row.cik).or_insert_with(|| row.ticker.clone());
            let readable = names::readable(&row.name, Some(main_ticker), None);
            index
                .by_ticker
                .entry(row.ticker.to_uppercase())
                .or_insert_with(|| (main_ticker.clone(), readable.clone()));
            let core = core_name(&readable);
            if core.chars().filter(|c| c.is_alphabetic()).count() >= 4 {
                index
                    .by_name
                    .entry(core)
                    .or_insert_with(|| main_ticker.clone());
            }
        }
        index
    }

    /// The companies `message` names, in the order it names them (each once): brand aliases
    /// and directory names as whole words, and tickers written in capitals ("KO", "$PEP").
    pub fn mentions(&self, message: &str) -> Vec<CompanyMatch> {
        let lower = format!(" {} ", normalised(&message.to_lowercase()));
        let mut found: Vec<(usize, CompanyMatch)> = Vec::new();
        let mut seen: HashSet<String> = HashSet::new();
        let mut push = |at: usize, ticker: &str, matched: &str, found: &mut Vec<_>| {
            if let Some((main, name)) = self.by_ticker.get(ticker)
                && seen.insert(main.clone())
            {
                found.push((
                    at,
                    CompanyMatch {
                        symbol: main.clone(),
                        name: name.clone(),
                        matched: matched.to_string(),
                    },
                ));
            }
        };
        for (alias, ticker) in BRAND_ALIASES {
            if let Some(at) = lower.find(&format!(" {alias} ")) {
                push(
                    lower[..=at].matches(' ').count() - 1,
                    ticker,
                    alias,
                    &mut found,
                );
            }
        }
        // Names of one to four words, longest first so "realty income" beats "income".
        let words: Vec<&str> = lower.split_whitespace().collect();
        for len in (1..=4).rev() {
            for (i, window) in words.windows(len).enumerate() {
                let phrase = window.join(" ");
                if len == 1 && (phrase.len() < 5 || COMMON_WORDS.contains(&phrase.as_str())) {
                    continue;
                }
                if let Some(ticker) = self.by_name.get(&phrase)
                    && is_named(message, &phrase, len)
                {
                    push(i, ticker, &phrase, &mut found);
                }
            }
        }
        for (at, (_, token)) in tokens(message).into_iter().enumerate() {
            let bare = token.trim_start_matches('$');
            let cashtag = token.starts_with('$');
            let capitals = bare
                .chars()
                .all(|c| c.is_ascii_uppercase() || c == '.' || c == '-')
                && bare.chars().any(|c| c.is_ascii_uppercase());
            // A lone capital is a letter ("P/E", "Plan B"), unless written as "$F".
            if (cashtag || (capitals && bare.len() >= 2 && !NOT_TICKERS.contains(&bare)))
                && (1..=6).contains(&bare.len())
            {
                push(at, &bare.to_uppercase(), bare, &mut found);
            }
        }
        // Positions are word indexes: the order the message names them in.
        found.sort_by_key(|(at, _)| *at);
        found.into_iter().map(|(_, m)| m).collect()
    }

    /// The company listed under `ticker` (any case): its main ticker and name.
    pub fn by_ticker(&self, ticker: &str) -> Option<(String, String)> {
        self.by_ticker.get(&ticker.to_uppercase()).cloned()
    }
}

/// A directory name without corporate endings, lower case: "Apple Inc." -> "apple".
pub fn core_name(name: &str) -> String {
    let lower = normalised(&name.to_lowercase());
    let mut words: Vec<&str> = lower.split_whitespace().collect();
    while words.len() > 1 && words.last().is_some_and(|w| SUFFIXES.contains(w)) {
        words.pop();
    }
    words.join(" ")
}

/// Punctuation other than `-`, `.` and `&` inside words becomes a space; a trailing dot or
/// question mark goes.
fn normalised(text: &str) -> String {
    text.split(|c: char| !(c.is_alphanumeric() || c == '-' || c == '&' || c == '.'))
        .map(|w| w.trim_end_matches('.'))
        .filter(|w| !w.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}

/// A one-word name counts only when it is capitalised as typed ("Snowflake", not "perfect");
/// the brand aliases catch the lower-case spellings people use. Longer names always count.
fn is_named(message: &str, phrase: &str, len: usize) -> bool {
    if len > 1 {
        return true;
    }
    tokens(message).iter().any(|(_, t)| {
        t.to_lowercase() == phrase && t.chars().next().is_some_and(char::is_uppercase)
    })
}

/// The words of a message with their character positions (`$` and `.`/`-` kept).
fn tokens(message: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, c) in message.char_indices() {
        let part = c.is_alphanumeric() || c == '$' || c == '.' || c == '-';
        match (part, start) {
            (true, None) => start = Some(i),
            (false, Some(s)) => {
                out.push((s, message[s..i].trim_end_matches(['.', '-'])));
                start = None;
            }
            _ => {}
        }
    }
    if let Some(s) = start {
        out.push((s, message[s..].trim_end_matches(['.', '-'])));
    }
    out.retain(|(_, t)| !t.is_empty());
    out
}

/// How old the in-memory index may get before a reload.
const MAX_AGE: Duration = Duration::from_secs(60);

/// The toolbox's copy of the index and when it was loaded.
#[derive(Debug)]
pub struct CachedIndex {
    index: Arc<NameIndex>,
    at: Instant,
}

impl Toolbox {
    /// The companies `message` names (tool: find a company by name or ticker).
    pub async fn find_companies(&self, message: &str) -> StoreResult<Vec<CompanyMatch>> {
        Ok(self.name_index().await?.mentions(message))
    }

    /// The name index, reloaded when older than a minute.
    pub async fn name_index(&self) -> StoreResult<Arc<NameIndex>> {
        if let Some(cached) = self
            .names
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .as_ref()
            && cached.at.elapsed() < MAX_AGE
        {
            return Ok(cached.index.clone());
        }
        let index = Arc::new(NameIndex::new(&self.store.ticker_directory().await?));
        *self.names.lock().unwrap_or_else(|p| p.into_inner()) = Some(CachedIndex {
            index: index.clone(),
            at: Instant::now(),
        });
        Ok(index)
    }
}

/// The arguments of `find_company` as a function call.
#[derive(Debug, Deserialize)]
pub struct FindArgs {
    pub query: String,
}

/// `find_company` as a language model is offered it.
pub fn spec() -> ToolSpec {
    ToolSpec::new(
        Tool::FindCompany,
        "Finds the companies a piece of text names, by name or ticker (\"Coca-Cola\", \"pepsi\", \
         \"TSLA\"): each company's main ticker and name. Call it first when the user names a \
         company, then use the ticker with the other tools.",
    )
    .param(
        "query",
        json!({"type": "string"}),
        "The company names or tickers as the user wrote them",
    )
}

/// Runs `find_company`.
pub async fn call(toolbox: &Toolbox, args: FindArgs) -> Result<Value, CallError> {
    let index = toolbox.name_index().await?;
    let mut found = index.mentions(&args.query);
    // A ticker typed in lower case ("ko") is not a mention in a sentence, but here it is asked.
    if found.is_empty()
        && let Some((symbol, name)) = index.by_ticker(args.query.trim().trim_start_matches('$'))
    {
        found.push(CompanyMatch {
            symbol,
            name,
            matched: args.query.clone(),
        });
    }
    let companies: Vec<Value> = found
        .iter()
        .map(|m| json!({"symbol": m.symbol, "name": m.name}))
        .collect();
    Ok(json!({ "companies": companies }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn directory() -> Vec<DirectoryEntry> {
        [
            ("AAPL", 1, "Apple Inc."),
            ("MSFT", 2, "MICROSOFT CORP"),
            ("KO", 3, "COCA COLA CO"),
            ("PEP", 4, "PEPSICO INC"),
            ("SNOW", 5, "Snowflake Inc."),
            ("O", 6, "REALTY INCOME CORP"),
            ("TSLA", 7, "Tesla, Inc."),
            ("TGT", 8, "TARGET CORP"),
            ("A", 9, "AGILENT TECHNOLOGIES, INC."),
        ]
        .into_iter()
        .map(|(t, cik, n)| DirectoryEntry {
            ticker: t.into(),
            cik,
            name: n.into(),
            exchange: Some("NYSE".into()),
            rank: None,
        })
        .collect()
    }

    fn found(message: &str) -> Vec<String> {
        NameIndex::new(&directory())
            .mentions(message)
            .into_iter()
            .map(|m| m.symbol)
            .collect()
    }

    #[test]
    fn names_and_tickers_are_found_anywhere_in_a_message() {
        assert_eq!(found("Should I buy Tesla?"), ["TSLA"]);
        assert_eq!(found("Is microsoft a good company?"), ["MSFT"]);
        assert_eq!(found("KO or PEP?"), ["KO", "PEP"]);
        assert_eq!(found("compare Apple and Microsoft"), ["AAPL", "MSFT"]);
        assert_eq!(found("what about Coca-Cola vs pepsi"), ["KO", "PEP"]);
        assert_eq!(found("how is snowflake doing"), ["SNOW"]);
        assert_eq!(found("Realty Income, safe?"), ["O"]);
        assert_eq!(found("$aapl to the moon"), ["AAPL"]);
    }

    #[test]
    fn everyday_words_are_not_companies() {
        assert!(found("What's a good dividend stock for a retiree?").is_empty());
        assert!(found("I want a target for my income, is it OK?").is_empty());
        assert!(found("How do I start investing with $500?").is_empty());
        assert!(found("what's the P/E and EPS of a stock").is_empty());
        assert_eq!(found("What's a P/E ratio? Is AAPL pricey?"), ["AAPL"]);
        assert_eq!(found("what about $A"), ["A"]);
        assert!(found("give it a perfect score, snowflakes").is_empty());
    }
}
