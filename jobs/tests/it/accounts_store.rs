//! Conformance of the accounts store methods (users, sessions, the anonymous trial, daily
//! usage and views, reset tokens, bug reports, the outbox) on SQLite and on Postgres.

use chrono::{Duration, Utc};
use jobs::{
    accounts::{
        Password, PasswordHash, ResetToken,
        password::hash_password_blocking,
        usage::{AnonymousOutcome, DailyOutcome},
    },
    store::{
        Store, StoreError,
        bug_reports::NewBugReport,
        outbox::NewEmail,
        users::{NewUser, UserRecord},
    },
    store_test,
    testing::TestDb,
};

pub(crate) fn new_user(username: &str) -> NewUser {
    NewUser {
        username: username.into(),
        password_hash: PasswordHash("$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaA".into()),
        parent_name: Some("Pat O'Neil".into()),
        parent_email: Some("pat@example.com".into()),
        parent_signature: None,
        child_name: Some("Sam".into()),
        parental_consent: true,
        accepted_at: Utc::now(),
    }
}

async fn user(store: &Store, username: &str) -> UserRecord {
    store
        .create_user(&new_user(username))
        .await
        .expect("create user")
}

store_test!(users_are_unique_and_found, |db: TestDb| async move {
    let store = &db.store;
    let joe = user(store, "joe@example.com").await;
    assert_eq!(joe.username, "joe@example.com");
    assert_eq!(joe.parent_name.as_deref(), Some("Pat O'Neil"));
    assert!(joe.parental_consent_at.is_some());
    assert_eq!(joe.terms_accepted_at, joe.privacy_accepted_at);
    assert!(!joe.is_paid_user);
    assert_eq!(joe.purchased_queries, 0);
    assert!(
        !format!("{joe:?}").contains("argon2"),
        "Debug hides the hash"
    );
    assert_eq!(store.user_by_id(joe.id).await.unwrap().unwrap(), joe);
    assert_eq!(
        store
            .user_by_username("joe@example.com")
            .await
            .unwrap()
            .unwrap()
            .id,
        joe.id
    );
    assert!(
        store
            .user_by_username("nobody@example.com")
            .await
            .unwrap()
            .is_none()
    );
    assert!(matches!(
        store.create_user(&new_user("joe@example.com")).await,
        Err(StoreError::Conflict { .. })
    ));
    // SQL metacharacters are data.
    let odd = user(store, "o'brien\"; DROP TABLE users; --@example.com").await;
    assert_eq!(
        store.user_by_id(odd.id).await.unwrap().unwrap().username,
        odd.username
    );
    assert_eq!(store.user_count().await.unwrap(), 2);
    let balance = store.query_balance(joe.id, 50).await.unwrap();
    assert_eq!(
        (balance.used, balance.limit, balance.remaining),
        (0, 50, 50)
    );
});

store_test!(
    concurrent_registrations_make_one_account,
    |db: TestDb| async move {
        let tasks: Vec<_> = (0..20)
            .map(|_| {
                let store = db.store.clone();
                tokio::spawn(async move { store.create_user(&new_user("race@example.com")).await })
            })
            .collect();
        let mut created = 0;
        for task in tasks {
            match task.await.unwrap() {
                Ok(_) => created += 1,
                Err(StoreError::Conflict { .. }) => {}
                Err(other) => panic!("unexpected {other:?}"),
            }
        }
        assert_eq!(created, 1);
        assert_eq!(
            db.store
                .count_users_named("race@example.com")
                .await
                .unwrap(),
            1
        );
    }
);

store_test!(
    sessions_round_trip_expire_and_end_per_user,
    |db: TestDb| async move {
        let store = &db.store;
        let joe = user(store, "joe@example.com").await;
        let now = Utc::now();
        let later = now + Duration::days(7);
        assert!(
            store
                .create_session("k1", b"{}", later, None)
                .await
                .unwrap()
        );
        assert!(
            !store
                .create_session("k1", b"{\"x\":1}", later, None)
                .await
                .unwrap(),
            "a taken key is refused"
        );
        let row = store.load_session("k1", now).await.unwrap().unwrap();
        assert_eq!(row.data, b"{}");
        assert_eq!(row.user_id, None);
        assert_eq!(row.expiry_date.timestamp(), later.timestamp());
        store
            .save_session("k1", b"{\"user_id\":1}", later, Some(joe.id))
            .await
            .unwrap();
        assert_eq!(
            store
                .load_session("k1", now)
                .await
                .unwrap()
                .unwrap()
                .user_id,
            Some(joe.id)
        );
        store
            .save_session("k2", b"{}", later, Some(joe.id))
            .await
            .unwrap();
        store
            .save_session("old", b"{}", now - Duration::seconds(1), None)
            .await
            .unwrap();
        assert!(
            store.load_session("old", now).await.unwrap().is_none(),
            "expired sessions do not load"
        );
        assert_eq!(store.delete_expired_sessions(now).await.unwrap(), 1);
        assert_eq!(store.user_session_count(joe.id, now).await.unwrap(), 2);
        assert_eq!(store.delete_user_sessions(joe.id).await.unwrap(), 2);
        assert!(store.load_session("k1", now).await.unwrap().is_none());
        store.save_session("k3", b"{}", later, None).await.unwrap();
        store.delete_session("k3").await.unwrap();
        assert!(store.load_session("k3", now).await.unwrap().is_none());
    }
);

store_test!(
    anonymous_trial_counts_distinct_symbols,
    |db: TestDb| async move {
        let store = &db.store;
        let now = Utc::now();
        assert!(store.anonymous_session("s1").await.unwrap().is_none());
        let record = |symbol: &'static str| {
            store.record_anonymous_analysis("s1", "10.0.0.1", symbol, trial(10), now)
        };
        assert_eq!(
            record("AAPL").await.unwrap(),
            AnonymousOutcome::Counted { search_count: 1 }
        );
        assert_eq!(
            record("AAPL").await.unwrap(),
            AnonymousOutcome::AlreadyAnalysed { search_count: 1 }
        );
        assert_eq!(
            record("MSFT").await.unwrap(),
            AnonymousOutcome::Counted { search_count: 2 }
        );
        assert_eq!(
            record("TSLA").await.unwrap(),
            AnonymousOutcome::Counted { search_count: 3 }
        );
        assert_eq!(record("NVDA").await.unwrap(), AnonymousOutcome::TrialUsed);
        assert_eq!(
            record("MSFT").await.unwrap(),
            AnonymousOutcome::AlreadyAnalysed { search_count: 3 }
        );
        let session = store.anonymous_session("s1").await.unwrap().unwrap();
        assert_eq!(session.search_count, 3);
        assert_eq!(
            store.anonymous_symbols("s1").await.unwrap().len(),
            3,
            "a refused symbol is not kept"
        );
        assert_eq!(store.anonymous_ip_count("10.0.0.1", now).await.unwrap(), 3);
    }
);

store_test!(
    anonymous_ip_ceiling_spans_sessions,
    |db: TestDb| async move {
        let store = &db.store;
        let now = Utc::now();
        let mut outcomes = Vec::new();
        for (session, symbol) in [("a", "AAPL"), ("a", "MSFT"), ("b", "AAPL"), ("c", "TSLA")] {
            outcomes.push(
                store
                    .record_anonymous_analysis(session, "10.0.0.9", symbol, trial(3), now)
                    .await
                    .unwrap(),
            );
        }
        assert_eq!(outcomes[3], AnonymousOutcome::IpCeiling);
        assert!(outcomes[..3].iter().all(|o| o.allowed()));
        assert!(
            store.anonymous_session("c").await.unwrap().is_none(),
            "a refusal changes nothing"
        );
        // Another address, or the next day, is not affected.
        assert!(
            store
                .record_anonymous_analysis("c", "10.0.0.10", "TSLA", trial(3), now)
                .await
                .unwrap()
                .allowed()
        );
        let tomorrow = now + Duration::days(1);
        assert!(
            store
                .record_anonymous_analysis("d", "10.0.0.9", "TSLA", trial(3), tomorrow)
                .await
                .unwrap()
                .allowed()
        );
        // Reopening never touches the ceiling.
        assert!(
            store
                .record_anonymous_analysis("a", "10.0.0.9", "AAPL", trial(3), now)
                .await
                .unwrap()
                .allowed()
        );
    }
);

store_test!(
    anonymous_trial_holds_under_concurrency,
    |db: TestDb| async move {
        let symbols = ["A", "B", "C", "D", "E", "F", "G", "H"];
        let tasks: Vec<_> = symbols
            .into_iter()
            .map(|symbol| {
                let store = db.store.clone();
                tokio::spawn(async move {
                    store
                        .record_anonymous_analysis(
                            "race",
                            "10.1.1.1",
                            symbol,
                            trial(100),
                            Utc::now(),
                        )
                        .await
                })
            })
            .collect();
        let mut counted = 0;
        for task in tasks {
            if let AnonymousOutcome::Counted { .. } = task.await.unwrap().unwrap() {
                counted += 1;
            }
        }
        assert_eq!(counted, 3);
        assert_eq!(
            db.store
                .anonymous_session("race")
                .await
                .unwrap()
                .unwrap()
                .search_count,
            3
        );
        assert_eq!(db.store.anonymous_symbols("race").await.unwrap().len(), 3);
    }
);

store_test!(
    daily_cap_counts_new_symbols_per_utc_day,
    |db: TestDb| async move {
        let store = &db.store;
        let joe = user(store, "joe@example.com").await;
        let now = Utc::now();
        for i in 1..=3 {
            let outcome = store
                .record_user_analysis(joe.id, &format!("S{i}"), 3, now)
                .await
                .unwrap();
            assert_eq!(outcome, DailyOutcome::Counted { count: i });
        }
        assert_eq!(
            store
                .record_user_analysis(joe.id, "S4", 3, now)
                .await
                .unwrap(),
            DailyOutcome::LimitReached
        );
        assert_eq!(
            store
                .record_user_analysis(joe.id, "S2", 3, now)
                .await
                .unwrap(),
            DailyOutcome::AlreadyViewedToday { count: 3 }
        );
        assert_eq!(store.analyses_today(joe.id, now).await.unwrap(), 3);
        let tomorrow = now + Duration::days(1);
        assert_eq!(
            store
                .record_user_analysis(joe.id, "S4", 3, tomorrow)
                .await
                .unwrap(),
            DailyOutcome::Counted { count: 1 }
        );
        // Views: once per user, stock and day (S1..S3, S4 tomorrow); neither the refusal nor
        // reopening S2 the same day is one (one visitor cannot push a stock up).
        let views = store
            .most_viewed(now - Duration::days(1), 10)
            .await
            .unwrap();
        let total: i64 = views.iter().map(|v| v.views).sum();
        assert_eq!(total, 4);
        assert!(views.iter().all(|v| v.views == 1), "{views:?}");
    }
);

store_test!(daily_cap_holds_under_concurrency, |db: TestDb| async move {
    let joe = user(&db.store, "joe@example.com").await;
    let tasks: Vec<_> = (0..12)
        .map(|i| {
            let store = db.store.clone();
            tokio::spawn(async move {
                store
                    .record_user_analysis(joe.id, &format!("C{i}"), 5, Utc::now())
                    .await
            })
        })
        .collect();
    let mut counted = 0;
    for task in tasks {
        if task.await.unwrap().unwrap().allowed() {
            counted += 1;
        }
    }
    assert_eq!(counted, 5);
    assert_eq!(
        db.store.analyses_today(joe.id, Utc::now()).await.unwrap(),
        5
    );
});

store_test!(anonymous_views_join_the_counts, |db: TestDb| async move {
    let store = &db.store;
    let joe = user(store, "joe@example.com").await;
    let now = Utc::now();
    for _ in 0..3 {
        store.record_anonymous_view("AAPL", now).await.unwrap();
    }
    store.record_anonymous_view("MSFT", now).await.unwrap();
    store.record_user_view(joe.id, "MSFT", now).await.unwrap();
    store.record_user_view(joe.id, "MSFT", now).await.unwrap();
    store
        .record_anonymous_view("OLD", now - Duration::days(40))
        .await
        .unwrap();
    let views = store
        .most_viewed(now - Duration::days(7), 10)
        .await
        .unwrap();
    let pairs: Vec<(&str, i64)> = views.iter().map(|v| (v.symbol.as_str(), v.views)).collect();
    assert_eq!(pairs, [("AAPL", 3), ("MSFT", 3)]);
    assert_eq!(
        store
            .most_viewed(now - Duration::days(7), 1)
            .await
            .unwrap()
            .len(),
        1
    );
});

store_test!(
    reset_tokens_are_single_use_and_expire,
    |db: TestDb| async move {
        let store = &db.store;
        let joe = user(store, "joe@example.com").await;
        let now = Utc::now();
        let email = NewEmail {
            to: joe.username.clone(),
            subject: "Reset".into(),
            body: "link".into(),
            kind: "password_reset".into(),
        };
        let token = ResetToken::generate();
        let outbox_id = store
            .create_reset_token(
                joe.id,
                &token.storage_hash(),
                now + Duration::hours(1),
                &email,
                now,
            )
            .await
            .unwrap();
        let mail = store.email(outbox_id).await.unwrap().unwrap();
        assert_eq!(
            (mail.to_address.as_str(), mail.kind.as_str(), mail.sent_at),
            ("joe@example.com", "password_reset", None)
        );
        assert_eq!(store.open_reset_tokens(joe.id, now).await.unwrap(), 1);
        store
            .save_session("joe-session", b"{}", now + Duration::days(1), Some(joe.id))
            .await
            .unwrap();

        let new_hash =
            hash_password_blocking(&Password::parse(Some("brand new pw")).unwrap()).unwrap();
        assert_eq!(
            store
                .reset_password("not-the-hash", new_hash.as_str(), now)
                .await
                .unwrap(),
            None
        );
        assert_eq!(
            store
                .reset_password(&token.storage_hash(), new_hash.as_str(), now)
                .await
                .unwrap(),
            Some(joe.id)
        );
        assert_eq!(
            store.user_by_id(joe.id).await.unwrap().unwrap().password,
            new_hash.as_str()
        );
        assert_eq!(
            store.user_session_count(joe.id, now).await.unwrap(),
            0,
            "sessions end"
        );
        assert_eq!(
            store
                .reset_password(&token.storage_hash(), "other", now)
                .await
                .unwrap(),
            None,
            "single use"
        );

        let late = ResetToken::generate();
        store
            .create_reset_token(
                joe.id,
                &late.storage_hash(),
                now + Duration::hours(1),
                &email,
                now,
            )
            .await
            .unwrap();
        let after_expiry = now + Duration::hours(1) + Duration::seconds(1);
        assert_eq!(
            store
                .reset_password(&late.storage_hash(), "x", after_expiry)
                .await
                .unwrap(),
            None,
            "expired"
        );
        assert_eq!(
            store.user_by_id(joe.id).await.unwrap().unwrap().password,
            new_hash.as_str()
        );
    }
);

store_test!(bug_reports_and_outbox, |db: TestDb| async move {
    let store = &db.store;
    let now = Utc::now();
    let report = NewBugReport {
        email: "joe@example.com".into(),
        subject: "Robert'); DROP TABLE bug_reports;--".into(),
        description: "The chart is upside down".into(),
        user_id: None,
    };
    let notify = NewEmail {
        to: "admin@example.com".into(),
        subject: "Bug".into(),
        body: "b".into(),
        kind: "bug_report".into(),
    };
    let (stored, email_id) = store
        .create_bug_report(&report, Some(&notify), now)
        .await
        .unwrap();
    assert_eq!(stored.subject, report.subject);
    assert!(email_id.is_some());
    let (_, none) = store.create_bug_report(&report, None, now).await.unwrap();
    assert_eq!(none, None);
    assert_eq!(store.bug_report_count().await.unwrap(), 2);
    assert_eq!(store.bug_reports(1).await.unwrap().len(), 1);

    let id = store.enqueue_email(&notify).await.unwrap();
    store
        .mark_email_failed(id, "connection refused")
        .await
        .unwrap();
    let failed = store.email(id).await.unwrap().unwrap();
    assert_eq!(
        (failed.attempts, failed.error.as_deref(), failed.sent_at),
        (1, Some("connection refused"), None)
    );
    store.mark_email_sent(id, now).await.unwrap();
    let sent = store.email(id).await.unwrap().unwrap();
    assert_eq!(
        (sent.attempts, sent.error, sent.sent_at.is_some()),
        (2, None, true)
    );
    assert_eq!(store.emails_to("admin@example.com").await.unwrap().len(), 2);
    assert_eq!(store.email_count().await.unwrap(), 2);
});

/// The product's trial (3 stocks a session) with an IP ceiling of `per_ip_per_day`.
fn trial(per_ip_per_day: i32) -> jobs::accounts::usage::TrialLimits {
    jobs::accounts::usage::TrialLimits {
        per_session: 3,
        per_ip_per_day,
    }
}
