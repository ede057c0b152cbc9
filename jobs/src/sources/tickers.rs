//! Reading the SEC ticker directory from the snapshot directory (the live download is in the
//! `LoadTickers` job, through the shared HTTP fetcher).

use std::path::{Path, PathBuf};

use crate::market_data::tickers::{
    TickerEntry, TickerListError, parse_exchange_file, parse_plain_file,
};

/// Reads the directory from a snapshot folder laid out like `../shared/market-data`.
pub fn read_snapshot(market_data_dir: &Path) -> Result<Vec<TickerEntry>, TickerListError> {
    let sec = market_data_dir.join("sec");
    let read =
        |path: PathBuf| std::fs::read(&path).map_err(|source| TickerListError::Io { path, source });
    let exchange = sec.join("company_tickers_exchange.json");
    if exchange.exists() {
        return parse_exchange_file(&read(exchange)?);
    }
    let plain = sec.join("company_tickers.json");
    if plain.exists() {
        return parse_plain_file(&read(plain)?);
    }
    Err(TickerListError::Missing(market_data_dir.to_path_buf()))
}
