//! The snapshot readers on the real files of `../shared/market-data`.

use std::path::PathBuf;

use jobs::sources::{
    CompanyFactsSource, OwnershipSource, PriceSource, ShortInterestSource, Snapshot, SourceError,
    SubmissionsSource, TreasurySource,
};

fn snapshot() -> Snapshot {
    let dir = std::env::var("MARKET_DATA_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|_| {
            PathBuf::from(concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/../../shared/market-data"
            ))
        });
    Snapshot::new(dir)
}

#[tokio::test]
async fn sec_files_by_zero_padded_cik() {
    let s = snapshot();
    let facts = s.company_facts(19617).await.expect("JPM facts");
    // CIK0000019617.json.gz: SEC now serves the name in mixed case, with four taxonomies.
    assert_eq!(facts.entity_name, "JPMorgan Chase & Co");
    assert_eq!(facts.taxonomies(), vec!["dei", "invest", "srt", "us-gaap"]);
    let subs = s.submissions(19617).await.expect("JPM submissions");
    assert_eq!(
        (subs.sic, subs.sic_description.as_deref()),
        (Some(6021), Some("National Commercial Banks"))
    );
    let tsla = s.submissions(1318605).await.expect("TSLA submissions");
    assert_eq!(tsla.tickers, vec!["TSLA"]);
    assert_eq!(s.company_facts(1).await.unwrap_err(), SourceError::NotFound);
}

#[tokio::test]
async fn prices_rates_short_interest_and_holders() {
    let s = snapshot();
    let aapl = s.daily_closes("AAPL").await.expect("prices");
    // prices/INDEX.csv: AAPL,2015-01-02,2026-08-18,2884
    assert_eq!(aapl.len(), 2884);
    assert_eq!(
        aapl.first().map(|p| p.date.to_string()),
        Some("2015-01-02".into())
    );
    assert_eq!(
        s.daily_closes("NOPE").await.unwrap_err(),
        SourceError::NotFound
    );
    let dgs10 = s.ten_year_yield().await.expect("DGS10");
    // 2026-07-03 is blank in the file (holiday); 2026-09-17 is 4.94.
    assert!(dgs10.iter().all(|p| p.date.to_string() != "2026-07-03"));
    assert_eq!(
        dgs10.last().map(|p| (p.date.to_string(), p.percent)),
        Some(("2026-09-17".into(), 4.94))
    );
    let nvda = s
        .short_interest("NVDA")
        .await
        .expect("read")
        .expect("listed");
    assert_eq!(nvda.short_pct_of_float, Some(1.2786));
    let msft = s
        .short_interest("MSFT")
        .await
        .expect("read")
        .expect("listed");
    assert_eq!(
        msft.short_pct_of_float, None,
        "blank float is unknown, not zero"
    );
    let tsla = s.ownership("TSLA").await.expect("read").expect("listed");
    assert!(
        (tsla.insiders_pct - 11.111).abs() < 1e-9 && (tsla.institutions_pct - 44.931).abs() < 1e-9
    );
    assert_eq!(s.ownership("AAPL").await.expect("read"), None);
}
