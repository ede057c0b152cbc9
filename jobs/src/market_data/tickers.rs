//! The SEC ticker directory's two formats: `company_tickers_exchange.json` (preferred: it
//! names the exchange) and `company_tickers.json`. Reading them from disk or sec.gov is
//! `sources::tickers`' job.

use std::path::PathBuf;

use serde::Deserialize;

/// One listed security of the directory.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TickerEntry {
    pub ticker: String,
    pub cik: i64,
    pub name: String,
    pub exchange: Option<String>,
}

/// Why the directory could not be read.
#[derive(Debug, thiserror::Error)]
pub enum TickerListError {
    #[error(
        "no ticker list in {0} (expected sec/company_tickers_exchange.json or sec/company_tickers.json)"
    )]
    Missing(PathBuf),
    #[error("cannot read {path}: {source}")]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("the ticker list is not in SEC's format: {0}")]
    Format(String),
}

/// `company_tickers_exchange.json`: `{"fields": [...], "data": [[cik, name, ticker, exchange], ...]}`.
#[derive(Deserialize)]
struct ExchangeFile {
    fields: Vec<String>,
    data: Vec<Vec<serde_json::Value>>,
}

/// `company_tickers.json`: `{"0": {"cik_str": 320193, "ticker": "AAPL", "title": "Apple Inc."}, ...}`.
#[derive(Deserialize)]
struct PlainEntry {
    cik_str: i64,
    ticker: String,
    title: String,
}

/// Parses `company_tickers_exchange.json`. Rows with a missing ticker or CIK are skipped.
pub fn parse_exchange_file(bytes: &[u8]) -> Result<Vec<TickerEntry>, TickerListError> {
    let file: ExchangeFile =
        serde_json::from_slice(bytes).map_err(|err| TickerListError::Format(err.to_string()))?;
    let column = |name: &str| {
        file.fields
            .iter()
            .position(|f| f == name)
            .ok_or_else(|| TickerListError::Format(format!("no '{name}' field")))
    };
    let (cik, name, ticker, exchange) = (
        column("cik")?,
        column("name")?,
        column("ticker")?,
        column("exchange")?,
    );
    Ok(file
        .data
        .iter()
        .filter_map(|row| {
            Some(TickerEntry {
                cik: row.get(cik)?.as_i64()?,
                name: row.get(name)?.as_str()?.trim().to_string(),
                ticker: normalize_ticker(row.get(ticker)?.as_str()?)?,
                exchange: row
                    .get(exchange)
                    .and_then(|e| e.as_str())
                    .map(str::to_string),
            })
        })
        .collect())
}

/// Parses `company_tickers.json`, in SEC's order (by company size: the keys "0", "1", ...
/// count up, and the position is the search's prominence signal).
pub fn parse_plain_file(bytes: &[u8]) -> Result<Vec<TickerEntry>, TickerListError> {
    let file: std::collections::HashMap<String, PlainEntry> =
        serde_json::from_slice(bytes).map_err(|err| TickerListError::Format(err.to_string()))?;
    let mut rows: Vec<(u64, PlainEntry)> = file
        .into_iter()
        .map(|(key, entry)| (key.parse().unwrap_or(u64::MAX), entry))
        .collect();
    rows.sort_by_key(|(position, _)| *position);
    Ok(rows
        .into_iter()
        .map(|(_, entry)| entry)
        .filter_map(|e| {
            Some(TickerEntry {
                ticker: normalize_ticker(&e.ticker)?,
                cik: e.cik_str,
                name: e.title.trim().to_string(),
                exchange: None,
            })
        })
        .collect())
}

/// Upper-cases a ticker; rejects empty or over-long ones (the store keeps at most 10).
fn normalize_ticker(raw: &str) -> Option<String> {
    let ticker = raw.trim().to_uppercase();
    (!ticker.is_empty() && ticker.len() <= 10).then_some(ticker)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_the_exchange_format() {
        let raw = br#"{"fields":["cik","name","ticker","exchange"],
            "data":[[320193,"Apple Inc.","aapl","Nasdaq"],[1,"No Ticker",null,null],[2,"X",  "xyz", null]]}"#;
        let list = parse_exchange_file(raw).unwrap();
        assert_eq!(list.len(), 2);
        assert_eq!(list[0].ticker, "AAPL");
        assert_eq!(list[0].exchange.as_deref(), Some("Nasdaq"));
        assert_eq!(list[1].exchange, None);
    }

    #[test]
    fn rejects_other_json_with_a_clear_message() {
        let err = parse_exchange_file(br#"{"hello": 1}"#)
            .unwrap_err()
            .to_string();
        assert!(err.contains("not in SEC's format"), "{err}");
    }

    #[test]
    fn parses_the_plain_format() {
        let raw = br#"{"10":{"cik_str":1,"ticker":"SMALL","title":"SMALL CO"},
            "0":{"cik_str":789019,"ticker":"MSFT","title":"MICROSOFT CORP"},
            "2":{"cik_str":2,"ticker":"MID","title":"MID CO"}}"#;
        let list = parse_plain_file(raw).unwrap();
        assert_eq!(list[0].cik, 789019);
        assert_eq!(list[0].name, "MICROSOFT CORP");
        // SEC's order by size, not the keys' alphabetical order ("10" < "2").
        let tickers: Vec<&str> = list.iter().map(|e| e.ticker.as_str()).collect();
        assert_eq!(tickers, ["MSFT", "MID", "SMALL"]);
    }
}
