//! Defect 8: one session reopening a stock 301 times made it #2 in trending. A view now
//! counts once per viewer (session or user), stock and day; repeat views write nothing, and a
//! failed analysis (whose try is given back) asked for again is still the same view. A stock
//! with no successful analysis never trends.

use chrono::{Duration, Utc};
use reqwest::StatusCode;

use api::usage_gate::Viewer;
use jobs::store::trending::TrendingPeriod;

use crate::{
    accounts::support::{browser, register, spawn_gate_app},
    api_test,
    chat_api::store_analysis,
};

api_test!(
    reopening_a_stock_does_not_push_it_up,
    |backend| async move {
        let app = spawn_gate_app(backend, |_| {}).await;
        let anonymous = browser();
        for _ in 0..301 {
            let response = anonymous
                .get(format!("{}/test/analyze/AAPL", app.address))
                .header("x-session-id", "pusher-1")
                .send()
                .await
                .unwrap();
            assert_eq!(response.status(), StatusCode::OK);
        }
        let member = browser();
        register(&app.address, &member, "pusher@example.com").await;
        for _ in 0..50 {
            let response = member
                .get(format!("{}/test/analyze/MSFT", app.address))
                .send()
                .await
                .unwrap();
            assert_eq!(response.status(), StatusCode::OK);
        }
        // Two other visitors open GOOG once each: it trends above both.
        for session in ["visitor-a", "visitor-b"] {
            browser()
                .get(format!("{}/test/analyze/GOOG", app.address))
                .header("x-session-id", session)
                .send()
                .await
                .unwrap();
        }
        let views = app
            .store
            .most_viewed(Utc::now() - Duration::hours(1), 10)
            .await
            .unwrap();
        let counts: Vec<(&str, i64)> = views.iter().map(|v| (v.symbol.as_str(), v.views)).collect();
        assert_eq!(counts, [("GOOG", 2), ("AAPL", 1), ("MSFT", 1)]);
    }
);

api_test!(
    failed_analyses_do_not_push_a_stock_up_and_unanalysable_stocks_never_trend,
    |backend| async move {
        let app = spawn_gate_app(backend, |_| {}).await;
        let member = browser();
        register(&app.address, &member, "retrier@example.com").await;
        let member_id = app
            .store
            .user_by_username("retrier@example.com")
            .await
            .unwrap()
            .unwrap()
            .id;
        let anonymous = browser();
        let ip = std::net::IpAddr::from([127, 0, 0, 1]);
        let viewers = [
            Viewer::User { id: member_id },
            Viewer::Anonymous {
                session_id: Some("retrier-1".into()),
                ip,
            },
        ];
        // Each viewer asks 30 times for a ticker whose analysis fails: each failure gives the
        // try back, and the next request counts it again.
        for _ in 0..30 {
            for (client, viewer) in [(&member, &viewers[0]), (&anonymous, &viewers[1])] {
                let response = client
                    .get(format!("{}/test/analyze/NOPE", app.address))
                    .header("x-session-id", "retrier-1")
                    .send()
                    .await
                    .unwrap();
                assert_eq!(response.status(), StatusCode::OK);
                api::usage_gate::refund_analysis(&app.state, viewer, "NOPE")
                    .await
                    .unwrap();
            }
        }
        // One visitor opens AAPL, which has a stored analysis.
        browser()
            .get(format!("{}/test/analyze/AAPL", app.address))
            .header("x-session-id", "visitor-c")
            .send()
            .await
            .unwrap();
        store_analysis(&app.store, "AAPL", 320193).await;
        let since = Utc::now() - Duration::hours(1);
        let views = app.store.most_viewed(since, 10).await.unwrap();
        let counts: Vec<(&str, i64)> = views.iter().map(|v| (v.symbol.as_str(), v.views)).collect();
        assert_eq!(
            counts,
            [("NOPE", 2), ("AAPL", 1)],
            "once per viewer and day"
        );
        let trending = app
            .store
            .trending(TrendingPeriod::Day, Utc::now(), 10)
            .await
            .unwrap();
        let symbols: Vec<&str> = trending.iter().map(|v| v.symbol.as_str()).collect();
        assert_eq!(symbols, ["AAPL"], "a stock never analysed does not trend");
    }
);
