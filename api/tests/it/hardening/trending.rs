//! Defect 8: one session reopening a stock 301 times made it #2 in trending. A view now
//! counts once per viewer (session or user), stock and day; repeat views write nothing.

use chrono::{Duration, Utc};
use reqwest::StatusCode;

use crate::{
    accounts::support::{browser, register, spawn_gate_app},
    api_test,
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
