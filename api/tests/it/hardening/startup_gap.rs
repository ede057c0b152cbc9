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
