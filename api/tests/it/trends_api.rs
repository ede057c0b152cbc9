//! The trends calls end to end: the real router, a real worker serving the `analyze` and
//! `analyze-quarter` queues, the real SEC snapshot. A past quarter is backfilled through the
//! admin's call, the latest analysis through the stock page's call; then the changes, the
//! movers, the history and the explanation are read back over HTTP.

use std::time::{Duration, Instant};

use chrono::Utc;
use jobs::{sources::tickers::read_snapshot, trends::Quarter};
use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::{
    accounts::support::{browser, get, message, post, sign_in_admin},
    api_test,
    helpers::{InProcessWorker, TestApp, market_data_dir, spawn_app},
};

async fn admin_app(backend: jobs::store::Backend) -> TestApp {
    let app = spawn_app(backend).await;
    app.store
        .replace_tickers(&read_snapshot(&market_data_dir()).unwrap())
        .await
        .unwrap();
    sign_in_admin(&app.address, &app.store, &app.client).await;
    app
}

/// Waits (at most a minute) for job `id` to end; its final status body.
async fn finished(app: &TestApp, id: &str) -> Value {
    let started = Instant::now();
    loop {
        let (_, job) = get(&app.client, &app.url(&format!("/api/jobs/{id}"))).await;
        if matches!(job["status"].as_str(), Some("succeeded" | "failed")) {
            return job;
        }
        assert!(
            started.elapsed() < Duration::from_secs(60),
            "job stuck: {job}"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

api_test!(
    a_backfilled_quarter_and_todays_analysis_explain_the_change,
    |backend| async move {
        let app = admin_app(backend).await;
        let _worker = InProcessWorker::start(&app.store, "analyze,analyze-quarter");
        let backfill = app.url("/api/admin/trends/analyze-quarter");
        let (status, queued) = post(
            &app.client,
            &backfill,
            json!({"symbol": "googl", "quarter": "2026-Q2"}),
        )
        .await;
        assert_eq!(status, StatusCode::ACCEPTED, "{queued}");
        assert_eq!(
            (queued["symbol"].as_str(), queued["quarter"].as_str()),
            (Some("GOOGL"), Some("2026-Q2"))
        );
        let job = finished(&app, queued["jobId"].as_str().unwrap()).await;
        assert_eq!(job["status"], "succeeded", "{job}");
        // Today's analysis, the way the stock page asks for it.
        let (status, analysis) = get(&app.client, &app.url("/api/analyze-stock/GOOGL")).await;
        assert_eq!(status, StatusCode::OK, "{analysis}");
        let today = Quarter::of(Utc::now().date_naive()).key();

        let (status, changes) =
            get(&app.client, &app.url("/api/admin/trends/quarterly-changes")).await;
        assert_eq!(status, StatusCode::OK);
        let googl = &changes[0];
        assert_eq!(googl["tickerSymbol"], "GOOGL");
        assert_eq!(googl["previousQuarter"], "2026-Q2");
        assert_eq!(googl["currentQuarter"], today.as_str());
        assert_eq!(googl["currentQuarterScore"], analysis["record"]["score"]);
        assert_eq!(googl["provisional"], false);
        assert_eq!(googl["questionChanges"][0]["name"], "Future return vs bond");
        for key in [
            "companyName",
            "industry",
            "sector",
            "previousQuarterScore",
            "scoreChange",
        ] {
            assert!(googl.get(key).is_some(), "{key} in {googl}");
        }

        let (_, history) = get(
            &app.client,
            &app.url("/api/admin/trends/stock-history/googl"),
        )
        .await;
        let quarters: Vec<&str> = history
            .as_array()
            .unwrap()
            .iter()
            .map(|h| h["quarter"].as_str().unwrap())
            .collect();
        assert_eq!(quarters, [today.as_str(), "2026-Q2"]);
        assert_eq!(
            history[0]["company_name"],
            analysis["record"]["companyName"]
        );
        assert!(history[0]["analysis_date"].is_string() && history[0]["industry"].is_string());

        // The admin's explanation and the stock page's "since last quarter" agree.
        let (status, explained) =
            get(&app.client, &app.url("/api/admin/trends/explain/GOOGL")).await;
        assert_eq!(status, StatusCode::OK, "{explained}");
        // Alphabet's 10-Q to 30 June 2026 moved the future-return question most (5 -> 9).
        let moved = &explained["questions"][0];
        assert_eq!(
            (
                moved["number"].as_u64(),
                moved["previous"].as_u64(),
                moved["current"].as_u64()
            ),
            (Some(8), Some(5), Some(9))
        );
        assert_eq!(moved["filing"]["form"], "10-Q");
        assert_eq!(moved["filing"]["filed"], "2026-07-23");
        let stored: Vec<serde_json::Value> = analysis["record"]["questions"][7]["provenance"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p["value"].clone())
            .collect();
        for figure in moved["figures"].as_array().unwrap() {
            if !figure["current"].is_null() {
                assert!(
                    stored.contains(&figure["current"]["value"]),
                    "the figure is the record's: {figure}"
                );
            }
        }
        let public = browser();
        let (status, since) = get(&public, &app.url("/api/stocks/GOOGL/since-last-quarter")).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(since["change"], explained);
        let (_, none) = get(&public, &app.url("/api/stocks/AAPL/since-last-quarter")).await;
        assert_eq!(none, json!({"change": null}));
        let (status, _) = get(&app.client, &app.url("/api/admin/trends/explain/AAPL")).await;
        assert_eq!(status, StatusCode::NOT_FOUND);

        // Only GOOGL has two quarters: it is in the list its change points to, and only there.
        for list in ["most-improved", "most-declined"] {
            let (status, movers) = get(
                &app.client,
                &app.url(&format!("/api/admin/trends/{list}?limit=5")),
            )
            .await;
            assert_eq!(status, StatusCode::OK);
            let moved = googl["scoreChange"].as_i64().unwrap();
            let expected =
                (list == "most-improved" && moved > 0) || (list == "most-declined" && moved < 0);
            assert_eq!(
                movers.as_array().unwrap().len(),
                usize::from(expected),
                "{list}: {movers}"
            );
        }
    }
);

api_test!(
    a_backfill_needs_a_known_symbol_and_a_past_quarter,
    |backend| async move {
        let app = admin_app(backend).await;
        let url = app.url("/api/admin/trends/analyze-quarter");
        let (status, body) = post(
            &app.client,
            &url,
            json!({"symbol": "AAPL", "quarter": "2026-Q5"}),
        )
        .await;
        assert_eq!(status, StatusCode::BAD_REQUEST);
        assert_eq!(message(&body), "'2026-Q5' is not a quarter like 2026-Q2");
        let current = Quarter::of(Utc::now().date_naive()).key();
        let (status, body) = post(
            &app.client,
            &url,
            json!({"symbol": "AAPL", "quarter": current}),
        )
        .await;
        assert_eq!(status, StatusCode::BAD_REQUEST);
        assert!(message(&body).contains("is not a past quarter"), "{body}");
        let (status, body) = post(
            &app.client,
            &url,
            json!({"symbol": "ZZZZZ", "quarter": "2025-Q4"}),
        )
        .await;
        assert_eq!(status, StatusCode::NOT_FOUND);
        assert_eq!(message(&body), "ZZZZZ is not in the SEC's ticker list.");
        let (status, _) = post(&app.client, &url, json!({"quarter": "2025-Q4"})).await;
        assert_eq!(status, StatusCode::BAD_REQUEST);
        // Two requests for one quarter join one job.
        let (_, first) = post(
            &app.client,
            &url,
            json!({"symbol": "AAPL", "quarter": "2025-Q4"}),
        )
        .await;
        let (_, second) = post(
            &app.client,
            &url,
            json!({"symbol": "AAPL", "quarter": "2025-q4"}),
        )
        .await;
        assert_eq!(first["jobId"], second["jobId"]);
        assert_eq!(second["joined"], true);
        let (_, history) = get(
            &app.client,
            &app.url("/api/admin/trends/stock-history/AAPL"),
        )
        .await;
        assert_eq!(history, json!([]));
    }
);
