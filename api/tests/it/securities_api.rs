//! One rule for what may be analysed, ranked and featured, on every path: JPMorgan's
//! preferred JPM-PC (and its notes AMJB, VYLD) is refused by the stock page, the chat, the
//! batch checklist and batch start, schedules and the trends backfill, and a JPM-PC record
//! stored before the rule (an 83, above JPM's own score) reaches neither the Top 25, the
//! compare page nor the admin's newsletter list. The newsletter path is in `newsletter_api.rs`.

use chrono::{NaiveDate, Utc};
use jobs::{
    analysis::{analyze, text_format},
    sources::{MarketSources, Snapshot, tickers::read_snapshot},
};
use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::{
    accounts::support::{get, post, sign_in_admin},
    api_test,
    helpers::{market_data_dir, spawn_app},
};

const REFUSAL: &str = "JPM-PC is a preferred share of Jpmorgan Chase & Co, not its common stock, and Bubba only scores common stock. Try JPM, the company's common stock.";

fn symbols(list: &Value) -> Vec<String> {
    list.as_array()
        .expect("a list")
        .iter()
        .map(|s| match s {
            Value::String(s) => s.clone(),
            other => other["symbol"].as_str().expect("symbol").to_string(),
        })
        .collect()
}

api_test!(
    a_preferred_share_is_refused_on_every_path,
    |backend| async move {
        let app = spawn_app(backend).await;
        app.store
            .replace_tickers(&read_snapshot(&market_data_dir()).unwrap())
            .await
            .unwrap();
        sign_in_admin(&app.address, &app.store, &app.client).await;
        // JPM's real record, and the same record stored under JPM-PC with a better score (what a
        // batch stored before the rule: "JPMORGAN CHASE & CO (JPM-PC): 83 out of 100").
        let sources = MarketSources::snapshot(Snapshot::new(market_data_dir()));
        let inputs = sources.gather("JPM", 19617).await.unwrap();
        let jpm = analyze(&inputs, NaiveDate::from_ymd_opt(2026, 8, 18).unwrap()).unwrap();
        let now = Utc::now();
        app.store
            .save_analysis(&jpm, &text_format::to_text(&jpm), now)
            .await
            .unwrap();
        let mut preferred = jpm.clone();
        preferred.symbol = "JPM-PC".into();
        preferred.score = 83;
        app.store
            .save_analysis(&preferred, "legacy", now)
            .await
            .unwrap();

        // Ranked and featured lists: JPM, never JPM-PC.
        let (status, top) = get(&app.client, &app.url("/api/top-stocks")).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(symbols(&top), ["JPM"], "{top}");
        assert_eq!(
            top[0]["scoreBasis"],
            format!("{} of 12", jpm.answered_questions)
        );
        let (_, listed) = get(&app.client, &app.url("/api/admin/stocks")).await;
        assert_eq!(symbols(&listed), ["JPM"], "{listed}");
        assert_eq!(listed[0]["rank"], 1);

        // The compare page: JPM-PC left out.
        let (_, compared) = get(
            &app.client,
            &app.url("/api/stocks/batch?symbols=JPM,JPM-PC"),
        )
        .await;
        assert_eq!(
            compared.as_object().unwrap().keys().collect::<Vec<_>>(),
            ["JPM"],
            "{compared}"
        );

        // The batch checklist: common stock only, one ticker per company.
        let (_, offered) = get(&app.client, &app.url("/api/admin/analyzable-stocks")).await;
        let offered = symbols(&offered);
        for absent in ["JPM-PC", "JPM-PD", "AMJB", "VYLD", "GOOG"] {
            assert!(!offered.iter().any(|s| s == absent), "{absent} offered");
        }
        for present in ["JPM", "GOOGL", "AAPL"] {
            assert!(offered.iter().any(|s| s == present), "{present} missing");
        }

        // Starting a batch, saving a schedule, backfilling a quarter, asking the chat, opening the
        // stock page: each refuses with the same reason.
        let (status, body) = post(
            &app.client,
            &app.url("/api/admin/batch-job/start"),
            json!({"symbols": ["JPM", "JPM-PC"], "delaySeconds": 30}),
        )
        .await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
        assert_eq!(body["message"], REFUSAL);
        assert_eq!(app.store.latest_batch().await.unwrap(), None);
        let schedule = json!({
            "name": "Banks", "selected_stocks": ["JPM", "JPM-PC"], "frequency": "daily",
            "days_of_week": [], "times": ["09:00"], "is_enabled": true,
            "market_hours_only": false, "interval_minutes": null
        });
        let (status, body) =
            post(&app.client, &app.url("/api/admin/scheduled-jobs"), schedule).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
        assert_eq!(body["message"], REFUSAL);
        let (status, body) = post(
            &app.client,
            &app.url("/api/admin/trends/analyze-quarter"),
            json!({"symbol": "JPM-PC", "quarter": "2025-Q4"}),
        )
        .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
        assert_eq!(body["message"], REFUSAL);
        let response = app
            .client
            .post(app.url("/api/chat/JPM-PC"))
            .json(&json!({"message": "Is it safe?", "conversationHistory": []}))
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), StatusCode::BAD_REQUEST);
        assert!(
            response
                .text()
                .await
                .unwrap()
                .contains("not its common stock"),
            "the chat says why"
        );
        let (status, body) = get(&app.client, &app.url("/api/analyze-stock/JPM-PC")).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
        assert_eq!(body["message"], REFUSAL);
    }
);
