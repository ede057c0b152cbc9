//! Watchlists, alerts and the weekly digest on SQLite and Postgres: the store's methods, the
//! `CreateAlerts` job on a real company's newer record, and the `SendDigest` job (a change
//! mailed once with its unsubscribe link, no change no e-mail).

use std::sync::Arc;

use chrono::{DateTime, Duration, NaiveDate, Utc};
use jobs::{
    analysis::{AnalysisRecord, analyze, text_format},
    queue::{
        JobContext, JobQueue,
        runner::{JobHandler, JobRun},
    },
    store::{
        Store,
        outbox::NewEmail,
        users::{NewUser, UserRecord},
        watchlist::{AlertSettings, NewAlert, WatchOutcome},
    },
    store_test,
    tasks::{CreateAlerts, SendDigest},
    testing::TestDb,
    trends::{as_of::as_of_inputs, explain},
    watchlist::{WATCH_LIMIT, alerts, digest, due, my_stocks, unsubscribe},
};

use crate::analysis_common as common;

async fn user(store: &Store, username: &str) -> UserRecord {
    store
        .create_user(&NewUser {
            username: username.into(),
            password_hash: jobs::accounts::PasswordHash(
                "$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaA".into(),
            ),
            parent_name: None,
            parent_email: None,
            parent_signature: None,
            child_name: None,
            parental_consent: false,
            accepted_at: Utc::now(),
        })
        .await
        .expect("create user")
}

fn alert(user_id: i64, symbol: &str, key: &str) -> NewAlert {
    NewAlert {
        user_id,
        symbol: symbol.into(),
        change_key: key.into(),
        previous_score: Some(72),
        current_score: Some(64),
        previous_band: Some("green".into()),
        current_band: Some("yellow".into()),
        reason: "Debt 8 → 4: cash fell".into(),
        questions: "[]".into(),
    }
}

store_test!(
    watchlists_hold_fifty_stocks_and_alerts_are_written_once,
    |db: TestDb| async move {
        let store = &db.store;
        let now = Utc::now();
        let joe = user(store, "joe@example.com").await;
        let ann = user(store, "ann@example.com").await;
        assert_eq!(
            store
                .watch(joe.id, "AAPL", Some(70), now, WATCH_LIMIT)
                .await
                .unwrap(),
            WatchOutcome::Added
        );
        assert_eq!(
            store
                .watch(joe.id, "AAPL", Some(70), now, WATCH_LIMIT)
                .await
                .unwrap(),
            WatchOutcome::AlreadyWatched
        );
        for i in 1..WATCH_LIMIT {
            let symbol = format!("S{i}");
            assert_eq!(
                store
                    .watch(joe.id, &symbol, None, now, WATCH_LIMIT)
                    .await
                    .unwrap(),
                WatchOutcome::Added
            );
        }
        assert_eq!(
            store
                .watch(joe.id, "KO", None, now, WATCH_LIMIT)
                .await
                .unwrap(),
            WatchOutcome::Full,
            "the 51st is refused"
        );
        assert_eq!(
            store
                .watch(ann.id, "AAPL", None, now, WATCH_LIMIT)
                .await
                .unwrap(),
            WatchOutcome::Added,
            "another user's list is their own"
        );
        let list = store.watchlist(joe.id).await.unwrap();
        assert_eq!(list.len(), WATCH_LIMIT as usize);
        assert_eq!(list.iter().filter(|w| w.symbol == "AAPL").count(), 1);
        let watchers = store.watchers("AAPL").await.unwrap();
        assert_eq!(
            watchers.iter().map(|w| w.user_id).collect::<Vec<_>>(),
            [joe.id, ann.id]
        );
        assert!(watchers.iter().all(|w| w.alerts_enabled));
        assert!(store.unwatch(joe.id, "S1").await.unwrap());
        assert!(!store.unwatch(joe.id, "S1").await.unwrap());
        assert_eq!(
            store
                .watch(joe.id, "KO", None, now, WATCH_LIMIT)
                .await
                .unwrap(),
            WatchOutcome::Added
        );
        assert!(
            store
                .watched_symbols()
                .await
                .unwrap()
                .contains(&"KO".to_string())
        );

        // Scores kept per day: "since last week" reads the latest on or before a day.
        let day = |d: &str| d.parse::<NaiveDate>().unwrap();
        store
            .record_watched_score("AAPL", day("2026-11-01"), 60)
            .await
            .unwrap();
        store
            .record_watched_score("AAPL", day("2026-11-01"), 61)
            .await
            .unwrap();
        store
            .record_watched_score("AAPL", day("2026-11-20"), 66)
            .await
            .unwrap();
        assert_eq!(
            store
                .watched_score_on("AAPL", day("2026-11-19"))
                .await
                .unwrap(),
            Some(61)
        );
        assert_eq!(
            store
                .watched_score_on("AAPL", day("2026-10-01"))
                .await
                .unwrap(),
            None
        );

        // Alerts: one per user, stock and change.
        assert!(
            store
                .insert_alert(&alert(joe.id, "AAPL", "2026-Q2>2026-Q4"), now)
                .await
                .unwrap()
        );
        assert!(
            !store
                .insert_alert(&alert(joe.id, "AAPL", "2026-Q2>2026-Q4"), now)
                .await
                .unwrap()
        );
        assert!(
            store
                .insert_alert(&alert(ann.id, "AAPL", "2026-Q2>2026-Q4"), now)
                .await
                .unwrap()
        );
        assert!(
            store
                .insert_alert(&alert(joe.id, "KO", "2026-Q2>2026-Q4"), now)
                .await
                .unwrap()
        );
        assert_eq!(store.unread_alert_count(joe.id).await.unwrap(), 2);
        let listed = store.alerts(joe.id, 10).await.unwrap();
        assert_eq!(listed.len(), 2);
        let ann_alert = store.alerts(ann.id, 10).await.unwrap()[0].id;
        // Another user's id is ignored.
        assert_eq!(
            store
                .mark_alerts_read(joe.id, Some(&[ann_alert]), now)
                .await
                .unwrap(),
            0
        );
        assert_eq!(
            store
                .mark_alerts_read(joe.id, Some(&[listed[0].id]), now)
                .await
                .unwrap(),
            1
        );
        assert_eq!(store.unread_alert_count(joe.id).await.unwrap(), 1);
        assert_eq!(store.mark_alerts_read(joe.id, None, now).await.unwrap(), 1);
        assert_eq!(store.unread_alert_count(joe.id).await.unwrap(), 0);
        assert_eq!(store.unread_alert_count(ann.id).await.unwrap(), 1);
        let week = store
            .alerts_between(joe.id, now - Duration::days(7), now + Duration::seconds(1))
            .await
            .unwrap();
        assert_eq!(week.len(), 2);

        // Settings: defaults, then stored.
        assert_eq!(
            store.alert_settings(joe.id).await.unwrap(),
            AlertSettings::default()
        );
        let chosen = AlertSettings {
            alerts_enabled: false,
            digest_enabled: true,
            digest_day: 5,
        };
        store
            .save_alert_settings(joe.id, chosen, now)
            .await
            .unwrap();
        assert_eq!(store.alert_settings(joe.id).await.unwrap(), chosen);
        assert!(!store.watchers("AAPL").await.unwrap()[0].alerts_enabled);

        // The digest of a week is decided once; the outbox row comes with it.
        assert_eq!(
            store.digest_decision(joe.id, "2026-W48").await.unwrap(),
            None
        );
        let email = NewEmail {
            to: "joe@example.com".into(),
            subject: "s".into(),
            body: "b".into(),
            kind: digest::KIND.into(),
        };
        let mut tx = store.begin().await.unwrap();
        let first = tx
            .record_digest(
                joe.id,
                "2026-W48",
                Some((&email, r#"{"List-Unsubscribe":"<x>"}"#)),
                2,
                now,
            )
            .await
            .unwrap();
        tx.commit().await.unwrap();
        let outbox_id = first.flatten().expect("an outbox row");
        let mut tx = store.begin().await.unwrap();
        assert_eq!(
            tx.record_digest(joe.id, "2026-W48", Some((&email, "{}")), 2, now)
                .await
                .unwrap(),
            None
        );
        tx.commit().await.unwrap();
        assert_eq!(store.emails_to("joe@example.com").await.unwrap().len(), 1);
        assert_eq!(
            store
                .email(outbox_id)
                .await
                .unwrap()
                .unwrap()
                .headers
                .as_deref(),
            Some(r#"{"List-Unsubscribe":"<x>"}"#)
        );
        assert_eq!(
            store.digest_decision(joe.id, "2026-W48").await.unwrap(),
            Some(Some(outbox_id))
        );
        // A rolled-back decision leaves nothing.
        let mut tx = store.begin().await.unwrap();
        tx.record_digest(ann.id, "2026-W48", Some((&email, "{}")), 1, now)
            .await
            .unwrap();
        drop(tx);
        assert_eq!(
            store.digest_decision(ann.id, "2026-W48").await.unwrap(),
            None
        );
        assert_eq!(store.email_count().await.unwrap(), 1);
        let due: Vec<i64> = store
            .digest_users("2026-W48")
            .await
            .unwrap()
            .iter()
            .map(|u| u.user_id)
            .collect();
        assert_eq!(due, [ann.id], "joe's week is decided");

        // One secret, made once.
        let secret = store.server_secret("unsubscribe_hmac").await.unwrap();
        assert_eq!(secret.len(), 64);
        assert_eq!(
            store.server_secret("unsubscribe_hmac").await.unwrap(),
            secret
        );
    }
);

/// A job run the way the worker runs it.
async fn job_run(db: &TestDb, queue: &'static str) -> JobRun {
    let ctx: Arc<JobContext> = JobContext::new(db.store.clone(), db.job_settings())
        .await
        .expect("job context");
    JobRun {
        job_id: format!("test-{queue}-{}", ulid::Ulid::new()),
        queue,
        attempt: 1,
        ctx,
        cancel: Default::default(),
    }
}

/// GOOGL as of `as_of` with only what was known then.
async fn googl_as_of(as_of: NaiveDate) -> AnalysisRecord {
    let inputs = as_of_inputs(common::load("GOOGL", 1652044).await, as_of);
    analyze(&inputs, as_of).expect("GOOGL")
}

/// GOOGL's 2026-Q2 record (as of 30 June), then its newest one stored at `stored_at`.
async fn googl_two_records(store: &Store, stored_at: DateTime<Utc>) {
    let june = googl_as_of("2026-06-30".parse().unwrap()).await;
    store
        .save_quarter_analysis(&june, "2026-Q2", stored_at - Duration::days(120))
        .await
        .unwrap();
    let latest = googl_as_of(common::snapshot_day()).await;
    store
        .save_analysis(&latest, &text_format::to_text(&latest), stored_at)
        .await
        .unwrap();
}

store_test!(
    a_newer_record_alerts_its_watchers_with_its_reason_once,
    |db: TestDb| async move {
        let store = &db.store;
        let stored_at = Utc::now();
        let joe = user(store, "joe@example.com").await;
        let quiet = user(store, "quiet@example.com").await;
        let late = user(store, "late@example.com").await;
        let before = stored_at - Duration::days(1);
        store
            .watch(joe.id, "GOOGL", Some(50), before, WATCH_LIMIT)
            .await
            .unwrap();
        store
            .watch(quiet.id, "GOOGL", None, before, WATCH_LIMIT)
            .await
            .unwrap();
        store
            .save_alert_settings(
                quiet.id,
                AlertSettings {
                    alerts_enabled: false,
                    ..AlertSettings::default()
                },
                before,
            )
            .await
            .unwrap();
        googl_two_records(store, stored_at).await;
        // Watched after the newer record was stored: that change is old news to them.
        store
            .watch(
                late.id,
                "GOOGL",
                None,
                stored_at + Duration::seconds(1),
                WATCH_LIMIT,
            )
            .await
            .unwrap();

        let out = CreateAlerts {
            symbol: "GOOGL".into(),
        }
        .run(&job_run(&db, "alerts").await)
        .await
        .expect("alerts job");
        assert_eq!(out["created"], 1, "{out}");
        assert_eq!(out["change"], "2026-Q2>2026-Q4");

        let records = store.latest_quarter_records("GOOGL").await.unwrap();
        let expected = alerts::change_of(&explain(&records[1], &records[0])).expect("a change");
        let got = store.alerts(joe.id, 10).await.unwrap();
        assert_eq!(got.len(), 1);
        assert_eq!(got[0].reason, expected.reason);
        assert_eq!(got[0].current_score, records[0].row.score);
        assert_eq!(got[0].previous_score, records[1].row.score);
        assert!(!got[0].reason.is_empty());
        assert!(
            store.alerts(quiet.id, 10).await.unwrap().is_empty(),
            "alerts off"
        );
        assert!(
            store.alerts(late.id, 10).await.unwrap().is_empty(),
            "watched after the change"
        );

        // A re-run (delivery is at least once) writes nothing new.
        let again = CreateAlerts {
            symbol: "GOOGL".into(),
        }
        .run(&job_run(&db, "alerts").await)
        .await
        .unwrap();
        assert_eq!(again["created"], 0);
        assert_eq!(store.alerts(joe.id, 10).await.unwrap().len(), 1);

        // My stocks reads the same stored numbers.
        let mine = my_stocks::my_stocks(store, joe.id, Utc::now())
            .await
            .unwrap();
        assert_eq!(mine[0].score, records[0].row.score);
        assert_eq!(
            mine[0].change_since_added,
            records[0].row.score.map(|s| s - 50)
        );
        assert!(mine[0].last_change_reason.is_some());
        assert_eq!(
            my_stocks::weakest_questions(&mine).len(),
            my_stocks::WEAKEST
        );
    }
);

store_test!(
    the_weekly_digest_mails_a_change_once_and_no_change_never,
    |db: TestDb| async move {
        let store = &db.store;
        let now = Utc::now();
        let joe = user(store, "joe@example.com").await;
        let ann = user(store, "ann@example.com").await;
        store
            .watch(joe.id, "AAPL", None, now, WATCH_LIMIT)
            .await
            .unwrap();
        store
            .watch(ann.id, "KO", None, now, WATCH_LIMIT)
            .await
            .unwrap();
        store
            .insert_alert(&alert(joe.id, "AAPL", "2026-Q2>2026-Q4"), now)
            .await
            .unwrap();
        let week = digest::iso_week(now);

        for (who, runs) in [(joe.id, 2), (ann.id, 1)] {
            for _ in 0..runs {
                SendDigest {
                    user_id: who,
                    iso_week: week.clone(),
                }
                .run(&job_run(&db, "digest").await)
                .await
                .expect("digest job");
            }
        }
        assert!(
            store.emails_to("ann@example.com").await.unwrap().is_empty(),
            "no change, no e-mail"
        );
        assert_eq!(
            store.digest_decision(ann.id, &week).await.unwrap(),
            Some(None)
        );
        let mails = store.emails_to("joe@example.com").await.unwrap();
        assert_eq!(mails.len(), 1, "a re-run sends no second e-mail");
        let mail = &mails[0];
        assert_eq!(mail.kind, digest::KIND);
        assert!(
            mail.body.contains("AAPL: score 72 → 64, green → yellow"),
            "{}",
            mail.body
        );
        let headers = jobs::mail::extra_headers(mail).unwrap();
        assert_eq!(
            headers[1],
            (
                "List-Unsubscribe-Post".into(),
                "List-Unsubscribe=One-Click".into()
            )
        );
        let link = headers[0].1.trim_matches(['<', '>']).to_string();
        assert!(mail.body.contains(&link));
        let token = link.split("token=").nth(1).unwrap();
        let secret = unsubscribe::secret(store).await.unwrap();
        assert_eq!(unsubscribe::verify(&secret, token), Some(joe.id));

        // The scheduler's tick queues each user's digest once per week, on their day.
        let queue = JobQueue::new(store.clone());
        let next_week = now + Duration::days(7);
        let day =
            i32::try_from(chrono::Datelike::weekday(&next_week).number_from_monday()).unwrap();
        store
            .save_alert_settings(
                joe.id,
                AlertSettings {
                    digest_day: day,
                    ..AlertSettings::default()
                },
                now,
            )
            .await
            .unwrap();
        assert_eq!(
            due::queue_due_digests(&queue, next_week).await.unwrap(),
            1,
            "joe's day; ann's is Monday"
        );
        assert_eq!(
            due::queue_due_digests(&queue, next_week).await.unwrap(),
            0,
            "once per week"
        );
    }
);
