//! Conformance of the batch store methods on SQLite and on Postgres: one running batch at a
//! time, children claimed once, the last child ends the batch, stop cancels what has not
//! started, and the cool-down reads when the last batch ended; and a child whose analysis
//! fails upstream on every try still ends the batch on its last try.

use chrono::{Duration, SubsecRound, Utc};
use jobs::{
    batch,
    market_data::TickerEntry,
    queue::{
        Job,
        context::JobContext,
        runner::{JobError, JobHandler, JobRun},
    },
    store::batches::ChildOutcome,
    store_test,
    tasks::batch_analysis::BatchAnalysis,
    testing::TestDb,
};

fn symbols(list: &[&str]) -> Vec<String> {
    list.iter().map(|s| s.to_string()).collect()
}

fn statuses(children: &[jobs::store::batches::BatchChild]) -> Vec<&str> {
    children.iter().map(|c| c.status.as_str()).collect()
}

store_test!(
    the_last_child_ends_the_batch_and_failures_are_summarised,
    |db: TestDb| async move {
        let store = &db.store;
        // Whole seconds: Postgres keeps microseconds, not nanoseconds.
        let start = Utc::now().trunc_subsecs(0) - Duration::minutes(10);
        let id = store
            .start_batch(&symbols(&["AAPL", "TSM"]), 5, Some("admin"), start)
            .await
            .unwrap();
        // A second running batch is refused by the database itself.
        assert!(
            store
                .start_batch(&symbols(&["MSFT"]), 5, None, start)
                .await
                .is_err()
        );
        assert_eq!(store.running_batch().await.unwrap(), Some(id));
        assert!(
            store
                .claim_batch_child(id, "AAPL", "job-1", start)
                .await
                .unwrap()
        );
        let one = start + Duration::seconds(1);
        store
            .finish_batch_child(id, "AAPL", &ChildOutcome::Scored(71), one)
            .await
            .unwrap();
        // A child recorded already is not claimed again (a retried job skips).
        assert!(
            !store
                .claim_batch_child(id, "AAPL", "job-1", start)
                .await
                .unwrap()
        );
        assert_eq!(store.batch(id).await.unwrap().unwrap().status, "running");
        assert_eq!(store.last_batch_end().await.unwrap(), None);

        assert!(
            store
                .claim_batch_child(id, "TSM", "job-2", start)
                .await
                .unwrap()
        );
        let ended = start + Duration::seconds(6);
        let why = ChildOutcome::Failed("IFRS filer".into());
        store
            .finish_batch_child(id, "TSM", &why, ended)
            .await
            .unwrap();
        let run = store.batch(id).await.unwrap().unwrap();
        assert_eq!(run.status, "completed");
        assert_eq!(run.completed_at, Some(ended));
        assert_eq!(
            run.error_message.as_deref(),
            Some("1 of 2 stocks failed. TSM: IFRS filer")
        );
        let children = store.batch_children(id).await.unwrap();
        assert_eq!(statuses(&children), ["completed", "failed"]);
        assert_eq!(children[0].score, Some(71));
        assert_eq!(store.last_batch_end().await.unwrap(), Some(ended));
        // Only the scored child is a result.
        let results = store.batch_results(10).await.unwrap();
        assert_eq!(results.len(), 1);
        assert_eq!(
            (results[0].symbol.as_str(), results[0].score),
            ("AAPL", Some(71))
        );
        assert_eq!(results[0].analysis_date, one);
        // Ten minutes on, the two-minute cool-down is over; 30 s after the end it is not.
        assert!(batch::check(store, Utc::now()).await.unwrap().can_start);
        let soon = batch::check(store, ended + Duration::seconds(30))
            .await
            .unwrap();
        assert!(!soon.can_start);
        assert_eq!(soon.wait_time, 90);
        assert_eq!(
            soon.reason.as_deref(),
            Some("Must wait 2 more minutes after previous job completion")
        );
    }
);

store_test!(
    every_child_failing_fails_the_batch,
    |db: TestDb| async move {
        let store = &db.store;
        let now = Utc::now();
        let id = store
            .start_batch(&symbols(&["TSM"]), 30, None, now)
            .await
            .unwrap();
        assert!(
            store
                .claim_batch_child(id, "TSM", "job-1", now)
                .await
                .unwrap()
        );
        let why = ChildOutcome::Failed("IFRS filer".into());
        store
            .finish_batch_child(id, "TSM", &why, now)
            .await
            .unwrap();
        assert_eq!(store.batch(id).await.unwrap().unwrap().status, "failed");
        assert_eq!(
            batch::status(store).await.unwrap().state.as_deref(),
            Some("errored")
        );
    }
);

store_test!(
    stop_cancels_the_children_not_started,
    |db: TestDb| async move {
        let store = &db.store;
        let now = Utc::now();
        let id = store
            .start_batch(&symbols(&["AAPL", "MSFT", "NVDA"]), 300, None, now)
            .await
            .unwrap();
        assert!(
            store
                .claim_batch_child(id, "AAPL", "job-1", now)
                .await
                .unwrap()
        );
        assert!(batch::stop(store, now).await.unwrap());
        assert!(!batch::stop(store, now).await.unwrap(), "nothing runs now");
        assert_eq!(
            statuses(&store.batch_children(id).await.unwrap()),
            ["running", "cancelled", "cancelled"]
        );
        // The cancelled children's jobs find nothing to do.
        assert!(
            !store
                .claim_batch_child(id, "MSFT", "job-2", now)
                .await
                .unwrap()
        );
        // The child that was running finishes; the stopped batch stays stopped.
        store
            .finish_batch_child(id, "AAPL", &ChildOutcome::Scored(70), now)
            .await
            .unwrap();
        let run = store.batch(id).await.unwrap().unwrap();
        assert_eq!(run.status, "stopped");
        assert_eq!(run.error_message, None);
        // A new batch may be stored once none runs.
        assert!(
            store
                .start_batch(&symbols(&["AAPL"]), 5, None, now)
                .await
                .is_ok()
        );
    }
);

store_test!(
    a_child_failing_upstream_until_its_last_try_ends_the_batch_with_the_reason,
    |db: TestDb| async move {
        let store = &db.store;
        store
            .replace_tickers(&[TickerEntry {
                ticker: "AAPL".into(),
                cik: 320193,
                name: "Apple Inc.".into(),
                exchange: Some("Nasdaq".into()),
            }])
            .await
            .unwrap();
        let id = store
            .start_batch(&symbols(&["AAPL"]), 5, Some("admin"), Utc::now())
            .await
            .unwrap();
        // Live sources at a port nothing listens on: every download fails as an outage.
        let mut settings = db.job_settings();
        settings.market_data_dir = None;
        let down = "http://127.0.0.1:9".to_string();
        settings.sec_data_base_url = down.clone();
        settings.stooq_base_url = down.clone();
        settings.fred_base_url = down.clone();
        settings.finra_base_url = down;
        let ctx = JobContext::new(store.clone(), settings).await.unwrap();
        let child = BatchAnalysis {
            batch_id: id,
            symbol: "AAPL".into(),
        };
        let run = |attempt: i64| JobRun {
            job_id: "batch-child-1".into(),
            queue: BatchAnalysis::QUEUE,
            attempt,
            ctx: ctx.clone(),
            cancel: Default::default(),
        };

        // Tries before the last hand the failure back to the queue, which retries later: the
        // child and the batch are still running.
        for attempt in 1..i64::from(BatchAnalysis::MAX_ATTEMPTS) {
            let err = child.clone().run(&run(attempt)).await.unwrap_err();
            assert!(matches!(err, JobError::Retry { .. }), "{err}");
            assert_eq!(
                statuses(&store.batch_children(id).await.unwrap()),
                ["running"]
            );
            assert_eq!(store.batch(id).await.unwrap().unwrap().status, "running");
        }

        // The last try records the failure on the child, and the batch ends with the reason.
        let last = i64::from(BatchAnalysis::MAX_ATTEMPTS);
        let answer = child.clone().run(&run(last)).await.unwrap();
        let reason = answer["error"].as_str().unwrap().to_string();
        assert!(reason.contains("127.0.0.1:9"), "{answer}");
        let children = store.batch_children(id).await.unwrap();
        assert_eq!(statuses(&children), ["failed"]);
        let ended = store.batch(id).await.unwrap().unwrap();
        assert_eq!(ended.status, "failed");
        assert!(
            ended.error_message.as_deref().unwrap().contains(&reason),
            "{:?}",
            ended.error_message
        );
        // A redelivery of the same child afterwards changes nothing.
        let again = child.run(&run(last)).await.unwrap();
        assert_eq!(again["skipped"], "AAPL");
    }
);
