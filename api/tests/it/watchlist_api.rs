//! Watchlists, alerts and their settings over HTTP on both databases: the Watch button's
//! calls (the 51st stock refused), "My stocks", the bell (unread count, mark read), the
//! alert settings, and the digest's one-click unsubscribe (a signed link, no session).

use chrono::Utc;
use jobs::{
    sources::tickers::read_snapshot,
    store::watchlist::NewAlert,
    watchlist::{LIST_FULL, WATCH_LIMIT, unsubscribe},
};
use reqwest::StatusCode;
use serde_json::json;

use crate::{
    accounts::support::{browser, get, message, post, read, register},
    api_test,
    helpers::{TestApp, market_data_dir, spawn_app},
};

async fn app_with_tickers(backend: jobs::store::Backend) -> TestApp {
    let app = spawn_app(backend).await;
    app.store
        .replace_tickers(&read_snapshot(&market_data_dir()).unwrap())
        .await
        .unwrap();
    app
}

api_test!(the_watch_button_and_my_stocks, |backend| async move {
    let app = app_with_tickers(backend).await;
    let client = browser();
    let (status, _) = get(&client, &app.url("/api/watchlist")).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    let (status, _) = post(&client, &app.url("/api/watchlist/AAPL"), json!({})).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);

    let user = register(&app.address, &client, "joe@example.com").await;
    let user_id = user["id"].as_i64().unwrap();
    let (status, body) = post(&client, &app.url("/api/watchlist/aapl"), json!({})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["symbol"], "AAPL");
    assert_eq!(body["watching"], true);
    assert_eq!(body["count"], 1);
    assert_eq!(body["limit"], WATCH_LIMIT);
    // Twice is still once.
    let (status, body) = post(&client, &app.url("/api/watchlist/AAPL"), json!({})).await;
    assert_eq!((status, body["count"].as_i64()), (StatusCode::OK, Some(1)));

    let (status, body) = post(&client, &app.url("/api/watchlist/ZZZZZ"), json!({})).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert!(message(&body).contains("ZZZZZ"));
    let (status, _) = post(&client, &app.url("/api/watchlist/A$B"), json!({})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);

    let (status, body) = get(&client, &app.url("/api/watchlist")).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let stocks = body["stocks"].as_array().unwrap();
    assert_eq!(stocks.len(), 1);
    assert_eq!(stocks[0]["symbol"], "AAPL");
    assert!(stocks[0]["score"].is_null(), "not scored yet");
    assert_eq!(body["weakestQuestions"], json!([]));

    // Fill the list to its limit: the next one is refused with the reason.
    for i in 1..WATCH_LIMIT {
        app.store
            .watch(user_id, &format!("S{i}"), None, Utc::now(), WATCH_LIMIT)
            .await
            .unwrap();
    }
    let (status, body) = post(&client, &app.url("/api/watchlist/KO"), json!({})).await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_eq!(message(&body), LIST_FULL);

    let response = client
        .delete(app.url("/api/watchlist/AAPL"))
        .header("x-requested-with", "fetch")
        .send()
        .await
        .unwrap();
    let (status, body) = read(response).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["watching"], false);
    assert_eq!(body["count"], WATCH_LIMIT - 1);
    let (status, body) = post(&client, &app.url("/api/watchlist/KO"), json!({})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
});

fn alert(user_id: i64, symbol: &str) -> NewAlert {
    NewAlert {
        user_id,
        symbol: symbol.into(),
        change_key: "2026-Q2>2026-Q4".into(),
        previous_score: Some(72),
        current_score: Some(64),
        previous_band: Some("green".into()),
        current_band: Some("yellow".into()),
        reason: "Debt 8 → 4: cash fell from $13.2B (2026-03-31) to $4.1B (2026-06-30)".into(),
        questions: r#"[{"number":6,"name":"Debt","previous":8,"current":4,"change":-4,"reason":"Debt 8 → 4"}]"#.into(),
    }
}

api_test!(
    the_bell_the_settings_and_one_click_unsubscribe,
    |backend| async move {
        let app = spawn_app(backend).await;
        let client = browser();
        let user = register(&app.address, &client, "joe@example.com").await;
        let user_id = user["id"].as_i64().unwrap();
        let other = register(&app.address, &browser(), "ann@example.com").await;
        let now = Utc::now();
        app.store
            .insert_alert(&alert(user_id, "AAPL"), now)
            .await
            .unwrap();
        app.store
            .insert_alert(&alert(user_id, "KO"), now)
            .await
            .unwrap();
        app.store
            .insert_alert(&alert(other["id"].as_i64().unwrap(), "KO"), now)
            .await
            .unwrap();

        let (status, body) = get(&client, &app.url("/api/alerts")).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!(body["unread"], 2);
        let alerts = body["alerts"].as_array().unwrap();
        assert_eq!(alerts.len(), 2, "only this user's");
        assert_eq!(alerts[0]["currentBand"], "yellow");
        assert_eq!(alerts[0]["questions"][0]["change"], -4);
        assert!(
            alerts[0]["reason"]
                .as_str()
                .unwrap()
                .starts_with("Debt 8 → 4")
        );
        let first = alerts[0]["id"].as_i64().unwrap();

        let (status, body) = post(
            &client,
            &app.url("/api/alerts/read"),
            json!({ "ids": [first] }),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!(
            (body["marked"].as_i64(), body["unread"].as_i64()),
            (Some(1), Some(1))
        );
        let (_, body) = post(&client, &app.url("/api/alerts/read"), json!({})).await;
        assert_eq!(body["unread"], 0);
        let (status, _) = post(
            &client,
            &app.url("/api/alerts/read"),
            json!({ "ids": "all" }),
        )
        .await;
        assert_eq!(status, StatusCode::BAD_REQUEST);

        let (status, body) = get(&client, &app.url("/api/alert-settings")).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(
            body,
            json!({"alertsEnabled": true, "digestEnabled": true, "digestDay": 1})
        );
        let put = |body: serde_json::Value| {
            let client = client.clone();
            let url = app.url("/api/alert-settings");
            async move { read(client.put(url).json(&body).send().await.unwrap()).await }
        };
        let (status, body) =
            put(json!({"alertsEnabled": false, "digestEnabled": true, "digestDay": 9})).await;
        assert_eq!(status, StatusCode::BAD_REQUEST);
        assert!(message(&body).contains("digestDay"));
        let (status, body) =
            put(json!({"alertsEnabled": false, "digestEnabled": true, "digestDay": 5})).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        let (_, body) = get(&client, &app.url("/api/alert-settings")).await;
        assert_eq!(
            body,
            json!({"alertsEnabled": false, "digestEnabled": true, "digestDay": 5})
        );

        // One click from a mail provider: a form post, no session, no Origin.
        let secret = unsubscribe::secret(&app.store).await.unwrap();
        let token = unsubscribe::token(&secret, user_id);
        let anonymous = reqwest::Client::new();
        let response = anonymous
            .post(app.url(&format!("/api/unsubscribe?token={token}")))
            .header("content-type", "application/x-www-form-urlencoded")
            .body("List-Unsubscribe=One-Click")
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), StatusCode::OK);
        let settings = app.store.alert_settings(user_id).await.unwrap();
        assert!(!settings.digest_enabled);
        assert!(
            !settings.alerts_enabled,
            "the other choices stay as they were"
        );
        assert_eq!(settings.digest_day, 5);

        // The link in the text only asks (a mail scanner opening it unsubscribes nobody): a
        // page whose button posts the one click; a forged or missing token changes nothing.
        let other_token = unsubscribe::token(&secret, other["id"].as_i64().unwrap());
        let page = anonymous
            .get(app.url(&format!("/api/unsubscribe?token={other_token}")))
            .send()
            .await
            .unwrap();
        assert_eq!(page.status(), StatusCode::OK);
        let html = page.text().await.unwrap();
        assert!(html.contains("stop sending the weekly digest"), "{html}");
        assert!(
            html.contains(&format!(
                "<form method=\"post\" action=\"/api/unsubscribe?token={other_token}\">"
            )),
            "{html}"
        );
        let forged = unsubscribe::token("not-the-secret", other["id"].as_i64().unwrap());
        for query in [format!("?token={forged}"), String::new(), "?token=".into()] {
            let response = anonymous
                .get(app.url(&format!("/api/unsubscribe{query}")))
                .send()
                .await
                .unwrap();
            assert_eq!(response.status(), StatusCode::BAD_REQUEST, "{query}");
        }
        assert!(
            app.store
                .alert_settings(other["id"].as_i64().unwrap())
                .await
                .unwrap()
                .digest_enabled
        );
    }
);
