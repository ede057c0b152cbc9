//! Every store method of the foundation, on SQLite and on Postgres: the two implementations
//! must behave the same.

use std::time::Duration;

use chrono::Utc;
use jobs::{
    market_data::TickerEntry,
    queue::JobQueue,
    store::{
        StoreError,
        apalis::{JobFilter, JobStatus},
    },
    store_test,
    tasks::diagnostics::Noop,
    testing::TestDb,
};

fn entry(ticker: &str, name: &str) -> TickerEntry {
    TickerEntry {
        ticker: ticker.into(),
        cik: 1,
        name: name.into(),
        exchange: Some("NYSE".into()),
    }
}

store_test!(migrations_are_idempotent, |db: TestDb| async move {
    db.store
        .migrate()
        .await
        .expect("a second run changes nothing");
    db.store.ping().await.unwrap();
});

store_test!(tickers_replace_search_and_find, |db: TestDb| async move {
    let store = &db.store;
    assert_eq!(store.ticker_count().await.unwrap(), 0);
    assert!(!store.tickers_loaded_today().await.unwrap());
    let stored = store
        .replace_tickers(&[
            entry("F", "Ford Motor Co"),
            entry("FORD", "Forward Industries"),
            entry("GM", "General Motors Co"),
            entry("F", "duplicate"),
        ])
        .await
        .unwrap();
    assert_eq!(stored, 3, "a duplicate ticker is stored once");
    assert!(store.tickers_loaded_today().await.unwrap());
    let all: Vec<_> = store
        .all_tickers()
        .await
        .unwrap()
        .into_iter()
        .map(|h| (h.ticker, h.name))
        .collect();
    assert_eq!(all.len(), 3);
    assert_eq!(
        all[0],
        ("F".to_string(), "Ford Motor Co".to_string()),
        "sorted by ticker; the first of a duplicate wins"
    );
    let found = store.find_ticker("gm").await.unwrap().unwrap();
    assert_eq!(found.name, "General Motors Co");
    assert!(store.find_ticker("ZZZZ").await.unwrap().is_none());
    // A reload replaces the directory as a whole.
    store
        .replace_tickers(&[entry("AAPL", "Apple Inc.")])
        .await
        .unwrap();
    assert_eq!(store.ticker_count().await.unwrap(), 1);
    assert!(store.find_ticker("F").await.unwrap().is_none());
});

store_test!(
    an_overlong_ticker_is_a_conflict_not_a_crash,
    |db: TestDb| async move {
        // The parser never yields one, but the database must refuse it the same way on both.
        let err = db
            .store
            .replace_tickers(&[entry("ABCDEFGHIJK", "Too long")])
            .await
            .unwrap_err();
        assert!(matches!(err, StoreError::Conflict { .. }), "{err:?}");
        assert_eq!(
            db.store.ticker_count().await.unwrap(),
            0,
            "the failed load left nothing behind"
        );
    }
);

store_test!(progress_is_overwritten_per_job, |db: TestDb| async move {
    let store = &db.store;
    assert!(store.progress("j1").await.unwrap().is_none());
    store
        .set_progress("j1", "analyze", "Fetching company data", 15, "")
        .await
        .unwrap();
    let stop = store
        .set_progress("j1", "analyze", "Calculating final score", 90, "almost")
        .await
        .unwrap();
    assert_eq!(stop, None, "no operator asked this job to stop");
    let p = store.progress("j1").await.unwrap().unwrap();
    assert_eq!(
        (p.stage.as_str(), p.percent, p.message.as_str()),
        ("Calculating final score", 90, "almost")
    );
    assert!(Utc::now() - p.updated_at < chrono::Duration::seconds(10));
    store
        .set_progress("j1", "analyze", "Done", 250, "")
        .await
        .unwrap();
    assert_eq!(
        store.progress("j1").await.unwrap().unwrap().percent,
        100,
        "percent is capped"
    );
});

store_test!(
    jobs_are_listed_counted_and_rescheduled,
    |db: TestDb| async move {
        let queue = JobQueue::new(db.store.clone());
        let a = queue.enqueue(&Noop::default()).await.unwrap();
        let ids = queue
            .enqueue_batch(&[
                Noop::default(),
                Noop {
                    sleep_ms: 5,
                    record_start: false,
                },
            ])
            .await
            .unwrap();
        assert_eq!(ids.len(), 2);
        let store = &db.store;
        let job = store.job(&a.id).await.unwrap().unwrap();
        assert_eq!(
            (
                job.queue.as_str(),
                job.status,
                job.attempts,
                job.max_attempts
            ),
            ("noop", JobStatus::Queued, 0, 25)
        );
        assert!(job.payload.contains("\"v\":1"), "{}", job.payload);
        let listed = store
            .list_jobs(&JobFilter {
                status: Some(JobStatus::Queued),
                queue: Some("noop".into()),
                limit: 10,
            })
            .await
            .unwrap();
        assert_eq!(listed.len(), 3);
        assert!(
            store
                .list_jobs(&JobFilter {
                    status: Some(JobStatus::Running),
                    queue: None,
                    limit: 10
                })
                .await
                .unwrap()
                .is_empty()
        );
        assert!(
            store
                .list_jobs(&JobFilter {
                    status: None,
                    queue: Some("tickers".into()),
                    limit: 10
                })
                .await
                .unwrap()
                .is_empty()
        );
        assert_eq!(
            store
                .list_jobs(&JobFilter {
                    status: None,
                    queue: None,
                    limit: 2
                })
                .await
                .unwrap()
                .len(),
            2
        );
        let counts = store.job_counts().await.unwrap();
        assert_eq!(counts.len(), 1);
        assert_eq!(
            (counts[0].queue.as_str(), counts[0].status, counts[0].count),
            ("noop", JobStatus::Queued, 3)
        );
        let later = Utc::now() + chrono::Duration::minutes(5);
        store.set_job_run_at(&a.id, later).await.unwrap();
        let moved = store.job(&a.id).await.unwrap().unwrap();
        assert!((moved.run_at - later).num_seconds().abs() <= 1);
        assert_eq!(store.hand_back_jobs("nobody-").await.unwrap(), 0);
        assert!(store.job("no-such-id").await.unwrap().is_none());
    }
);

store_test!(
    concurrent_enqueues_of_one_logical_job_make_one_job,
    |db: TestDb| async move {
        let queue = JobQueue::new(db.store.clone());
        let tasks: Vec<_> = (0..50)
            .map(|_| {
                let queue = queue.clone();
                tokio::spawn(async move {
                    queue
                        .enqueue(&jobs::tasks::load_tickers::LoadTickers::default())
                        .await
                        .unwrap()
                })
            })
            .collect();
        let mut ids = Vec::new();
        for task in tasks {
            ids.push(task.await.unwrap().id);
        }
        ids.sort();
        ids.dedup();
        assert_eq!(ids.len(), 1, "all 50 callers got the same job");
        let all = db
            .store
            .list_jobs(&JobFilter {
                status: None,
                queue: Some("tickers".into()),
                limit: 100,
            })
            .await
            .unwrap();
        assert_eq!(all.len(), 1);
        let again = queue
            .enqueue(&jobs::tasks::load_tickers::LoadTickers::default())
            .await
            .unwrap();
        assert!(again.joined);
        assert_eq!(again.id, ids[0]);
    }
);

store_test!(a_delayed_job_waits_for_its_time, |db: TestDb| async move {
    let queue = JobQueue::new(db.store.clone());
    let job = queue
        .enqueue_after(&Noop::default(), Duration::from_secs(120))
        .await
        .unwrap();
    let record = db.store.job(&job.id).await.unwrap().unwrap();
    assert!(record.run_at > Utc::now() + chrono::Duration::seconds(100));
});

store_test!(
    a_periodic_job_runs_once_per_period,
    |db: TestDb| async move {
        use jobs::tasks::refresh_analyses::RefreshAnalyses;
        let queue = JobQueue::new(db.store.clone());
        let first = queue
            .enqueue_once(&RefreshAnalyses {
                day: "2026-11-21".into(),
            })
            .await
            .unwrap();
        assert!(!first.joined);
        // Even after the job has ended, the same period is not queued again.
        db.store
            .finish_job(&first.id, "Done", 1, &serde_json::json!({"Ok": null}))
            .await
            .unwrap();
        let again = queue
            .enqueue_once(&RefreshAnalyses {
                day: "2026-11-21".into(),
            })
            .await
            .unwrap();
        assert!(again.joined);
        assert_eq!(again.id, first.id);
        let next_day = queue
            .enqueue_once(&RefreshAnalyses {
                day: "2026-11-22".into(),
            })
            .await
            .unwrap();
        assert_ne!(next_day.id, first.id);
    }
);

store_test!(
    content_feed_and_notes_read_what_is_stored,
    |db: TestDb| async move {
        let store = &db.store;
        assert!(store.latest_content(3).await.unwrap().is_empty());
        assert!(store.stock_notes("AAPL").await.unwrap().is_none());
        // Written by later features (feed sync, admin editor); inserted directly here.
        let insert =
            "INSERT INTO content_items (title, url, type, published_at) VALUES ($1, $2, $3, $4)";
        let notes =
            "INSERT INTO stock_analysis (symbol, company_overview, ten_k_date) VALUES ($1, $2, $3)";
        for (i, day) in [
            "2026-01-01T00:00:00Z",
            "2026-03-01T00:00:00Z",
            "2026-02-01T00:00:00Z",
        ]
        .iter()
        .enumerate()
        {
            let at = chrono::DateTime::parse_from_rfc3339(day).unwrap().to_utc();
            match store {
                jobs::store::Store::Sqlite(pool) => {
                    sqlx::query(insert)
                        .bind(format!("Post {i}"))
                        .bind(format!("https://example.com/{i}"))
                        .bind("substack")
                        .bind(at)
                        .execute(pool)
                        .await
                        .unwrap();
                }
                jobs::store::Store::Postgres(pool) => {
                    sqlx::query(insert)
                        .bind(format!("Post {i}"))
                        .bind(format!("https://example.com/{i}"))
                        .bind("substack")
                        .bind(at)
                        .execute(pool)
                        .await
                        .unwrap();
                }
            }
        }
        match store {
            jobs::store::Store::Sqlite(pool) => {
                sqlx::query(notes)
                    .bind("AAPL")
                    .bind("\"Makes phones.\"")
                    .bind("2025-11-01")
                    .execute(pool)
                    .await
                    .unwrap();
            }
            jobs::store::Store::Postgres(pool) => {
                sqlx::query(notes)
                    .bind("AAPL")
                    .bind("\"Makes phones.\"")
                    .bind("2025-11-01")
                    .execute(pool)
                    .await
                    .unwrap();
            }
        }
        let titles: Vec<_> = store
            .latest_content(2)
            .await
            .unwrap()
            .into_iter()
            .map(|c| c.title)
            .collect();
        assert_eq!(titles, ["Post 1", "Post 2"], "newest first, limited");
        let stored = store.stock_notes("AAPL").await.unwrap().unwrap();
        assert_eq!(
            stored.company_overview.as_deref(),
            Some("\"Makes phones.\"")
        );
        assert_eq!(stored.ten_k_date.as_deref(), Some("2025-11-01"));
        assert!(stored.risk_factors.is_none());
    }
);

/// A Postgres on this machine is reached in plain TCP: TLS to loopback protects nothing, and
/// with sqlx 0.9.0 it made each new connection take ~180 ms instead of ~10. A URL that asks
/// for TLS still gets it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_postgres_on_this_machine_is_reached_without_tls_unless_the_url_asks() {
    use jobs::{
        settings::DatabaseUrl,
        store::{Backend, Store},
    };

    let tls_of = |store: Store| async move {
        let Store::Postgres(pool) = &store else {
            unreachable!("Postgres only")
        };
        let tls: bool =
            sqlx::query_scalar("SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()")
                .fetch_one(pool)
                .await
                .unwrap();
        let offered: String = sqlx::query_scalar("SHOW ssl")
            .fetch_one(pool)
            .await
            .unwrap();
        store.close().await;
        (tls, offered == "on")
    };
    let db = TestDb::new(Backend::Postgres).await;
    let DatabaseUrl::Postgres(raw) = &db.url else {
        unreachable!("Postgres only")
    };
    assert!(
        raw.contains("127.0.0.1") || raw.contains("localhost"),
        "{raw}"
    );
    let (tls, offered) = tls_of(db.store.clone()).await;
    assert!(!tls, "a loopback connection went through TLS");

    let asked = DatabaseUrl::Postgres(format!("{raw}?sslmode=require"));
    if offered {
        let store = Store::connect(&asked).await.unwrap();
        assert_eq!(tls_of(store).await, (true, true));
    } else {
        // A server without TLS refuses `require`, with the reason.
        let err = Store::connect(&asked).await.unwrap_err().to_string();
        assert!(err.contains("cannot open the database"), "{err}");
    }
}
