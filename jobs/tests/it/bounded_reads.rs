//! The read paths that answer from kept values and index order rather than every row, on
//! SQLite and Postgres: the Top 25 reads past rows it must hide, and the trends' movers
//! follow each symbol's newest two quarters as they are stored in any order.

use chrono::Utc;
use jobs::{
    analysis::AnalysisRecord, ranking, store::Store, store_test, testing::TestDb, trends::read,
};

use crate::analysis_common as common;

async fn apple() -> AnalysisRecord {
    common::record("AAPL", 320193, common::snapshot_day()).await
}

/// `record` stored as `symbol` with `score`.
async fn store_as(store: &Store, record: &AnalysisRecord, symbol: &str, score: u8) {
    let mut copy = record.clone();
    copy.symbol = symbol.into();
    copy.score = score;
    store
        .save_analysis(&copy, "text", Utc::now())
        .await
        .unwrap();
}

store_test!(
    the_top_25_reads_past_the_rows_it_hides,
    |db: TestDb| async move {
        let store = &db.store;
        let apple = apple().await;
        assert!(apple.data_faults.is_empty() && apple.answered_questions >= 11);
        // 40 preferreds stored before the securities rule, all above every common stock:
        // more than the first read of the ranking takes, so the Top 25 must read on.
        for i in 0..40 {
            store_as(store, &apple, &format!("P{i:02}-PA"), 99).await;
        }
        for i in 0..30 {
            store_as(store, &apple, &format!("C{i:02}"), 50 + i).await;
        }
        let top = ranking::top_stocks(store, 25).await.unwrap();
        let symbols: Vec<&str> = top.iter().map(|t| t.symbol.as_str()).collect();
        let expected: Vec<String> = (5..30).rev().map(|i| format!("C{i:02}")).collect();
        assert_eq!(symbols, expected, "the 25 best common stocks, best first");

        // A stock whose new analysis is provisional leaves the ranking at once.
        let mut provisional = apple.clone();
        provisional.symbol = "C29".into();
        provisional.answered_questions = 8;
        store
            .save_analysis(&provisional, "text", Utc::now())
            .await
            .unwrap();
        let top = ranking::top_stocks(store, 25).await.unwrap();
        assert_eq!(top[0].symbol, "C28");
        assert!(top.iter().all(|t| t.symbol != "C29"));
        assert_eq!(top.len(), 25, "C04 moves up into the list");
    }
);

store_test!(
    the_movers_follow_each_symbols_newest_two_quarters,
    |db: TestDb| async move {
        let store = &db.store;
        let apple = apple().await;
        let quarter = |score: u8| {
            let mut r = apple.clone();
            r.score = score;
            r
        };
        let now = Utc::now();
        store
            .save_quarter_analysis(&quarter(60), "2026-Q2", now)
            .await
            .unwrap();
        store
            .save_quarter_analysis(&quarter(70), "2026-Q3", now)
            .await
            .unwrap();
        let rose = read::most_moved(store, true, None).await.unwrap();
        assert_eq!(rose[0].score_change, Some(10), "Q2 60 -> Q3 70");

        // A backfilled older quarter changes nothing: the newest two are still Q2 and Q3.
        store
            .save_quarter_analysis(&quarter(20), "2026-Q1", now)
            .await
            .unwrap();
        let rose = read::most_moved(store, true, None).await.unwrap();
        assert_eq!(
            (rose[0].previous_quarter.as_str(), rose[0].score_change),
            ("2026-Q2", Some(10))
        );

        // A newer quarter below the last: the change is now a fall, and no longer a rise.
        store
            .save_quarter_analysis(&quarter(55), "2026-Q4", now)
            .await
            .unwrap();
        assert!(
            read::most_moved(store, true, None)
                .await
                .unwrap()
                .is_empty()
        );
        let fell = read::most_moved(store, false, None).await.unwrap();
        assert_eq!(
            (fell[0].current_quarter.as_str(), fell[0].score_change),
            ("2026-Q4", Some(-15))
        );
        let page = read::changes_page(store, "", 100).await.unwrap();
        assert_eq!(page.len(), 1);
        assert_eq!(page[0].previous_quarter_score, Some(70));
    }
);
