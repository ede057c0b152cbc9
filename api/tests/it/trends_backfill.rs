//! History from the filings: a company's first analysis queues the scoring of its last 12
//! quarters, each as of its end from what was filed by then; the admin's "backfill every
//! company" fills only what is missing. The real router, a real worker, the real snapshot.

use std::time::{Duration, Instant};

use chrono::{NaiveDate, Utc};
use jobs::{sources::tickers::read_snapshot, trends::Quarter};
use reqwest::StatusCode;
use serde_json::Value;

use crate::{
    accounts::support::{browser, get, post, sign_in_admin},
    api_test,
    helpers::{InProcessWorker, TestApp, market_data_dir, spawn_app},
};

/// Waits (at most two minutes) until no backfill waits or runs and `ended` have ended.
async fn backfills_settle(app: &TestApp, ended: i64) -> Value {
    let url = app.url("/api/admin/trends/backfill-history");
    let started = Instant::now();
    loop {
        let (status, progress) = get(&app.client, &url).await;
        assert_eq!(status, StatusCode::OK, "{progress}");
        let finished = progress["done"].as_i64().unwrap() + progress["failed"].as_i64().unwrap();
        if progress["waiting"] == 0 && progress["running"] == 0 && finished >= ended {
            return progress;
        }
        assert!(
            started.elapsed() < Duration::from_secs(120),
            "backfill stuck: {progress}"
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

/// Every `(filed, accn)` of a figure in a stored record (the JSON walk finds them wherever
/// the record keeps provenance).
fn filings_in(value: &Value, out: &mut Vec<(NaiveDate, String)>) {
    match value {
        Value::Object(map) => {
            if let (Some(Value::String(filed)), Some(Value::String(accn))) =
                (map.get("filed"), map.get("accn"))
                && let Ok(filed) = filed.parse()
            {
                out.push((filed, accn.clone()));
            }
            map.values().for_each(|v| filings_in(v, out));
        }
        Value::Array(items) => items.iter().for_each(|v| filings_in(v, out)),
        _ => {}
    }
}

api_test!(
    a_first_analysis_backfills_twelve_quarters_from_what_was_filed_then,
    |backend| async move {
        let app = spawn_app(backend).await;
        app.store
            .replace_tickers(&read_snapshot(&market_data_dir()).unwrap())
            .await
            .unwrap();
        sign_in_admin(&app.address, &app.store, &app.client).await;
        let _worker = InProcessWorker::start(&app.store, "analyze,backfill-history");

        let (status, analysis) = get(&app.client, &app.url("/api/analyze-stock/AAPL")).await;
        assert_eq!(status, StatusCode::OK, "{analysis}");
        let progress = backfills_settle(&app, 1).await;
        assert_eq!(
            (progress["done"].as_i64(), progress["failed"].as_i64()),
            (Some(1), Some(0))
        );

        let current = Quarter::of(Utc::now().date_naive());
        let past = current.previous_quarters(12);
        let stored = app.store.quarter_records("AAPL", 100).await.unwrap();
        let keys: Vec<&str> = stored.iter().map(|q| q.row.quarter.as_str()).collect();
        let mut expected: Vec<String> = past.iter().rev().map(|q| q.key()).collect();
        expected.insert(0, current.key());
        assert_eq!(keys, expected, "today's quarter and the 12 before it");

        // Point in time: each past quarter was scored only from filings filed by its end, and
        // each cites them by accession.
        for (quarter, row) in past.iter().rev().zip(&stored[1..]) {
            let record = row.record.as_ref().expect("the record is kept");
            let record = serde_json::to_value(record).unwrap();
            let mut filings = Vec::new();
            filings_in(&record, &mut filings);
            assert!(!filings.is_empty(), "{} cites its filings", quarter.key());
            for (filed, accn) in &filings {
                assert!(
                    *filed <= quarter.last_day(),
                    "{}: {accn} was filed {filed}, after the quarter ended",
                    quarter.key()
                );
            }
            assert!(row.row.score.is_some(), "{} has a score", quarter.key());
        }
        // The oldest and newest past quarters rest on different filings: a real history.
        let newest_scored = serde_json::to_value(stored[1].record.as_ref().unwrap()).unwrap();
        let oldest_scored = serde_json::to_value(stored[12].record.as_ref().unwrap()).unwrap();
        let (mut newest, mut oldest) = (Vec::new(), Vec::new());
        filings_in(&newest_scored, &mut newest);
        filings_in(&oldest_scored, &mut oldest);
        assert!(newest.iter().map(|f| f.0).max() > oldest.iter().map(|f| f.0).max());

        // The stock page's change since last quarter is explained from these rows.
        let (status, explained) =
            get(&app.client, &app.url("/api/admin/trends/explain/AAPL")).await;
        assert_eq!(status, StatusCode::OK, "{explained}");
        assert_eq!(
            explained["previousQuarter"],
            past.last().unwrap().key(),
            "{explained}"
        );

        // Any visitor sees the latest 12 quarters, newest first.
        let (status, history) = get(&browser(), &app.url("/api/stocks/aapl/score-history")).await;
        assert_eq!(status, StatusCode::OK, "{history}");
        let shown: Vec<&str> = history
            .as_array()
            .unwrap()
            .iter()
            .map(|h| h["quarter"].as_str().unwrap())
            .collect();
        assert_eq!(
            shown,
            expected[..12]
                .iter()
                .map(String::as_str)
                .collect::<Vec<_>>()
        );

        // The admin's backfill of every company: AAPL has everything, so nothing is re-scored.
        let dates: Vec<_> = stored.iter().map(|q| q.row.analysis_date).collect();
        let (status, queued) = post(
            &app.client,
            &app.url("/api/admin/trends/backfill-history"),
            serde_json::json!({}),
        )
        .await;
        assert_eq!(status, StatusCode::ACCEPTED, "{queued}");
        assert_eq!(queued["companies"], 1);
        backfills_settle(&app, 2).await;
        let again = app.store.quarter_records("AAPL", 100).await.unwrap();
        let dates_again: Vec<_> = again.iter().map(|q| q.row.analysis_date).collect();
        assert_eq!(dates_again, dates, "a re-run adds and re-scores nothing");
    }
);
