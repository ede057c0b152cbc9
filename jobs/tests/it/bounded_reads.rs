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

// The kept trending counts agree with the view buckets summed afresh (`most_viewed`, less
// the symbols never analysed) at every step, as views arrive and the clock moves the three
// windows on by hours and days; views recorded while the first read builds a window are
// counted once.
store_test!(
    trending_counts_follow_the_windows_as_the_clock_moves,
    |db: TestDb| async move {
        use chrono::{Duration, TimeZone};
        use jobs::store::trending::TrendingPeriod;

        let store = &db.store;
        let apple = apple().await;
        let analysed = ["AAPL", "KO", "MSFT", "NVDA", "PEP", "WMT"];
        for symbol in analysed {
            store_as(store, &apple, symbol, 60).await;
        }
        let mut users = Vec::new();
        for name in ["ann", "bob", "cal"] {
            users.push(
                store
                    .create_user(&crate::accounts_store::new_user(&format!(
                        "{name}@example.com"
                    )))
                    .await
                    .unwrap()
                    .id,
            );
        }
        let periods = [
            TrendingPeriod::Day,
            TrendingPeriod::Week,
            TrendingPeriod::Month,
        ];
        let length = |period| match period {
            TrendingPeriod::Day => Duration::hours(24),
            TrendingPeriod::Week => Duration::days(7),
            TrendingPeriod::Month => Duration::days(30),
        };
        let expected = |now| async move {
            let mut lists = Vec::new();
            for period in periods {
                let mut fresh = store.most_viewed(now - length(period), 100).await.unwrap();
                fresh.retain(|v| v.symbol != "NOPE");
                fresh.truncate(20);
                lists.push(fresh);
            }
            lists
        };
        let kept = |now| async move {
            let mut lists = Vec::new();
            for period in periods {
                lists.push(store.trending(period, now, 20).await.unwrap());
            }
            lists
        };

        // Views in the days before the first read, then the first reads (which build each
        // window) racing forty more views.
        let mut now = Utc.with_ymd_and_hms(2026, 3, 1, 12, 30, 0).unwrap();
        for day in 0..10 {
            let at = now - Duration::days(day) - Duration::hours(day * 3);
            store
                .record_anonymous_view(analysed[day as usize % 6], at)
                .await
                .unwrap();
            store
                .record_user_view(users[0], analysed[(day as usize + 2) % 6], at)
                .await
                .unwrap();
        }
        let racing: Vec<_> = (0..40)
            .map(|i| {
                let store = store.clone();
                let user = users[i % 3];
                tokio::spawn(async move {
                    if i % 4 == 0 {
                        store.trending(periods[i % 3], now, 20).await.map(|_| ())
                    } else if i % 2 == 0 {
                        store
                            .record_anonymous_view(if i % 8 == 2 { "NOPE" } else { "NVDA" }, now)
                            .await
                    } else {
                        store.record_user_view(user, "KO", now).await
                    }
                })
            })
            .collect();
        for task in racing {
            task.await.unwrap().unwrap();
        }
        assert_eq!(
            kept(now).await,
            expected(now).await,
            "after the first reads"
        );
        assert!(
            kept(now).await[0].iter().all(|v| v.symbol != "NOPE"),
            "never analysed, never trends"
        );

        // Forty steps of 1 to 40 hours (a step over a day moves every window by whole days),
        // each with a few views; the lists are read after each.
        let mut seed = 7u64;
        let mut next = |below: u64| {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (seed >> 33) % below
        };
        for step in 0..40 {
            now += Duration::hours(1 + next(40) as i64) + Duration::minutes(next(60) as i64);
            for _ in 0..next(4) {
                let symbol = if next(7) == 6 {
                    "NOPE"
                } else {
                    analysed[next(6) as usize]
                };
                if next(2) == 0 {
                    store.record_anonymous_view(symbol, now).await.unwrap();
                } else {
                    store
                        .record_user_view(users[next(3) as usize], symbol, now)
                        .await
                        .unwrap();
                }
            }
            assert_eq!(kept(now).await, expected(now).await, "step {step} at {now}");
        }
        // A month of quiet empties every list.
        now += Duration::days(31);
        assert!(kept(now).await.iter().all(|list| list.is_empty()));
        assert!(expected(now).await.iter().all(|list| list.is_empty()));
    }
);
