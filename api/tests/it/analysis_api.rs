//! The analysis calls end to end: the real router, a real worker, the real SEC snapshot.

use std::collections::HashSet;

use jobs::{sources::tickers::read_snapshot, store::apalis::JobFilter};
use serde_json::Value;

use crate::{
    accounts::support::{browser, register},
    api_test,
    helpers::{InProcessWorker, TestApp, market_data_dir, spawn_app},
};

const SESSION: &str = "5b7c0f8e-2f4d-4c2a-9d3e-0a1b2c3d4e5f";

async fn app_with_tickers(backend: jobs::store::Backend) -> TestApp {
    let app = spawn_app(backend).await;
    app.store
        .replace_tickers(&read_snapshot(&market_data_dir()).unwrap())
        .await
        .unwrap();
    app
}

async fn analyze(app: &TestApp, ticker: &str, session: &str) -> (u16, Value) {
    let response = app
        .client
        .get(app.url(&format!("/api/analyze-stock/{ticker}")))
        .header("x-session-id", session)
        .send()
        .await
        .unwrap();
    let status = response.status().as_u16();
    (status, response.json().await.unwrap_or(Value::Null))
}

async fn analyze_jobs(app: &TestApp) -> usize {
    app.store
        .list_jobs(&JobFilter {
            status: None,
            queue: Some("analyze".into()),
            limit: 100,
        })
        .await
        .unwrap()
        .len()
}

api_test!(a_fresh_analysis_then_the_stored_one, |backend| async move {
    let app = app_with_tickers(backend).await;
    let _worker = InProcessWorker::start(&app.store, "analyze");
    let (status, body) = analyze(&app, "aapl", SESSION).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["success"], true);
    let text = body["data"].as_str().unwrap();
    assert!(
        text.starts_with("Ticker: AAPL\nCompany: Apple Inc.\nIndustry: Electronic Computers\n"),
        "{text}"
    );
    assert!(
        text.contains("[Revenue and Revenue Growth %]") && text.contains("Q12,"),
        "{text}"
    );
    let record = &body["record"];
    assert_eq!(record["questions"].as_array().unwrap().len(), 12);
    let titles: Vec<&str> = record["questions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|q| q["title"].as_str().unwrap())
        .collect();
    assert_eq!(titles[0], "Revenue and Revenue Growth %");
    assert_eq!(titles[11], "Short Position");
    // The overall score follows the spec's formula over the answered questions.
    let scores: Vec<u64> = record["questions"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|q| q["score"].as_u64())
        .collect();
    let expected =
        (scores.iter().sum::<u64>() as f64 / (10.0 * scores.len() as f64) * 100.0).round() as u64;
    assert_eq!(record["score"].as_u64().unwrap(), expected);
    assert!(text.contains(&format!("Score: {expected}%")));
    // The progress of the job went through the spec's stages to the end.
    let job_id = body["jobId"].as_str().unwrap();
    let progress = app.store.progress(job_id).await.unwrap().unwrap();
    assert_eq!(
        (progress.stage.as_str(), progress.percent),
        ("Finalizing analysis", 100)
    );

    // Asked again: answered from the store, no second job.
    let (status, again) = analyze(&app, "AAPL", SESSION).await;
    assert_eq!(status, 200);
    assert!(again["jobId"].is_null());
    assert_eq!(again["record"], body["record"]);
    assert_eq!(analyze_jobs(&app).await, 1);

    let top: Vec<Value> = app.get("/api/top-stocks").await.json().await.unwrap();
    assert_eq!(top[0]["symbol"], "AAPL");
    assert_eq!(top[0]["companyName"], "Apple Inc.");
    assert_eq!(top[0]["score"], record["score"]);
    let forward: Value = app
        .get("/api/stock-chart-data/AAPL/forward_returns_data")
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(forward["success"], true);
    assert_eq!(
        forward["data"]["govt_bond_return"],
        record["forwardReturns"]["govtBondReturn"]
    );
});

api_test!(
    concurrent_requests_for_one_symbol_join_one_job,
    |backend| async move {
        let app = app_with_tickers(backend).await;
        let mut tasks = Vec::new();
        // Six visitors (one IP allows ten new anonymous analyses a day).
        for i in 0..6 {
            let client = app.client.clone();
            let url = app.url("/api/analyze-stock/NVDA?wait=0");
            tasks.push(tokio::spawn(async move {
                let session = format!("5b7c0f8e-2f4d-4c2a-9d3e-0a1b2c3d4e{i:02}");
                let response = client
                    .get(url)
                    .header("x-session-id", session)
                    .send()
                    .await
                    .unwrap();
                assert_eq!(response.status(), 202);
                let body: Value = response.json().await.unwrap();
                body["jobId"].as_str().unwrap().to_string()
            }));
        }
        let mut ids = HashSet::new();
        for task in tasks {
            ids.insert(task.await.unwrap());
        }
        assert_eq!(ids.len(), 1, "six visitors, one job");
        assert_eq!(analyze_jobs(&app).await, 1);
        let _worker = InProcessWorker::start(&app.store, "analyze");
        let (status, body) = analyze(&app, "NVDA", SESSION).await;
        assert_eq!(status, 200, "{body}");
    }
);

api_test!(unknown_and_unsupported_companies, |backend| async move {
    let app = app_with_tickers(backend).await;
    let _worker = InProcessWorker::start(&app.store, "analyze");
    let (status, body) = analyze(&app, "ZZZZZZ", SESSION).await;
    assert_eq!(status, 404);
    assert!(
        body["message"]
            .as_str()
            .unwrap()
            .contains("couldn't find a company with the ticker ZZZZZZ")
    );
    let (status, body) = analyze(&app, "TSM", SESSION).await;
    assert_eq!(status, 422, "{body}");
    assert_eq!(
        body["message"],
        "I can't score TSM yet: it reports under IFRS, not US GAAP. IFRS filers are coming; until then, try a US filer such as AAPL or MSFT."
    );
    // AAPI is in SEC's list, but the snapshot has no company facts for it.
    let (status, body) = analyze(&app, "AAPI", SESSION).await;
    assert_eq!(status, 422, "{body}");
    assert!(
        body["message"]
            .as_str()
            .unwrap()
            .starts_with("The SEC has no financial statements for AAPI"),
        "{body}"
    );
    // A preferred share is refused before anything runs.
    let (status, body) = analyze(&app, "JPM-PC", SESSION).await;
    assert_eq!(status, 422, "{body}");
    assert!(
        body["message"].as_str().unwrap().contains("Try JPM"),
        "{body}"
    );
    // Failed analyses are free: neither the typo nor TSM, AAPI or JPM-PC used a try.
    let session: Value = app
        .get(&format!("/api/anonymous/session/{SESSION}"))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(session["searchCount"], 0, "{session}");
    assert!(
        app.store
            .anonymous_symbols(SESSION)
            .await
            .unwrap()
            .is_empty()
    );
    let (status, _) = analyze(&app, "bad ticker!", SESSION).await;
    assert_eq!(status, 400);
});

api_test!(
    the_anonymous_trial_ends_after_three_stocks,
    |backend| async move {
        let app = app_with_tickers(backend).await;
        let _worker = InProcessWorker::start(&app.store, "analyze");
        for ticker in ["AAPL", "NVDA", "GOOGL", "AAPL"] {
            let (status, body) = analyze(&app, ticker, SESSION).await;
            assert_eq!(status, 200, "{ticker}: {body}");
        }
        let (status, body) = analyze(&app, "SNOW", SESSION).await;
        assert_eq!(status, 403);
        assert_eq!(
            body["message"],
            "You've used all your anonymous analyses. Please sign up to continue."
        );
        let response = app
            .client
            .get(app.url("/api/analyze-stock/AAPL"))
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 401, "no session id and not signed in");
        let body: Value = response.json().await.unwrap();
        assert_eq!(body["message"], "Please log in to analyze stocks");
    }
);

api_test!(batch_scores_need_a_signed_in_user, |backend| async move {
    let app = app_with_tickers(backend).await;
    let _worker = InProcessWorker::start(&app.store, "analyze");
    analyze(&app, "AAPL", SESSION).await;
    let response = app.get("/api/stocks/batch?symbols=AAPL,NVDA").await;
    assert_eq!(response.status(), 401);
    let user = browser();
    register(&app.address, &user, "compare@example.com").await;
    let batch: Value = user
        .get(app.url("/api/stocks/batch?symbols=aapl, ,NVDA"))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(batch["AAPL"]["scores"].as_array().unwrap().len(), 12);
    assert_eq!(batch["AAPL"]["companyName"], "Apple Inc.");
    assert!(
        batch.get("NVDA").is_none(),
        "not analysed yet, so not listed"
    );
    let trending: Vec<Value> = app
        .get("/api/trending?period=24h")
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(trending[0]["symbol"], "AAPL");
    assert_eq!(trending[0]["companyName"], "Apple Inc.");
    assert_eq!(trending[0]["views"], 1);
    assert_eq!(app.get("/api/trending?period=1y").await.status(), 400);
    let notes = app.get("/api/stock-analysis/AAPL").await;
    assert_eq!(notes.status(), 200, "no notes yet is not an error");
    assert_eq!(notes.json::<Value>().await.unwrap(), Value::Null);
});

api_test!(
    a_newer_filing_triggers_a_fresh_analysis,
    |backend| async move {
        use jobs::{queue::JobQueue, tasks::refresh_analyses::RefreshAnalyses};
        let app = app_with_tickers(backend).await;
        let _worker = InProcessWorker::start(&app.store, "analyze,refresh");
        let (status, _) = analyze(&app, "AAPL", SESSION).await;
        assert_eq!(status, 200);
        // Pretend the stored analysis predates Apple's latest 10-Q (filed in 2026).
        let stored = app.store.latest_analysis("AAPL").await.unwrap().unwrap();
        let long_ago = chrono::DateTime::parse_from_rfc3339("2024-01-02T00:00:00Z")
            .unwrap()
            .to_utc();
        app.store
            .save_analysis(&stored.record, &stored.text, long_ago)
            .await
            .unwrap();
        assert_eq!(analyze_jobs(&app).await, 1);

        let refresh = JobQueue::new(app.store.clone())
            .enqueue_once(&RefreshAnalyses { day: "test".into() })
            .await
            .unwrap();
        let started = std::time::Instant::now();
        loop {
            let fresh = app.store.latest_analysis("AAPL").await.unwrap().unwrap();
            if fresh.computed_at > long_ago {
                break;
            }
            assert!(
                started.elapsed().as_secs() < 30,
                "no fresh analysis after the filings check"
            );
            tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        }
        assert_eq!(analyze_jobs(&app).await, 2, "exactly one re-analysis");
        let job = app.store.job(&refresh.id).await.unwrap().unwrap();
        assert_eq!(job.status, jobs::store::apalis::JobStatus::Succeeded);
    }
);

api_test!(
    the_daily_cap_counts_one_per_new_stock_and_nothing_for_failures,
    |backend| async move {
        let app = app_with_tickers(backend).await;
        let user = browser();
        let account = register(&app.address, &user, "cap@example.com").await;
        let user_id = account["id"].as_i64().unwrap();
        // Ten parallel requests for one new stock (no worker yet: they all queue or join).
        let mut tasks = Vec::new();
        for _ in 0..10 {
            let client = user.clone();
            let url = app.url("/api/analyze-stock/NVDA?wait=0");
            tasks.push(tokio::spawn(async move {
                client.get(url).send().await.unwrap().status().as_u16()
            }));
        }
        for task in tasks {
            assert_eq!(task.await.unwrap(), 202);
        }
        let today = chrono::Utc::now();
        assert_eq!(
            app.store.analyses_today(user_id, today).await.unwrap(),
            1,
            "ten requests for one stock use one analysis"
        );
        // Failed analyses are free, also when asked for in parallel: an IFRS filer, a company
        // without SEC statements.
        let _worker = InProcessWorker::start(&app.store, "analyze");
        for ticker in ["TSM", "AAPI"] {
            let mut tasks = Vec::new();
            for _ in 0..5 {
                let client = user.clone();
                let url = app.url(&format!("/api/analyze-stock/{ticker}?wait=30"));
                tasks.push(tokio::spawn(async move {
                    client.get(url).send().await.unwrap().status().as_u16()
                }));
            }
            for task in tasks {
                assert_eq!(task.await.unwrap(), 422, "{ticker}");
            }
        }
        assert_eq!(app.store.analyses_today(user_id, today).await.unwrap(), 1);
        // A stock that does get analysed is counted once, whether shown now or later.
        let response = user
            .get(app.url("/api/analyze-stock/AAPL?wait=30"))
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 200);
        assert_eq!(app.store.analyses_today(user_id, today).await.unwrap(), 2);
    }
);
