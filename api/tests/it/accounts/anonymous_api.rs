//! The anonymous trial: the session endpoint and `POST /api/anonymous/search`.

use jobs::accounts::messages;
use reqwest::StatusCode;
use serde_json::{Value, json};

use super::support::{browser, get, message, post};
use crate::{
    api_test,
    helpers::{TestApp, market_data_dir, spawn_app_with},
};

/// The app with SEC's real ticker directory loaded: the trial only counts real companies.
async fn spawn_with_tickers(
    backend: jobs::store::Backend,
    tweak: impl FnOnce(&mut api::Settings),
) -> TestApp {
    let app = spawn_app_with(backend, tweak).await;
    app.store
        .replace_tickers(&jobs::sources::tickers::read_snapshot(&market_data_dir()).unwrap())
        .await
        .unwrap();
    app
}

async fn search(app: &TestApp, ip: &str, session_id: &str, symbol: &str) -> (StatusCode, Value) {
    let response = browser()
        .post(app.url("/api/anonymous/search"))
        .header("x-forwarded-for", ip)
        .json(&json!({ "sessionId": session_id, "symbol": symbol }))
        .send()
        .await
        .unwrap();
    crate::accounts::support::read(response).await
}

api_test!(three_distinct_symbols_then_sign_up, |backend| async move {
    let app = spawn_with_tickers(backend, |s| s.accounts.trust_proxy = 1).await;
    let (status, fresh) = get(
        &browser(),
        &app.url("/api/anonymous/session/anon_1700000000_abc"),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        fresh,
        json!({ "sessionId": "anon_1700000000_abc", "exists": false, "searchCount": 0, "remainingSearches": 3, "requiresSignup": false })
    );

    let ip = "198.51.100.20";
    let (status, s) = search(&app, ip, "anon_1700000000_abc", "aapl").await;
    assert_eq!(status, StatusCode::OK, "{s}");
    assert_eq!(
        (
            s["exists"].clone(),
            s["searchCount"].clone(),
            s["remainingSearches"].clone()
        ),
        (json!(true), json!(1), json!(2))
    );
    let (_, s) = search(&app, ip, "anon_1700000000_abc", "AAPL").await;
    assert_eq!(s["searchCount"], 1, "reopening a stock does not burn a try");
    search(&app, ip, "anon_1700000000_abc", "MSFT").await;
    let (status, s) = search(&app, ip, "anon_1700000000_abc", "TSLA").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        (
            s["searchCount"].clone(),
            s["remainingSearches"].clone(),
            s["requiresSignup"].clone()
        ),
        (json!(3), json!(0), json!(true))
    );

    let (status, body) = search(&app, ip, "anon_1700000000_abc", "NVDA").await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert_eq!(
        message(&body),
        "You've used all your anonymous analyses. Please sign up to continue."
    );
    let (status, _) = search(&app, ip, "anon_1700000000_abc", "MSFT").await;
    assert_eq!(
        status,
        StatusCode::OK,
        "an analysed stock can still be reopened"
    );
    let (_, after) = get(
        &browser(),
        &app.url("/api/anonymous/session/anon_1700000000_abc"),
    )
    .await;
    assert_eq!(after["searchCount"], 3);
    assert_eq!(after["requiresSignup"], true);
    assert_eq!(
        app.store
            .anonymous_symbols("anon_1700000000_abc")
            .await
            .unwrap(),
        ["AAPL", "MSFT", "TSLA"]
    );
});

api_test!(
    rotating_session_ids_hits_the_ip_ceiling,
    |backend| async move {
        let app = spawn_with_tickers(backend, |s| s.accounts.trust_proxy = 1).await;
        let ip = "198.51.100.30";
        let mut used = 0;
        'outer: for session in 0..10 {
            for symbol in ["AAPL", "MSFT", "NVDA"] {
                if used == 10 {
                    break 'outer;
                }
                let (status, body) = search(&app, ip, &format!("rotating-{session}"), symbol).await;
                assert_eq!(
                    status,
                    StatusCode::OK,
                    "analysis {} should pass: {body}",
                    used + 1
                );
                used += 1;
            }
        }
        let (status, body) = search(&app, ip, "rotating-brand-new", "TSLA").await;
        assert_eq!(
            status,
            StatusCode::FORBIDDEN,
            "the 11th new analysis from one address in a day"
        );
        assert_eq!(message(&body), messages::ANONYMOUS_TRIAL_USED);
        let (_, fresh) = get(
            &browser(),
            &app.url("/api/anonymous/session/rotating-brand-new"),
        )
        .await;
        assert_eq!(fresh["exists"], false, "a refusal stores nothing");
        let (status, _) = search(&app, "198.51.100.31", "rotating-brand-new", "TSLA").await;
        assert_eq!(status, StatusCode::OK, "another address is not affected");
        let (status, _) = search(&app, ip, "rotating-0", "AAPL").await;
        assert_eq!(
            status,
            StatusCode::OK,
            "reopening is free even at the ceiling"
        );
    }
);

api_test!(anonymous_input_is_checked, |backend| async move {
    let app = spawn_with_tickers(backend, |s| s.accounts.anon_ip_daily_limit = 2).await;
    let client = browser();
    let url = app.url("/api/anonymous/search");
    let cases = [
        (json!({ "symbol": "AAPL" }), messages::SESSION_ID_REQUIRED),
        (
            json!({ "sessionId": "", "symbol": "AAPL" }),
            messages::SESSION_ID_REQUIRED,
        ),
        (
            json!({ "sessionId": "x' OR '1'='1", "symbol": "AAPL" }),
            messages::SESSION_ID_INVALID,
        ),
        (json!({ "sessionId": "ok-id" }), messages::SYMBOL_REQUIRED),
        (
            json!({ "sessionId": "ok-id", "symbol": "AAPL'; DROP TABLE users;--" }),
            messages::SYMBOL_INVALID,
        ),
    ];
    for (body, expected) in cases {
        let (status, answer) = post(&client, &url, body.clone()).await;
        assert_eq!(
            (status, message(&answer)),
            (StatusCode::BAD_REQUEST, expected),
            "{body}"
        );
    }
    let (status, body) = get(&client, &app.url("/api/anonymous/session/bad%20id%3B")).await;
    assert_eq!(
        (status, message(&body)),
        (StatusCode::BAD_REQUEST, messages::SESSION_ID_INVALID)
    );
    assert!(
        app.store
            .anonymous_session("ok-id")
            .await
            .unwrap()
            .is_none()
    );
    // The ceiling is configurable (ANON_IP_DAILY_LIMIT).
    assert_eq!(
        post(&client, &url, json!({ "sessionId": "s1", "symbol": "A" }))
            .await
            .0,
        StatusCode::OK
    );
    assert_eq!(
        post(&client, &url, json!({ "sessionId": "s2", "symbol": "A" }))
            .await
            .0,
        StatusCode::OK
    );
    assert_eq!(
        post(&client, &url, json!({ "sessionId": "s3", "symbol": "A" }))
            .await
            .0,
        StatusCode::FORBIDDEN
    );
});

api_test!(
    unknown_symbols_and_other_securities_use_no_try,
    |backend| async move {
        let app = spawn_with_tickers(backend, |s| s.accounts.trust_proxy = 1).await;
        let ip = "198.51.100.40";
        let (status, body) = search(&app, ip, "anon-unknown", "ZZZZZZ").await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{body}");
        assert!(
            message(&body).contains("couldn't find a company with the ticker ZZZZZZ"),
            "{body}"
        );
        // A JPMorgan preferred share is in SEC's list (JPM-PC), but it is not common stock.
        let (status, body) = search(&app, ip, "anon-unknown", "JPM-PC").await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
        assert_eq!(
            message(&body),
            "JPM-PC is a preferred share of Jpmorgan Chase & Co, not its common stock, and Bubba only scores common stock. Try JPM, the company's common stock."
        );
        let (_, session) = get(&browser(), &app.url("/api/anonymous/session/anon-unknown")).await;
        assert_eq!(
            (session["exists"].clone(), session["searchCount"].clone()),
            (json!(false), json!(0)),
            "neither used a try"
        );
        // A company already found unanalysable (stored failure) uses no try either.
        app.store
            .save_failed_analysis("TSM", "I can't score TSM yet.", chrono::Utc::now())
            .await
            .unwrap();
        let (status, body) = search(&app, ip, "anon-unknown", "TSM").await;
        assert_eq!(
            (status, message(&body)),
            (StatusCode::UNPROCESSABLE_ENTITY, "I can't score TSM yet.")
        );
        // Another class of one company's stock counts as that company (GOOG is GOOGL).
        let (status, _) = search(&app, ip, "anon-unknown", "GOOG").await;
        assert_eq!(status, StatusCode::OK);
        let (_, session) = search(&app, ip, "anon-unknown", "GOOGL").await;
        assert_eq!(session["searchCount"], 1, "one company, one try");
        assert_eq!(
            app.store.anonymous_symbols("anon-unknown").await.unwrap(),
            ["GOOGL"]
        );
    }
);
