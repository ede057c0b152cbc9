//! The admin's batch calls end to end: the real router, a real worker serving the `batch`
//! and `analyze` queues, the real SEC snapshot.

use std::time::{Duration, Instant};

use jobs::sources::tickers::read_snapshot;
use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::{
    accounts::support::{get, post, sign_in_admin},
    api_test,
    helpers::{InProcessWorker, TestApp, market_data_dir, spawn_app, spawn_app_with},
};

async fn admin_app(backend: jobs::store::Backend) -> TestApp {
    let app = spawn_app_with(backend, |s| s.metrics_token = Some(METRICS_TOKEN.into())).await;
    app.store
        .replace_tickers(&read_snapshot(&market_data_dir()).unwrap())
        .await
        .unwrap();
    sign_in_admin(&app.address, &app.store, &app.client).await;
    app
}

const METRICS_TOKEN: &str = "batch-metrics-token";

/// The `batch_*` lines of `/metrics`.
async fn batch_metrics(app: &TestApp) -> Vec<String> {
    let text = reqwest::Client::new()
        .get(app.url("/metrics"))
        .bearer_auth(METRICS_TOKEN)
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    text.lines()
        .filter(|l| l.starts_with("batch_"))
        .map(str::to_string)
        .collect()
}

async fn status(app: &TestApp) -> Value {
    let (code, body) = get(&app.client, &app.url("/api/admin/batch-job/status")).await;
    assert_eq!(code, StatusCode::OK, "{body}");
    body
}

/// Polls the status every 200 ms until `done` holds (at most a minute).
async fn wait_for(app: &TestApp, done: impl Fn(&Value) -> bool) -> Value {
    let started = Instant::now();
    loop {
        let body = status(app).await;
        if done(&body) {
            return body;
        }
        assert!(
            started.elapsed() < Duration::from_secs(60),
            "batch stuck: {body}"
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

api_test!(
    a_batch_runs_spaced_children_and_then_cools_down,
    |backend| async move {
        let app = admin_app(backend).await;
        let _worker = InProcessWorker::start(&app.store, "batch,analyze");
        let idle = status(&app).await;
        assert_eq!(idle["isRunning"], false);
        assert_eq!(idle["totalTickers"], 0);
        let (_, can) = get(&app.client, &app.url("/api/admin/batch-job/can-start")).await;
        assert_eq!(
            can,
            json!({"canStart": true, "reason": null, "waitTime": 0})
        );

        // TSM files IFRS statements only (the snapshot README): the product cannot score it.
        let (code, body) = post(
            &app.client,
            &app.url("/api/admin/batch-job/start"),
            json!({"symbols": ["aapl", "TSM", "MSFT", "AAPL"], "delaySeconds": 5}),
        )
        .await;
        assert_eq!(code, StatusCode::OK, "{body}");
        assert_eq!(body["message"], "Batch job started");
        assert_eq!(body["totalTickers"], 3, "duplicates dropped");
        let early = status(&app).await;
        assert_eq!(early["isRunning"], true);
        assert_eq!(early["totalTickers"], 3);
        // The third child is due 10 s after the start: it cannot have run yet.
        assert!(early["completedTickers"].as_u64().unwrap() < 3, "{early}");
        assert!(early["currentTicker"].is_string(), "{early}");
        let metrics = batch_metrics(&app).await;
        assert!(
            metrics.contains(&"batch_running 1".to_string()),
            "{metrics:?}"
        );
        assert!(
            metrics.contains(&"batch_tickers{state=\"total\"} 3".to_string()),
            "{metrics:?}"
        );

        // A second batch is refused while this one runs.
        let (code, body) = post(
            &app.client,
            &app.url("/api/admin/batch-job/start"),
            json!({"symbols": ["NVDA"], "delaySeconds": 30}),
        )
        .await;
        assert_eq!(code, StatusCode::CONFLICT, "{body}");
        assert_eq!(body["message"], "A batch job is already running.");

        let done = wait_for(&app, |s| s["isRunning"] == false).await;
        assert_eq!(done["state"], "completed", "{done}");
        assert_eq!(done["completedTickers"], 3);
        assert_eq!(done["currentTicker"], Value::Null);
        assert_eq!(
            batch_metrics(&app).await,
            [
                "batch_running 0",
                "batch_tickers{state=\"done\"} 3",
                "batch_tickers{state=\"total\"} 3"
            ]
        );
        assert!(done["completedAt"].is_string());
        let error = done["errorMessage"].as_str().unwrap();
        assert!(
            error.starts_with("1 of 3 stocks failed. TSM: I can't score TSM yet"),
            "{error}"
        );

        // The results: the two scored stocks, with the company names SEC's ticker list gives.
        let (_, results) = get(&app.client, &app.url("/api/admin/batch-job/results")).await;
        let rows = results.as_array().unwrap();
        let mut names: Vec<(&str, &str)> = rows
            .iter()
            .map(|r| {
                (
                    r["tickerSymbol"].as_str().unwrap(),
                    r["companyName"].as_str().unwrap(),
                )
            })
            .collect();
        names.sort();
        assert_eq!(names, [("AAPL", "Apple Inc."), ("MSFT", "Microsoft Corp")]);
        for row in rows {
            let stored = app
                .store
                .latest_analysis(row["tickerSymbol"].as_str().unwrap())
                .await
                .unwrap()
                .unwrap();
            assert_eq!(row["score"], u64::from(stored.record.score), "{row}");
            assert!(row["analysisDate"].is_string());
        }

        // The cool-down: a start right after the end is refused with the wait.
        let (_, can) = get(&app.client, &app.url("/api/admin/batch-job/can-start")).await;
        assert_eq!(can["canStart"], false);
        let wait = can["waitTime"].as_u64().unwrap();
        assert!((1..=120).contains(&wait), "{can}");
        assert_eq!(
            can["reason"],
            "Must wait 2 more minutes after previous job completion"
        );
        let (code, body) = post(
            &app.client,
            &app.url("/api/admin/batch-job/start"),
            json!({"symbols": ["NVDA"], "delaySeconds": 30}),
        )
        .await;
        assert_eq!(code, StatusCode::CONFLICT, "{body}");
        assert!(body["waitTime"].as_u64().unwrap() >= 1, "{body}");
        assert!(body["message"].as_str().unwrap().starts_with("Must wait "));
    }
);

api_test!(
    stop_cancels_the_children_not_started,
    |backend| async move {
        let app = admin_app(backend).await;
        let _worker = InProcessWorker::start(&app.store, "batch,analyze");
        let (code, body) = post(
            &app.client,
            &app.url("/api/admin/batch-job/start"),
            json!({"symbols": ["AAPL", "MSFT", "NVDA"], "delaySeconds": 300}),
        )
        .await;
        assert_eq!(code, StatusCode::OK, "{body}");
        let batch = body["batchId"].as_i64().unwrap();
        // The first child is due at once; the next only after 5 minutes.
        wait_for(&app, |s| s["completedTickers"] == 1).await;
        let (code, body) = post(
            &app.client,
            &app.url("/api/admin/batch-job/stop"),
            json!({}),
        )
        .await;
        assert_eq!(code, StatusCode::OK, "{body}");
        assert_eq!(body["message"], "Batch job stopped");
        let stopped = status(&app).await;
        assert_eq!(stopped["isRunning"], false);
        assert_eq!(stopped["state"], "stopped");
        assert_eq!(stopped["completedTickers"], 1);
        let children: Vec<String> = app
            .store
            .batch_children(batch)
            .await
            .unwrap()
            .into_iter()
            .map(|c| format!("{} {}", c.symbol, c.status))
            .collect();
        assert_eq!(
            children,
            ["AAPL completed", "MSFT cancelled", "NVDA cancelled"]
        );
        let (code, body) = post(
            &app.client,
            &app.url("/api/admin/batch-job/stop"),
            json!({}),
        )
        .await;
        assert_eq!(code, StatusCode::CONFLICT, "{body}");
        assert_eq!(body["message"], "No batch job is running.");
        // A stop ends the batch too: the cool-down applies.
        let (_, can) = get(&app.client, &app.url("/api/admin/batch-job/can-start")).await;
        assert_eq!(can["canStart"], false, "{can}");
    }
);

api_test!(start_checks_the_choice, |backend| async move {
    let app = admin_app(backend).await;
    let start = |body: Value| {
        let app = &app;
        async move { post(&app.client, &app.url("/api/admin/batch-job/start"), body).await }
    };
    let (code, body) = start(json!({"symbols": [], "delaySeconds": 30})).await;
    assert_eq!(code, StatusCode::BAD_REQUEST);
    assert_eq!(
        body["message"],
        "Please select at least one stock to analyze."
    );
    for delay in [0, 7, 305, 600] {
        let (code, body) = start(json!({"symbols": ["AAPL"], "delaySeconds": delay})).await;
        assert_eq!(code, StatusCode::BAD_REQUEST, "{delay}: {body}");
        assert_eq!(
            body["message"],
            "The delay must be 5 to 300 seconds in steps of 5."
        );
    }
    let (code, _) = start(json!({"symbols": ["AAPL; DROP"], "delaySeconds": 30})).await;
    assert_eq!(code, StatusCode::BAD_REQUEST);
    // Nothing was stored by the refusals.
    assert_eq!(app.store.latest_batch().await.unwrap(), None);

    // The analyzable stocks are the snapshot's companies with company facts (83 files).
    let (code, list) = get(&app.client, &app.url("/api/admin/analyzable-stocks")).await;
    assert_eq!(code, StatusCode::OK);
    let list: Vec<&str> = list
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_str().unwrap())
        .collect();
    for symbol in ["AAPL", "MSFT", "NVDA", "TSM", "WMT", "ZS"] {
        assert!(list.contains(&symbol), "{symbol} missing");
    }
    assert!(
        !list.contains(&"F"),
        "Ford has submissions but no company facts here"
    );
    assert!(list.windows(2).all(|w| w[0] < w[1]), "sorted");
});

api_test!(batch_calls_are_for_the_admin_only, |backend| async move {
    let app = spawn_app(backend).await;
    let (code, _) = get(&app.client, &app.url("/api/admin/batch-job/status")).await;
    assert_eq!(code, StatusCode::UNAUTHORIZED);
    crate::accounts::support::register(&app.address, &app.client, "joe@example.com").await;
    let (code, body) = post(
        &app.client,
        &app.url("/api/admin/batch-job/start"),
        json!({"symbols": ["AAPL"], "delaySeconds": 30}),
    )
    .await;
    assert_eq!(code, StatusCode::FORBIDDEN, "{body}");
    assert_eq!(app.store.latest_batch().await.unwrap(), None);
});
