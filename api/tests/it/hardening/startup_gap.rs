//! Defect 10: on a fresh database the ticker directory loads in a job after the API starts
//! listening; for the first moments every analysis answered "I couldn't find a company with
//! the ticker MSFT". Now calls that look tickers up wait for the directory (and `/readyz`
//! says 503 until it is there).

use std::time::Duration;

use reqwest::StatusCode;

use crate::{api_test, helpers::spawn_app_with};

api_test!(
    asking_at_once_after_start_finds_the_company,
    |backend| async move {
        let app = spawn_app_with(backend, |s| {
            // As in production: the embedded worker loads the directory, calls wait for it.
            s.embedded_worker = true;
            s.startup_wait = Duration::from_secs(20);
        })
        .await;
        // Asked at once (the app answered /healthz a moment ago; no readiness wait).
        let (search, analysis) = tokio::join!(
            app.get("/api/tickers/search?q=MSFT"),
            app.client
                .get(app.url("/api/analyze-stock/MSFT?wait=0"))
                .header("x-session-id", "fresh-start-1")
                .send(),
        );
        assert_eq!(search.status(), StatusCode::OK);
        let hits: serde_json::Value = search.json().await.unwrap();
        assert!(
            hits.to_string().contains("\"MSFT\""),
            "the directory is there for the first search: {hits}"
        );
        let analysis = analysis.unwrap();
        let status = analysis.status();
        let body = analysis.text().await.unwrap();
        assert_ne!(status, StatusCode::NOT_FOUND, "{body}");
        assert!(!body.contains("couldn't find a company"), "{body}");
        let ready = app.get("/readyz").await;
        assert_eq!(ready.status(), StatusCode::OK);
    }
);

/// Every route with a ticker or symbol in its path waits for the directory at start-up (the
/// chat did not: "Tell me about MSFT" on a fresh start answered as if MSFT did not exist).
/// Routes that never look a ticker up in the directory are listed with their reason.
#[test]
fn ticker_routes_wait_for_the_directory() {
    use api::{AppState, routes::admin::route_paths, startup::needs_directory};
    // Read from the stored record or the caller's own rows, never the directory.
    const EXEMPT: &[&str] = &[
        // Draws the symbol's stored record; an unknown symbol is a 404 with or without the
        // directory.
        "/api/newsletter-charts/{symbol}/{file}",
    ];
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let paths = runtime.block_on(async {
        let db = jobs::testing::TestDb::new(jobs::store::Backend::Sqlite).await;
        let settings =
            crate::helpers::test_settings(&db, std::path::PathBuf::from("/nonexistent-web-dist"));
        let state = AppState::new(db.store.clone(), settings).expect("app state");
        route_paths(&api::app(state))
    });
    let missed: Vec<&String> = paths
        .iter()
        .filter(|p| p.contains("{ticker}") || p.contains("{symbol}"))
        .filter(|p| !EXEMPT.contains(&p.as_str()) && !needs_directory(p))
        .collect();
    assert!(paths.len() > 20, "the route table was read: {paths:?}");
    assert!(
        missed.is_empty(),
        "ticker routes that do not wait: {missed:?}"
    );
}
