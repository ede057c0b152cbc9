//! The analysis gate (`api::usage_gate::check_analysis`) through a route that calls it exactly as
//! the analysis route will: the trial, the daily cap, their boundaries, and the views.

use chrono::{Duration, Utc};
use jobs::accounts::messages;
use reqwest::{Client, StatusCode};
use serde_json::Value;

use super::support::{GateApp, browser, message, read, register, spawn_gate_app};
use crate::api_test;

async fn analyze(
    app: &GateApp,
    client: &Client,
    ticker: &str,
    session: Option<&str>,
) -> (StatusCode, Value) {
    let mut request = client.get(format!("{}/test/analyze/{ticker}", app.address));
    if let Some(id) = session {
        request = request.header("x-session-id", id);
    }
    read(request.send().await.unwrap()).await
}

api_test!(
    anonymous_needs_a_session_then_gets_three,
    |backend| async move {
        let app = spawn_gate_app(backend, |_| {}).await;
        let client = browser();
        let (status, body) = analyze(&app, &client, "AAPL", None).await;
        assert_eq!(
            (status, message(&body)),
            (StatusCode::UNAUTHORIZED, "Please log in to analyze stocks")
        );
        let (status, body) = analyze(&app, &client, "AAPL", Some("  ")).await;
        assert_eq!(status, StatusCode::UNAUTHORIZED, "{body}");
        let (status, body) = analyze(&app, &client, "AAPL", Some("bad id!")).await;
        assert_eq!(
            (status, message(&body)),
            (StatusCode::BAD_REQUEST, messages::SESSION_ID_INVALID)
        );

        for (i, ticker) in ["AAPL", "MSFT", "GOOG"].into_iter().enumerate() {
            let (status, body) = analyze(&app, &client, ticker, Some("anon-1")).await;
            assert_eq!(status, StatusCode::OK, "{body}");
            assert_eq!(body["used"], i as i64 + 1);
            assert_eq!(body["limit"], 3);
        }
        let (status, body) = analyze(&app, &client, "aapl", Some("anon-1")).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(body["counted"], false, "reopening AAPL is free");
        let (status, body) = analyze(&app, &client, "TSLA", Some("anon-1")).await;
        assert_eq!(status, StatusCode::FORBIDDEN);
        assert_eq!(
            message(&body),
            "You've used all your anonymous analyses. Please sign up to continue."
        );
        let (status, body) = analyze(&app, &client, "TOO-LONG-TICKER", Some("anon-2")).await;
        assert_eq!(
            (status, message(&body)),
            (StatusCode::BAD_REQUEST, messages::SYMBOL_INVALID)
        );

        // Anonymous views are counted for trending, once per session and stock
        // (reopening a stock does not push it up).
        let views = app
            .store
            .most_viewed(Utc::now() - Duration::hours(1), 10)
            .await
            .unwrap();
        let aapl = views.iter().find(|v| v.symbol == "AAPL").unwrap();
        assert_eq!(aapl.views, 1);
    }
);

api_test!(signed_in_users_get_25_a_day, |backend| async move {
    let app = spawn_gate_app(backend, |_| {}).await;
    let client = browser();
    let user = register(&app.address, &client, "daily@example.com").await;
    let user_id = user["id"].as_i64().unwrap();
    for i in 1..=25 {
        let (status, body) = analyze(&app, &client, &format!("T{i}"), None).await;
        assert_eq!(status, StatusCode::OK, "analysis {i}: {body}");
        assert_eq!(body["used"], i);
        assert_eq!(body["limit"], 25);
    }
    let (status, body) = analyze(&app, &client, "T26", Some("anon-ignored")).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(
        message(&body),
        "You've reached your daily limit of 25 stock analyses. Please try again tomorrow."
    );
    let (status, body) = analyze(&app, &client, "T7", None).await;
    assert_eq!(
        status,
        StatusCode::OK,
        "today's stocks can still be reopened: {body}"
    );
    assert_eq!(body["counted"], false);
    assert_eq!(
        app.store.analyses_today(user_id, Utc::now()).await.unwrap(),
        25
    );
    // Tomorrow (UTC) the count starts again: the stored day is what decides.
    let tomorrow = Utc::now() + Duration::days(1);
    assert!(
        app.store
            .record_user_analysis(user_id, "T26", 25, tomorrow)
            .await
            .unwrap()
            .allowed()
    );
    // Each newly counted stock is a view of that user; the refused call and the reopening
    // of T7 are not (a view counts once per viewer, stock and day).
    let views = app
        .store
        .most_viewed(Utc::now() - Duration::hours(1), 100)
        .await
        .unwrap();
    assert_eq!(views.iter().map(|v| v.views).sum::<i64>(), 26);
    assert!(views.iter().all(|v| v.symbol != "T26" || v.views == 1));

    // Signed out again, the same browser is anonymous and needs a session id.
    client
        .post(format!("{}/api/logout", app.address))
        .json(&serde_json::json!({}))
        .send()
        .await
        .unwrap();
    let (status, _) = analyze(&app, &client, "T1", None).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
});

api_test!(the_gate_holds_under_concurrency, |backend| async move {
    let app = spawn_gate_app(backend, |_| {}).await;
    let client = browser();
    register(&app.address, &client, "rush@example.com").await;
    for i in 0..20 {
        assert_eq!(
            analyze(&app, &client, &format!("W{i}"), None).await.0,
            StatusCode::OK
        );
    }
    let app = std::sync::Arc::new(app);
    let tasks: Vec<_> = (0..15)
        .map(|i| {
            let (app, client) = (app.clone(), client.clone());
            tokio::spawn(async move { analyze(&app, &client, &format!("X{i}"), None).await.0 })
        })
        .collect();
    let mut ok = 0;
    for task in tasks {
        match task.await.unwrap() {
            StatusCode::OK => ok += 1,
            StatusCode::TOO_MANY_REQUESTS => {}
            other => panic!("{other}"),
        }
    }
    assert_eq!(ok, 5, "exactly the 5 left of 25");
    let _ = &app.state;
});
