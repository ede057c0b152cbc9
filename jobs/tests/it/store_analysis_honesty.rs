//! Conformance on SQLite and Postgres of the store methods behind an honest score: one
//! analysis per new stock under concurrency, refunds of failed analyses, the issuer's tickers
//! in SEC's order, and the Top 25 without provisional scores, duplicate issuers or
//! non-common securities.

use chrono::Utc;
use jobs::{
    accounts::{
        PasswordHash,
        usage::{DailyOutcome, TrialLimits},
    },
    analysis::{AnalysisRecord, analyze},
    market_data::TickerEntry,
    store::{Store, users::NewUser},
    store_test,
    testing::TestDb,
};

use crate::analysis_common as common;

async fn user_id(store: &Store, username: &str) -> i64 {
    store
        .create_user(&NewUser {
            username: username.into(),
            password_hash: PasswordHash("$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaA".into()),
            parent_name: None,
            parent_email: None,
            parent_signature: None,
            child_name: None,
            parental_consent: false,
            accepted_at: Utc::now(),
        })
        .await
        .expect("create user")
        .id
}

fn ticker(ticker: &str, cik: i64, name: &str) -> TickerEntry {
    TickerEntry {
        ticker: ticker.into(),
        cik,
        name: name.into(),
        exchange: Some("NYSE".into()),
    }
}

store_test!(
    parallel_requests_for_one_new_stock_use_one_analysis,
    |db: TestDb| async move {
        let joe = user_id(&db.store, "joe@example.com").await;
        let tasks: Vec<_> = (0..10)
            .map(|_| {
                let store = db.store.clone();
                tokio::spawn(async move {
                    store
                        .record_user_analysis(joe, "NVDA", 25, Utc::now())
                        .await
                })
            })
            .collect();
        let mut counted = 0;
        for task in tasks {
            match task.await.unwrap().unwrap() {
                DailyOutcome::Counted { .. } => counted += 1,
                DailyOutcome::AlreadyViewedToday { .. } => {}
                DailyOutcome::LimitReached => panic!("far below the cap"),
            }
        }
        assert_eq!(counted, 1);
        assert_eq!(db.store.analyses_today(joe, Utc::now()).await.unwrap(), 1);
    }
);

store_test!(
    a_failed_analysis_gives_its_count_back_once,
    |db: TestDb| async move {
        let store = &db.store;
        let joe = user_id(store, "joe@example.com").await;
        let now = Utc::now();
        for symbol in ["AAPL", "TSM"] {
            store
                .record_user_analysis(joe, symbol, 2, now)
                .await
                .unwrap();
        }
        assert_eq!(
            store
                .record_user_analysis(joe, "MSFT", 2, now)
                .await
                .unwrap(),
            DailyOutcome::LimitReached
        );
        // TSM failed: concurrent refunds give one analysis back.
        let tasks: Vec<_> = (0..4)
            .map(|_| {
                let store = store.clone();
                tokio::spawn(async move { store.refund_user_analysis(joe, "TSM", now).await })
            })
            .collect();
        let mut given_back = 0;
        for task in tasks {
            if task.await.unwrap().unwrap() {
                given_back += 1;
            }
        }
        assert_eq!(given_back, 1);
        assert_eq!(store.analyses_today(joe, now).await.unwrap(), 1);
        assert!(
            !store.refund_user_analysis(joe, "NVDA", now).await.unwrap(),
            "never counted"
        );
        assert_eq!(
            store
                .record_user_analysis(joe, "MSFT", 2, now)
                .await
                .unwrap(),
            DailyOutcome::Counted { count: 2 },
            "the freed analysis can be used"
        );

        // The anonymous trial and the IP's ceiling.
        let limits = TrialLimits {
            per_session: 3,
            per_ip_per_day: 10,
        };
        store
            .record_anonymous_analysis("anon-9", "198.51.100.9", "TSM", limits, now)
            .await
            .unwrap();
        assert_eq!(
            store.anonymous_ip_count("198.51.100.9", now).await.unwrap(),
            1
        );
        assert!(
            store
                .refund_anonymous_analysis("anon-9", "198.51.100.9", "TSM", now)
                .await
                .unwrap()
        );
        assert!(
            !store
                .refund_anonymous_analysis("anon-9", "198.51.100.9", "TSM", now)
                .await
                .unwrap()
        );
        let session = store.anonymous_session("anon-9").await.unwrap().unwrap();
        assert_eq!(session.search_count, 0);
        assert!(store.anonymous_symbols("anon-9").await.unwrap().is_empty());
        assert_eq!(
            store.anonymous_ip_count("198.51.100.9", now).await.unwrap(),
            0
        );
    }
);

store_test!(
    an_ip_ceiling_of_zero_means_no_ceiling,
    |db: TestDb| async move {
        let limits = TrialLimits {
            per_session: 3,
            per_ip_per_day: 0,
        };
        let outcome = db
            .store
            .record_anonymous_analysis("anon-0", "198.51.100.1", "AAPL", limits, Utc::now())
            .await
            .unwrap();
        assert!(outcome.allowed(), "{outcome:?}");
    }
);

store_test!(issuer_tickers_follow_sec_order, |db: TestDb| async move {
    let store = &db.store;
    // SEC's list order is by size; the store keeps the position as the rank.
    store
        .replace_tickers(&[
            ticker("GOOGL", 1652044, "Alphabet Inc."),
            ticker("JPM", 19617, "JPMORGAN CHASE & CO"),
            ticker("GOOG", 1652044, "Alphabet Inc."),
            ticker("JPM-PC", 19617, "JPMORGAN CHASE & CO"),
        ])
        .await
        .unwrap();
    assert_eq!(
        store.issuer_tickers(1652044).await.unwrap(),
        ["GOOGL", "GOOG"]
    );
    assert_eq!(
        store.issuer_tickers(19617).await.unwrap(),
        ["JPM", "JPM-PC"]
    );
    let directory = store.ticker_directory().await.unwrap();
    let ranked: Vec<(&str, Option<i32>)> = directory
        .iter()
        .map(|e| (e.ticker.as_str(), e.rank))
        .collect();
    assert_eq!(
        ranked,
        [
            ("GOOGL", Some(0)),
            ("JPM", Some(1)),
            ("GOOG", Some(2)),
            ("JPM-PC", Some(3))
        ]
    );
});

/// A real record (AAPL, all 12 answered) restyled as another symbol with `answered` answers.
fn record_as(base: &AnalysisRecord, symbol: &str, score: u8, answered: u8) -> AnalysisRecord {
    let mut record = base.clone();
    record.symbol = symbol.into();
    record.company_name = format!("{symbol} Co");
    record.score = score;
    record.answered_questions = answered;
    record.provisional = answered < 9;
    record
}

store_test!(
    the_top_list_ranks_one_common_stock_per_company_on_enough_answers,
    |db: TestDb| async move {
        let store = &db.store;
        store
            .replace_tickers(&[
                ticker("AAPL", 320193, "Apple Inc."),
                ticker("GOOGL", 1652044, "Alphabet Inc."),
                ticker("JPM", 19617, "JPMORGAN CHASE & CO"),
                ticker("GOOG", 1652044, "Alphabet Inc."),
                ticker("JPM-PC", 19617, "JPMORGAN CHASE & CO"),
                ticker("SNOW", 1640147, "Snowflake Inc."),
            ])
            .await
            .unwrap();
        let inputs = common::load("AAPL", 320193).await;
        let base = analyze(&inputs, common::snapshot_day()).expect("record");
        let now = Utc::now();
        for (symbol, score, answered) in [
            ("GOOG", 90, 8),    // provisional: not ranked
            ("GOOGL", 78, 11),  // Alphabet's row
            ("JPM-PC", 80, 12), // a preferred share: never ranked
            ("JPM", 64, 9),
            ("AAPL", 60, 12),
            ("SNOW", 66, 7), // provisional
        ] {
            let record = record_as(&base, symbol, score, answered);
            store.save_analysis(&record, "text", now).await.unwrap();
        }
        let top: Vec<(String, i32)> = jobs::ranking::top_stocks(store, 25)
            .await
            .unwrap()
            .into_iter()
            .map(|t| (t.symbol, t.score))
            .collect();
        assert_eq!(
            top,
            [
                ("GOOGL".to_string(), 78),
                ("JPM".to_string(), 64),
                ("AAPL".to_string(), 60)
            ]
        );
        // Two Alphabet classes on enough answers still make one row (the better one).
        store
            .save_analysis(&record_as(&base, "GOOG", 70, 12), "text", now)
            .await
            .unwrap();
        let symbols: Vec<String> = jobs::ranking::top_stocks(store, 25)
            .await
            .unwrap()
            .into_iter()
            .map(|t| t.symbol)
            .collect();
        assert_eq!(symbols, ["GOOGL", "JPM", "AAPL"]);
        assert_eq!(jobs::ranking::top_stocks(store, 2).await.unwrap().len(), 2);
    }
);
