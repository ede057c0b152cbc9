//! The newsletter calls end to end: the real router, a real worker serving the `newsletter`
//! and `analyze` queues, the real SEC snapshot. Templates and the stock list, the spec's
//! validation messages, a newsletter written within the wait (and its charts served with
//! caching headers), a slow one answered 202 and fetched later, a failure, and the admin check.

use std::time::{Duration, Instant};

use jobs::{newsletter::llm::invented_numbers, sources::tickers::read_snapshot};
use reqwest::{StatusCode, header};
use serde_json::{Value, json};

use crate::{
    accounts::support::{browser, get, message, post, register, sign_in_admin},
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

fn body(stocks: Value, prompt: &str, custom: bool) -> Value {
    json!({"stocks": stocks, "prompt": prompt, "isCustomPrompt": custom,
           "settings": {"length": "short", "readerLevel": "beginner", "analystAttitude": "roast",
                        "format": "sections", "includeCharts": true}})
}

/// The path of an absolute chart URL, on this app.
fn on_app(app: &TestApp, url: &str) -> String {
    let path = &url[url.find("/api/").expect("an API path")..];
    app.url(path)
}

api_test!(templates_and_the_stock_list, |backend| async move {
    let app = admin_app(backend).await;
    let (status, templates) = get(&app.client, &app.url("/api/admin/newsletter-templates")).await;
    assert_eq!(status, StatusCode::OK);
    let ids: Vec<&str> = templates
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["id"].as_str().unwrap())
        .collect();
    assert!(
        ids.contains(&"weekly-roundup") && ids.len() >= 5,
        "{templates}"
    );
    assert!(
        templates[0]["title"]
            .as_str()
            .is_some_and(|t| !t.is_empty())
    );
    let (_, stocks) = get(&app.client, &app.url("/api/admin/stocks")).await;
    assert_eq!(stocks, json!([]), "nothing analysed yet");
    let _worker = InProcessWorker::start(&app.store, "analyze");
    for symbol in ["AAPL", "JPM"] {
        let (status, _) = get(
            &app.client,
            &app.url(&format!("/api/analyze-stock/{symbol}")),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{symbol} analysed");
    }
    let (_, stocks) = get(&app.client, &app.url("/api/admin/stocks")).await;
    let scores: Vec<i64> = stocks
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["score"].as_i64().unwrap())
        .collect();
    assert_eq!(scores.len(), 2, "{stocks}");
    assert!(scores[0] >= scores[1], "best first: {stocks}");
    let aapl = stocks
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["symbol"] == "AAPL")
        .unwrap();
    assert_eq!(aapl["companyName"], "Apple Inc.");
});

api_test!(bad_requests_get_the_spec_messages, |backend| async move {
    let app = admin_app(backend).await;
    let url = app.url("/api/admin/generate-newsletter");
    let (status, reply) = post(&app.client, &url, body(json!([]), "weekly-roundup", false)).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        message(&reply),
        "Please select at least one stock to analyze"
    );
    let (status, reply) = post(&app.client, &url, body(json!(["AAPL"]), "   ", true)).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        message(&reply),
        "Please choose a template or write a custom prompt"
    );
    let (status, reply) = post(
        &app.client,
        &url,
        body(json!(["AAPL"]), "no-such-template", false),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(message(&reply).ends_with("Please choose a template or write a custom prompt"));
    let (status, _) = post(
        &app.client,
        &url,
        json!({"stocks": ["AAPL"], "prompt": "x", "settings": {"length": "epic"}}),
    )
    .await;
    assert_eq!(
        status,
        StatusCode::BAD_REQUEST,
        "an unknown length is refused"
    );
});

api_test!(
    a_newsletter_is_written_from_the_records_with_its_charts,
    |backend| async move {
        let app = admin_app(backend).await;
        let _worker = InProcessWorker::start(&app.store, "newsletter,analyze");
        let started = Instant::now();
        // Neither stock is analysed yet: the job analyses them first.
        let (status, piece) = post(
            &app.client,
            &app.url("/api/admin/generate-newsletter?wait=60"),
            body(
                json!([{"symbol": "AAPL", "companyName": "Apple Inc.", "score": 1}, "msft"]),
                "red-flags",
                false,
            ),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{piece}");
        eprintln!(
            "newsletter of 2 stocks (analyses included) in {:?}",
            started.elapsed()
        );
        let content = piece["content"].as_str().unwrap();
        let title = piece["title"].as_str().unwrap();
        assert!(
            title.starts_with("Red Flags and Leaky Roofs: AAPL, MSFT"),
            "{title}"
        );
        assert!(content.starts_with(&format!("# {title}")));
        assert!(content.contains("## Apple Inc. (AAPL):") && content.contains("(MSFT):"));
        assert!(content.contains("What the heck is this?"), "beginner level");
        assert_eq!(piece["writer"], "offline");
        let records = [
            app.store.latest_analysis("AAPL").await.unwrap().unwrap(),
            app.store.latest_analysis("MSFT").await.unwrap().unwrap(),
        ];
        let plain: Vec<_> = records.iter().map(|s| s.record.clone()).collect();
        assert!(invented_numbers(content, &plain).is_empty());
        assert!(content.contains(&format!("(AAPL): {} out of 100", records[0].record.score)));

        let charts: Vec<&str> = piece["chartUrls"]
            .as_array()
            .unwrap()
            .iter()
            .map(|u| u.as_str().unwrap())
            .collect();
        let version = records[0].computed_at.timestamp();
        let scores_url =
            format!("http://localhost:8080/api/newsletter-charts/AAPL/scores.svg?v={version}");
        assert!(charts.contains(&scores_url.as_str()), "{charts:?}");
        assert!(content.contains(&format!("![AAPL question scores]({scores_url})")));
        for url in &charts {
            let response = browser().get(on_app(&app, url)).send().await.unwrap();
            assert_eq!(response.status(), StatusCode::OK, "{url}");
            assert_eq!(response.headers()[header::CONTENT_TYPE], "image/svg+xml");
            assert_eq!(
                response.headers()[header::CACHE_CONTROL],
                "public, max-age=31536000, immutable"
            );
            assert!(response.text().await.unwrap().starts_with("<svg"));
        }
        // Caching: the tag answers 304; without the version the latest chart, briefly cached.
        let scores = on_app(&app, &scores_url);
        let first = browser().get(&scores).send().await.unwrap();
        let etag = first.headers()[header::ETAG].clone();
        let again = browser()
            .get(&scores)
            .header(header::IF_NONE_MATCH, etag)
            .send()
            .await
            .unwrap();
        assert_eq!(again.status(), StatusCode::NOT_MODIFIED);
        let unversioned = browser()
            .get(app.url("/api/newsletter-charts/AAPL/scores.svg"))
            .send()
            .await
            .unwrap();
        assert_eq!(
            unversioned.headers()[header::CACHE_CONTROL],
            "public, max-age=300"
        );
        for missing in [
            "/api/newsletter-charts/AAPL/pie.svg",
            "/api/newsletter-charts/ZZZZ/scores.svg",
            "/api/newsletter-charts/AAPL/scores.png",
        ] {
            let response = browser().get(app.url(missing)).send().await.unwrap();
            assert_eq!(response.status(), StatusCode::NOT_FOUND, "{missing}");
        }

        // Charts off: no links. A stock that cannot be analysed is left out, and said so; so
        // is a preferred share (never featured, by the rule of `jobs::securities`).
        let mut no_charts = body(
            json!(["AAPL", "ZZZZ", "JPM-PC"]),
            "How much debt do they have?",
            true,
        );
        no_charts["settings"]["includeCharts"] = json!(false);
        let (status, piece) = post(
            &app.client,
            &app.url("/api/admin/generate-newsletter?wait=60"),
            no_charts,
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{piece}");
        assert_eq!(piece["chartUrls"], json!([]));
        assert!(!piece["content"].as_str().unwrap().contains("!["));
        assert!(
            piece["notice"].as_str().unwrap().contains("ZZZZ"),
            "{piece}"
        );
        assert!(
            piece["notice"]
                .as_str()
                .unwrap()
                .contains("JPM-PC is a preferred share"),
            "{piece}"
        );
        assert!(!piece["content"].as_str().unwrap().contains("JPM-PC"));
    }
);

api_test!(
    a_slow_newsletter_answers_202_and_is_fetched_when_done,
    |backend| async move {
        let app = admin_app(backend).await;
        let url = app.url("/api/admin/generate-newsletter?wait=0");
        let request = body(json!(["AAPL"]), "weekly-roundup", false);
        let (status, queued) = post(&app.client, &url, request.clone()).await;
        assert_eq!(status, StatusCode::ACCEPTED, "no worker yet: {queued}");
        let job = queued["jobId"].as_str().unwrap().to_string();
        // The same request while it waits joins the same job.
        let (_, again) = post(&app.client, &url, request).await;
        assert_eq!(again["jobId"], job.as_str());
        let result = app.url(&format!("/api/admin/newsletters/{job}"));
        assert_eq!(get(&app.client, &result).await.0, StatusCode::ACCEPTED);
        let _worker = InProcessWorker::start(&app.store, "newsletter,analyze");
        let started = Instant::now();
        let piece = loop {
            let (status, piece) = get(&app.client, &result).await;
            if status == StatusCode::OK {
                break piece;
            }
            assert_eq!(status, StatusCode::ACCEPTED, "{piece}");
            assert!(
                started.elapsed() < Duration::from_secs(60),
                "never finished"
            );
            tokio::time::sleep(Duration::from_millis(200)).await;
        };
        assert!(
            piece["title"]
                .as_str()
                .unwrap()
                .starts_with("Weekly Porch Round-Up")
        );
        assert_eq!(piece["jobId"], job.as_str());
        // The job's progress is real and ends at 100.
        let (_, job_out) = get(&app.client, &app.url(&format!("/api/jobs/{job}"))).await;
        assert_eq!(job_out["queue"], "newsletter");
        assert_eq!(job_out["progress"]["percent"], 100);
        let (status, _) = get(&app.client, &app.url("/api/admin/newsletters/nope")).await;
        assert_eq!(status, StatusCode::NOT_FOUND);
    }
);

api_test!(
    a_newsletter_with_no_usable_stock_fails_with_the_reason,
    |backend| async move {
        let app = admin_app(backend).await;
        let _worker = InProcessWorker::start(&app.store, "newsletter,analyze");
        let (status, reply) = post(
            &app.client,
            &app.url("/api/admin/generate-newsletter?wait=60"),
            body(json!(["ZZZZ"]), "weekly-roundup", false),
        )
        .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{reply}");
        let text = message(&reply);
        assert!(
            text.starts_with("Failed to generate newsletter") && text.contains("ZZZZ"),
            "{text}"
        );
    }
);

api_test!(
    only_the_admin_generates_but_anyone_sees_the_charts,
    |backend| async move {
        let app = spawn_app(backend).await;
        let member = browser();
        register(&app.address, &member, "member@example.com").await;
        let anonymous = browser();
        for path in [
            "/api/admin/newsletter-templates",
            "/api/admin/stocks",
            "/api/admin/newsletters/1",
        ] {
            assert_eq!(
                get(&anonymous, &app.url(path)).await.0,
                StatusCode::UNAUTHORIZED,
                "{path}"
            );
            assert_eq!(
                get(&member, &app.url(path)).await.0,
                StatusCode::FORBIDDEN,
                "{path}"
            );
        }
        let generate = app.url("/api/admin/generate-newsletter");
        let request = body(json!(["AAPL"]), "weekly-roundup", false);
        assert_eq!(
            post(&anonymous, &generate, request.clone()).await.0,
            StatusCode::UNAUTHORIZED
        );
        assert_eq!(
            post(&member, &generate, request).await.0,
            StatusCode::FORBIDDEN
        );
        // The chart route is public: a reader of the newsletter is not signed in.
        let (status, reply) = get(
            &anonymous,
            &app.url("/api/newsletter-charts/AAPL/scores.svg"),
        )
        .await;
        assert_eq!(
            status,
            StatusCode::NOT_FOUND,
            "not analysed yet, but not refused: {reply}"
        );
    }
);
