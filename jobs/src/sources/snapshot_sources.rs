//! The snapshot directory as every source: one [`Snapshot`] value implements each source trait
//! by reading the raw file the live source would serve.

use super::{
    CompanyFactsSource, OwnershipSource, PriceSource, ShortInterestSource, SourceError,
    SourceFuture, SubmissionsSource, TreasurySource,
    snapshot::{Snapshot, cik_file_name, gunzip, parse_blocking},
};
use crate::market_data::{
    CompanyFacts, Ownership, PricePoint, RatePoint, ShortInterest, Submissions,
    find_in_holders_csv, finra_csv_by_symbol, parse_fred_csv, parse_price_csv,
};

impl CompanyFactsSource for Snapshot {
    fn company_facts(&self, cik: u64) -> SourceFuture<'_, CompanyFacts> {
        Box::pin(async move {
            let gz = self
                .read(format!("sec/companyfacts/{}.gz", cik_file_name(cik)))
                .await?;
            parse_blocking(move || Ok(CompanyFacts::from_json(&gunzip(&gz)?)?)).await
        })
    }
}

impl PriceSource for Snapshot {
    fn daily_closes<'a>(&'a self, symbol: &'a str) -> SourceFuture<'a, Vec<PricePoint>> {
        Box::pin(async move { self.price_file("daily", symbol).await })
    }

    /// The OHLCV copies (`prices/ohlcv-<years>/`): split-adjusted as of when they were made,
    /// not dividend-adjusted (the market-data README). The newest folder that has the symbol.
    fn traded_closes<'a>(&'a self, symbol: &'a str) -> SourceFuture<'a, Vec<PricePoint>> {
        Box::pin(async move {
            let mut folders: Vec<String> = self
                .list("prices")
                .await?
                .into_iter()
                .filter(|name| name.starts_with("ohlcv-"))
                .collect();
            folders.sort_unstable();
            for folder in folders.iter().rev() {
                match self.price_file(folder, symbol).await {
                    Err(SourceError::NotFound) => continue,
                    found => return found,
                }
            }
            Err(SourceError::NotFound)
        })
    }
}

impl Snapshot {
    /// `prices/<folder>/<SYMBOL>.csv`, parsed; `NotFound` when missing or empty.
    async fn price_file(&self, folder: &str, symbol: &str) -> Result<Vec<PricePoint>, SourceError> {
        // The symbol becomes a file name: refuse anything that could walk out of the folder.
        if symbol.is_empty()
            || !symbol
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '.')
        {
            return Err(SourceError::NotFound);
        }
        let bytes = self
            .read(format!(
                "prices/{folder}/{}.csv",
                symbol.to_ascii_uppercase()
            ))
            .await?;
        let points = parse_price_csv(&bytes)?;
        if points.is_empty() {
            Err(SourceError::NotFound)
        } else {
            Ok(points)
        }
    }
}

impl TreasurySource for Snapshot {
    fn ten_year_yield(&self) -> SourceFuture<'_, Vec<RatePoint>> {
        Box::pin(async move {
            let series = self
                .parsed(&self.parsed.treasury, "rates/DGS10.csv", |bytes| {
                    Ok(parse_fred_csv(bytes)?)
                })
                .await?;
            Ok(series.as_ref().clone())
        })
    }
}

impl ShortInterestSource for Snapshot {
    fn short_interest<'a>(&'a self, symbol: &'a str) -> SourceFuture<'a, Option<ShortInterest>> {
        Box::pin(async move {
            let names = self.list("short-interest").await?;
            let Some(newest) = names
                .iter()
                .filter(|n| n.starts_with("finra-") && n.ends_with(".csv"))
                .max()
            else {
                return Ok(None);
            };
            let table = self
                .parsed(
                    &self.parsed.short_interest,
                    format!("short-interest/{newest}"),
                    |bytes| Ok(finra_csv_by_symbol(bytes)?),
                )
                .await?;
            Ok(table.get(&symbol.to_ascii_uppercase()).cloned())
        })
    }
}

impl OwnershipSource for Snapshot {
    fn ownership<'a>(&'a self, symbol: &'a str) -> SourceFuture<'a, Option<Ownership>> {
        Box::pin(async move {
            // The newest `major-holders-*.csv` (the year sorts by name).
            let names = self.list("ownership").await?;
            let Some(newest) = names
                .iter()
                .filter(|n| n.starts_with("major-holders-") && n.ends_with(".csv"))
                .max()
            else {
                return Ok(None);
            };
            Ok(find_in_holders_csv(
                &self.read(format!("ownership/{newest}")).await?,
                symbol,
            )?)
        })
    }
}

impl SubmissionsSource for Snapshot {
    fn submissions(&self, cik: u64) -> SourceFuture<'_, Submissions> {
        Box::pin(async move {
            let gz = self
                .read(format!("sec/submissions/{}.gz", cik_file_name(cik)))
                .await?;
            parse_blocking(move || Ok(Submissions::from_json(&gunzip(&gz)?)?)).await
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn refuses_path_tricks() {
        let snapshot = Snapshot::new("/tmp");
        assert_eq!(
            snapshot.daily_closes("../etc/passwd").await.unwrap_err(),
            SourceError::NotFound
        );
        assert_eq!(
            snapshot.traded_closes("../passwd").await.unwrap_err(),
            SourceError::NotFound
        );
    }
}
