//! Server-side ticker search over the real SEC directory.

use jobs::sources::tickers::read_snapshot;

use crate::{
    api_test,
    helpers::{market_data_dir, spawn_app},
};

async fn search(app: &crate::helpers::TestApp, q: &str) -> Vec<(String, String)> {
    let url =
        reqwest::Url::parse_with_params(&app.url("/api/tickers/search"), &[("q", q)]).unwrap();
    let hits: Vec<serde_json::Value> = app
        .client
        .get(url)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    hits.iter()
        .map(|h| {
            (
                h["ticker"].as_str().unwrap().to_string(),
                h["name"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

api_test!(
    search_ranks_exact_then_prefix_then_name,
    |backend| async move {
        let app = spawn_app(backend).await;
        let entries = read_snapshot(&market_data_dir()).unwrap();
        assert!(entries.len() > 10_000);
        app.store.replace_tickers(&entries).await.unwrap();

        let hits = search(&app, "f").await;
        assert_eq!(hits[0].0, "F", "the exact ticker comes first: {hits:?}");
        assert!(hits.len() <= 100);
        let first_name_only = hits
            .iter()
            .position(|(t, _)| !t.starts_with('F'))
            .unwrap_or(hits.len());
        assert!(
            hits[..first_name_only]
                .iter()
                .all(|(t, _)| t.starts_with('F')),
            "ticker prefixes before name matches"
        );

        let hits = search(&app, "apple").await;
        assert!(
            hits.iter().any(|(t, n)| t == "AAPL" && n == "Apple Inc."),
            "{hits:?}"
        );
        let hits = search(&app, "MICROSOFT").await;
        assert!(
            hits.iter().any(|(t, _)| t == "MSFT"),
            "case-insensitive name search: {hits:?}"
        );
        let hits = search(&app, "motor").await;
        assert!(
            hits.iter().any(|(t, _)| t == "F"),
            "a later word of the name matches (Ford Motor Co): {hits:?}"
        );
    }
);

api_test!(search_handles_odd_input, |backend| async move {
    let app = spawn_app(backend).await;
    app.store
        .replace_tickers(&read_snapshot(&market_data_dir()).unwrap())
        .await
        .unwrap();
    assert!(search(&app, "   ").await.is_empty());
    assert!(
        search(&app, "%").await.is_empty(),
        "a wildcard is matched literally"
    );
    assert!(search(&app, "'; DROP TABLE tickers; --").await.is_empty());
    assert_eq!(
        app.store.ticker_count().await.unwrap() as usize,
        read_snapshot(&market_data_dir()).unwrap().len()
    );
    let url =
        reqwest::Url::parse_with_params(&app.url("/api/tickers/search"), &[("q", "x".repeat(500))])
            .unwrap();
    let response = app.client.get(url).send().await.unwrap();
    assert_eq!(response.status(), 400);
    let body: serde_json::Value = response.json().await.unwrap();
    assert!(body["message"].as_str().unwrap().contains("100 characters"));
});
