//! `GET /api/analyze-stock/{T}` carries each question next to its sector (`peers`), on both
//! databases, over a test market of the snapshot's real analyses: Walmart (SIC 5331, assigned
//! by the test: the snapshot has no submissions file for it) and nine other ranked companies
//! the test puts in its group, plus Home Depot and Amazon, retailers in other groups. The
//! statistics are computed by a real worker running `ComputeSectorStats`; when they change, the
//! kept answer changes with them.

use std::{collections::HashMap, time::Duration};

use chrono::{NaiveDate, Utc};
use jobs::{
    analysis::{AnalysisRecord, analyze, text_format},
    queue::{JobOutcome, JobQueue},
    sources::{MarketSources, Snapshot, tickers::read_snapshot},
    store::Store,
    tasks::ComputeSectorStats,
};
use serde_json::Value;
use tokio::sync::OnceCell;

use crate::{
    api_test,
    helpers::{InProcessWorker, TestApp, market_data_dir, spawn_app_with_tickers},
};

const SESSION: &str = "8d1e6a52-3c0b-4f7e-9a41-5e2b7c9d0f13";
/// Put in Walmart's group (general merchandise stores, SIC 53) by this test.
const INTO_WALMARTS_GROUP: [&str; 9] = [
    "KO", "PEP", "MCD", "PG", "SBUX", "DIS", "TMUS", "NFLX", "ABNB",
];
/// Other retailers, with their real codes: a hardware store and an online one.
const OTHER_RETAILERS: [(&str, u32); 2] = [("HD", 5211), ("AMZN", 5961)];

/// The records, analysed once as of the snapshot day for both databases.
async fn market() -> &'static [AnalysisRecord] {
    static MARKET: OnceCell<Vec<AnalysisRecord>> = OnceCell::const_new();
    MARKET
        .get_or_init(|| async {
            let ciks: HashMap<String, u64> = read_snapshot(&market_data_dir())
                .unwrap()
                .into_iter()
                .map(|e| (e.ticker, e.cik as u64))
                .collect();
            let sources = MarketSources::snapshot(Snapshot::new(market_data_dir()));
            let day = NaiveDate::from_ymd_opt(2026, 8, 18).unwrap();
            let codes = INTO_WALMARTS_GROUP
                .iter()
                .map(|s| (*s, 5311))
                .chain([("WMT", 5331)])
                .chain(OTHER_RETAILERS);
            let mut records = Vec::new();
            for (symbol, sic) in codes {
                let inputs = sources.gather(symbol, ciks[symbol]).await.unwrap();
                let mut record = analyze(&inputs, day).unwrap();
                record.sic = Some(sic);
                records.push(record);
            }
            records
        })
        .await
}

async fn save(store: &Store, records: &[AnalysisRecord]) {
    for record in records {
        let text = text_format::to_text(record);
        store
            .save_analysis(record, &text, Utc::now())
            .await
            .unwrap();
    }
}

async fn compute_stats(store: &Store) {
    let job = ComputeSectorStats {
        day: Utc::now().date_naive().to_string(),
    };
    let outcome = JobQueue::new(store.clone())
        .enqueue_and_wait(&job, Duration::from_secs(60))
        .await
        .unwrap();
    assert!(matches!(outcome, JobOutcome::Done { .. }), "{outcome:?}");
}

async fn analysis(app: &TestApp, ticker: &str) -> Value {
    let response = app
        .client
        .get(app.url(&format!("/api/analyze-stock/{ticker}")))
        .header("x-session-id", SESSION)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    response.json().await.unwrap()
}

fn margin_card(body: &Value) -> &Value {
    body["peers"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["number"] == 4)
        .expect("Walmart's margin question has peers")
}

/// The median of the stored records' net margins (question 4), as the test computes it.
async fn stored_median(store: &Store, symbols: &[&str]) -> f64 {
    let mut margins = Vec::new();
    for symbol in symbols {
        let record = store.latest_analysis(symbol).await.unwrap().unwrap().record;
        margins.push(record.questions[3].metric.unwrap());
    }
    margins.sort_by(f64::total_cmp);
    let middle = margins.len() / 2;
    (margins[middle - 1] + margins[middle]) / 2.0
}

api_test!(
    walmarts_margin_card_carries_its_sector_median,
    |backend| async move {
        let app = spawn_app_with_tickers(backend).await;
        let records = market().await;
        save(&app.store, records).await;
        let _worker = InProcessWorker::start(&app.store, "sector-stats");
        compute_stats(&app.store).await;

        let body = analysis(&app, "WMT").await;
        let card = margin_card(&body);
        let group: Vec<&str> = INTO_WALMARTS_GROUP.iter().copied().chain(["WMT"]).collect();
        let median = stored_median(&app.store, &group).await;
        assert_eq!(card["group"], "general merchandise stores");
        assert_eq!(
            (card["groupCode"].clone(), card["level"].clone()),
            ("53".into(), "industryGroup".into())
        );
        assert_eq!(card["count"], 10);
        let shown = card["comparison"]["median"].as_f64().unwrap();
        assert!((shown - median).abs() < 1e-9, "{shown} vs {median}");
        assert_eq!(card["comparison"]["medianFigure"], format!("{median:.1}%"));
        assert!(
            card["comparison"]["grade"]
                .as_str()
                .unwrap()
                .ends_with("of its peers")
        );
        assert!(
            card["sentence"]
                .as_str()
                .unwrap()
                .contains("general merchandise stores"),
            "{card}"
        );
        // The spec's plain text stays what it was.
        let wmt = records.iter().find(|r| r.symbol == "WMT").unwrap();
        assert_eq!(body["data"], text_format::to_text(wmt));

        // Two of its peers move to another division: Walmart is compared with all retailers now,
        // and the answer kept from before says so at once.
        let mut moved = records.to_vec();
        for record in moved
            .iter_mut()
            .filter(|r| ["KO", "PEP"].contains(&r.symbol.as_str()))
        {
            record.sic = Some(2080);
        }
        save(&app.store, &moved[..2]).await;
        compute_stats(&app.store).await;
        let body = analysis(&app, "WMT").await;
        let card = margin_card(&body);
        assert_eq!(
            (card["group"].clone(), card["level"].clone()),
            ("retailers".into(), "division".into())
        );
        assert_eq!(
            card["count"], 10,
            "eight general merchandise stores, Home Depot and Amazon"
        );
        assert_eq!(
            card["note"],
            "General merchandise stores: only 8 scored on this, so this compares with all retailers."
        );
    }
);

api_test!(
    a_company_without_a_sic_code_has_no_peers,
    |backend| async move {
        let app = spawn_app_with_tickers(backend).await;
        let records = market().await;
        save(&app.store, records).await;
        let mut unknown = records.iter().find(|r| r.symbol == "AMZN").unwrap().clone();
        unknown.sic = None;
        save(&app.store, &[unknown]).await;
        let _worker = InProcessWorker::start(&app.store, "sector-stats");
        compute_stats(&app.store).await;
        let body = analysis(&app, "AMZN").await;
        assert_eq!(body["peers"], Value::Array(Vec::new()));
        // Before any statistics exist, nobody has peers either (no "0 scored" made up).
        let fresh = spawn_app_with_tickers(backend).await;
        save(&fresh.store, records).await;
        let body = analysis(&fresh, "WMT").await;
        assert_eq!(body["peers"], Value::Array(Vec::new()));
    }
);
