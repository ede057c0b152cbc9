//! Schedules on SQLite and on Postgres: create, list, toggle and delete; a tick missed while
//! everything was down fires once; three schedulers and three workers on their own pools
//! fire one batch per schedule and tick.

use chrono::{Duration, SubsecRound, Utc};
use jobs::{
    queue::JobQueue,
    schedules::{self, ScheduleInput, TickOutcome},
    store::Store,
    store_test,
    testing::TestDb,
};

fn hourly_market(name: &str) -> ScheduleInput {
    ScheduleInput {
        name: name.into(),
        selected_stocks: vec!["aapl".into(), "MSFT".into()],
        frequency: "hourly".into(),
        market_hours_only: true,
        interval_minutes: Some(60),
        ..Default::default()
    }
}

/// The `schedule` queue's jobs, whatever their status.
async fn schedule_jobs(store: &Store) -> i64 {
    store
        .job_counts()
        .await
        .unwrap()
        .iter()
        .filter(|c| c.queue == "schedule")
        .map(|c| c.count)
        .sum()
}

store_test!(
    schedules_are_created_listed_toggled_and_deleted,
    |db: TestDb| async move {
        let store = &db.store;
        let now = Utc::now().trunc_subsecs(0);
        let made = schedules::create(store, &hourly_market("Market hours"), Some("admin"), now)
            .await
            .unwrap();
        assert_eq!(made.selected_stocks, ["AAPL", "MSFT"]);
        assert_eq!(made.times.first().map(String::as_str), Some("09:30"));
        assert_eq!(made.times.len(), 7);
        assert_eq!(made.created_by.as_deref(), Some("admin"));
        let next = made
            .next_run_time
            .expect("an enabled schedule has a next run");
        assert!(next > now && next <= now + Duration::days(4), "{next}");
        // The label is the same instant in Los Angeles time: an hourly market schedule's runs
        // are at half past, 6:30 AM to 12:30 PM there.
        let label = made.next_run_label.clone().unwrap();
        assert!(label.ends_with("PST") || label.ends_with("PDT"), "{label}");
        assert!(
            label.contains(":30 AM") || label.contains(":30 PM"),
            "{label}"
        );

        // The switch sends the whole record with the flag flipped: no next run while off.
        let mut off = hourly_market("Market hours");
        off.is_enabled = Some(false);
        let disabled = schedules::update(store, made.id, &off, now).await.unwrap();
        assert!(!disabled.is_enabled);
        assert_eq!(disabled.next_run_time, None);
        assert!(
            store
                .due_schedules(now + Duration::days(8))
                .await
                .unwrap()
                .is_empty()
        );
        let listed = schedules::list(store).await.unwrap();
        assert_eq!(listed, [disabled]);

        let missing = schedules::update(store, made.id + 100, &off, now).await;
        assert!(matches!(missing, Err(schedules::ScheduleError::NotFound)));
        let bad = schedules::create(store, &ScheduleInput::default(), None, now).await;
        assert_eq!(
            bad.unwrap_err().to_string(),
            "Please provide a schedule name and select at least one stock."
        );
        assert!(schedules::delete(store, made.id).await.unwrap());
        assert!(!schedules::delete(store, made.id).await.unwrap());
        assert!(schedules::list(store).await.unwrap().is_empty());
    }
);

store_test!(
    three_schedulers_fire_a_missed_tick_once_and_start_one_batch,
    |db: TestDb| async move {
        let now = Utc::now().trunc_subsecs(0);
        let made = schedules::create(&db.store, &hourly_market("Hourly"), None, now)
            .await
            .unwrap();
        // Everything was down for three hours: the stored next run is long past.
        let missed = now - Duration::hours(3);
        assert!(
            db.store
                .advance_schedule(made.id, made.next_run_time.unwrap(), Some(missed), now)
                .await
                .unwrap()
        );

        // Three schedulers, each with its own pool, tick five times each at once.
        let mut processes = Vec::new();
        for _ in 0..3 {
            processes.push(JobQueue::new(Store::connect(&db.url).await.unwrap()));
        }
        let ticks = processes.iter().map(|queue| async move {
            let mut fired = 0;
            for _ in 0..5 {
                fired += schedules::fire_due(queue, now).await.unwrap();
            }
            fired
        });
        let fired: usize = futures::future::join_all(ticks).await.into_iter().sum();
        assert_eq!(fired, 1, "three missed hourly ticks fire once");
        assert_eq!(schedule_jobs(&db.store).await, 1, "one RunSchedule job");
        let after = db.store.schedule(made.id).await.unwrap().unwrap();
        assert!(
            after.next_run_time.unwrap() > now,
            "the next run is in the future"
        );
        assert!(db.store.due_schedules(now).await.unwrap().is_empty());

        // Three workers run that job at once (a duplicate delivery): one batch.
        let runs = processes
            .iter()
            .map(|queue| schedules::run_tick(queue, made.id, missed, now));
        let outcomes = futures::future::join_all(runs).await;
        let started: Vec<i64> = outcomes
            .iter()
            .filter_map(|o| match o {
                Ok(TickOutcome::Started(id)) => Some(*id),
                _ => None,
            })
            .collect();
        assert_eq!(started.len(), 1, "{outcomes:?}");
        for outcome in &outcomes {
            assert!(
                matches!(
                    outcome,
                    Ok(TickOutcome::Started(_) | TickOutcome::AlreadyFired(_))
                ),
                "{outcome:?}"
            );
        }
        assert_eq!(
            db.store.batch_for_tick(made.id, missed).await.unwrap(),
            Some(started[0])
        );
        let batch = db.store.latest_batch().await.unwrap().unwrap();
        assert_eq!(batch.id, started[0]);
        assert_eq!(
            db.store.batch_children(batch.id).await.unwrap().len(),
            2,
            "AAPL and MSFT"
        );
        let listed = schedules::list(&db.store).await.unwrap();
        assert_eq!(
            listed[0].last_outcome.as_deref(),
            Some(format!("Batch {} running: 0 of 2 stocks", batch.id).as_str())
        );
        // Another run of the tick later still starts nothing.
        let again = schedules::run_tick(&processes[0], made.id, missed, now)
            .await
            .unwrap();
        assert_eq!(again, TickOutcome::AlreadyFired(batch.id));
        for queue in processes {
            queue.store().close().await;
        }
    }
);

store_test!(
    a_tick_refused_by_a_running_batch_is_skipped_with_the_reason,
    |db: TestDb| async move {
        let now = Utc::now().trunc_subsecs(0);
        let made = schedules::create(&db.store, &hourly_market("Hourly"), None, now)
            .await
            .unwrap();
        let queue = JobQueue::new(db.store.clone());
        let manual = jobs::batch::start(
            &queue,
            &["NVDA".to_string()],
            std::time::Duration::from_secs(5),
            None,
            now,
        )
        .await
        .unwrap();
        let tick = made.next_run_time.unwrap();
        let outcome = schedules::run_tick(&queue, made.id, tick, now)
            .await
            .unwrap();
        assert_eq!(
            outcome,
            TickOutcome::Skipped("A batch job is already running.".into())
        );
        assert_eq!(db.store.running_batch().await.unwrap(), Some(manual));
        let listed = schedules::list(&db.store).await.unwrap();
        assert_eq!(
            listed[0].last_outcome.as_deref(),
            Some("Skipped: A batch job is already running.")
        );
        // Run Now is refused the same way, with the reason for the toast.
        let refused = schedules::run_now(&queue, made.id, Some(5), None, now).await;
        assert_eq!(
            refused.unwrap_err().to_string(),
            "A batch job is already running."
        );
    }
);
