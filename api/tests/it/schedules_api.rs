//! The admin's schedule calls end to end: the real router, the real scheduler tick, a real
//! worker serving the `schedule`, `batch` and `analyze` queues, the real SEC snapshot.

use std::time::{Duration, Instant};

use chrono::{SubsecRound, Utc};
use jobs::{queue::JobQueue, sources::tickers::read_snapshot};
use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::{
    accounts::support::{get, post, read, sign_in_admin},
    api_test,
    helpers::{InProcessWorker, TestApp, market_data_dir, spawn_app},
};

async fn admin_app(backend: jobs::store::Backend) -> TestApp {
    let app = spawn_app(backend).await;
    app.store
        .replace_tickers(&read_snapshot(&market_data_dir()).unwrap())
        .await
        .unwrap();
    sign_in_admin(&app.address, &app.store, &app.client).await;
    app
}

fn market_hours(name: &str) -> Value {
    json!({
        "name": name,
        "selected_stocks": ["aapl", "MSFT"],
        "frequency": "hourly",
        "days_of_week": [1, 2, 3, 4, 5],
        "times": [],
        "is_enabled": true,
        "market_hours_only": true,
        "interval_minutes": 60
    })
}

async fn put(app: &TestApp, path: &str, body: Value) -> (StatusCode, Value) {
    read(
        app.client
            .put(app.url(path))
            .json(&body)
            .send()
            .await
            .unwrap(),
    )
    .await
}

/// Polls the batch status every 200 ms until it is not running (at most a minute).
async fn wait_for_batch_end(app: &TestApp) -> Value {
    let started = Instant::now();
    loop {
        let (_, body) = get(&app.client, &app.url("/api/admin/batch-job/status")).await;
        if body["totalTickers"].as_u64().unwrap_or(0) > 0 && body["isRunning"] == false {
            return body;
        }
        assert!(started.elapsed() < Duration::from_secs(60), "{body}");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

api_test!(
    schedules_are_created_listed_toggled_run_and_deleted,
    |backend| async move {
        let app = admin_app(backend).await;
        let _worker = InProcessWorker::start(&app.store, "batch,analyze");
        let (code, made) = post(
            &app.client,
            &app.url("/api/admin/scheduled-jobs"),
            market_hours("Market hours"),
        )
        .await;
        assert_eq!(code, StatusCode::CREATED, "{made}");
        assert_eq!(made["selected_stocks"], json!(["AAPL", "MSFT"]));
        assert_eq!(made["times"][0], "09:30");
        assert_eq!(made["times"][6], "15:30");
        assert_eq!(made["is_enabled"], true);
        let id = made["id"].as_i64().unwrap();
        // Weekdays at half past, 09:30-15:30 New York: 6:30 AM-12:30 PM in Los Angeles.
        let label = made["next_run_label"].as_str().unwrap();
        assert!(
            label.starts_with("Mon")
                || label.starts_with("Tue")
                || label.starts_with("Wed")
                || label.starts_with("Thu")
                || label.starts_with("Fri"),
            "{label}"
        );
        assert!(
            label.contains(":30 AM P") || label.contains("12:30 PM P"),
            "{label}"
        );

        let (code, list) = get(&app.client, &app.url("/api/admin/scheduled-jobs")).await;
        assert_eq!(code, StatusCode::OK);
        assert_eq!(list, json!([made]));

        // Toggling sends the whole record with the flag flipped.
        let mut off = market_hours("Market hours");
        off["is_enabled"] = json!(false);
        let (code, disabled) = put(&app, &format!("/api/admin/scheduled-jobs/{id}"), off).await;
        assert_eq!(code, StatusCode::OK, "{disabled}");
        assert_eq!(disabled["is_enabled"], false);
        assert_eq!(disabled["next_run_time"], Value::Null);

        // Run Now: a batch of the schedule's stocks, 5 s apart, that completes.
        let (code, ran) = post(
            &app.client,
            &app.url(&format!("/api/admin/scheduled-jobs/{id}/run-now")),
            json!({"delaySeconds": 5}),
        )
        .await;
        assert_eq!(code, StatusCode::OK, "{ran}");
        let batch = ran["batchId"].as_i64().unwrap();
        assert_eq!(ran["message"], format!("Batch job {batch} started"));
        let done = wait_for_batch_end(&app).await;
        assert_eq!(done["state"], "completed", "{done}");
        assert_eq!(done["completedTickers"], 2);
        let (_, list) = get(&app.client, &app.url("/api/admin/scheduled-jobs")).await;
        assert_eq!(
            list[0]["last_outcome"],
            format!("Batch {batch} completed: 2 of 2 stocks")
        );
        assert!(list[0]["last_run_time"].is_string());

        let path = format!("/api/admin/scheduled-jobs/{id}");
        let (code, _) = read(
            app.client
                .delete(app.url(&path))
                .header("x-requested-with", "XMLHttpRequest")
                .send()
                .await
                .unwrap(),
        )
        .await;
        assert_eq!(code, StatusCode::OK);
        let (code, body) = read(
            app.client
                .delete(app.url(&path))
                .header("x-requested-with", "XMLHttpRequest")
                .send()
                .await
                .unwrap(),
        )
        .await;
        assert_eq!(code, StatusCode::NOT_FOUND);
        assert_eq!(body["error"], "No such schedule.");
        let (_, list) = get(&app.client, &app.url("/api/admin/scheduled-jobs")).await;
        assert_eq!(list, json!([]));
    }
);

api_test!(
    bad_schedules_get_the_spec_messages_in_error_and_message,
    |backend| async move {
        let app = admin_app(backend).await;
        let url = app.url("/api/admin/scheduled-jobs");
        let mut nameless = market_hours(" ");
        let (code, body) = post(&app.client, &url, nameless.clone()).await;
        assert_eq!(code, StatusCode::BAD_REQUEST);
        let words = "Please provide a schedule name and select at least one stock.";
        assert_eq!(
            (body["error"].as_str(), body["message"].as_str()),
            (Some(words), Some(words))
        );
        nameless["name"] = json!("Hourly");
        nameless["interval_minutes"] = json!(20);
        let (code, body) = post(&app.client, &url, nameless).await;
        assert_eq!(code, StatusCode::BAD_REQUEST);
        assert_eq!(
            body["error"],
            "The interval must be 15 to 360 minutes in steps of 15."
        );
        let daily = json!({"name": "D", "selected_stocks": ["AAPL"], "frequency": "daily", "times": ["9:30"]});
        let (code, body) = post(&app.client, &url, daily).await;
        assert_eq!(code, StatusCode::BAD_REQUEST);
        assert_eq!(
            body["error"],
            "'9:30' is not a time; write it as HH:MM (00:00 to 23:59)."
        );
        let (code, _) = put(&app, "/api/admin/scheduled-jobs/999", market_hours("X")).await;
        assert_eq!(code, StatusCode::NOT_FOUND);
        let (code, _) = post(
            &app.client,
            &app.url("/api/admin/scheduled-jobs/999/run-now"),
            json!({"delaySeconds": 5}),
        )
        .await;
        assert_eq!(code, StatusCode::NOT_FOUND);
        assert!(app.store.schedules().await.unwrap().is_empty());
    }
);

api_test!(
    a_due_schedule_fires_through_the_scheduler_and_the_worker,
    |backend| async move {
        let app = admin_app(backend).await;
        let (code, made) = post(
            &app.client,
            &app.url("/api/admin/scheduled-jobs"),
            market_hours("Due"),
        )
        .await;
        assert_eq!(code, StatusCode::CREATED);
        let id = made["id"].as_i64().unwrap();
        let row = app.store.schedule(id).await.unwrap().unwrap();
        let now = Utc::now().trunc_subsecs(0);
        let due = now - chrono::Duration::minutes(90);
        assert!(
            app.store
                .advance_schedule(id, row.next_run_time.unwrap(), Some(due), now)
                .await
                .unwrap()
        );
        let _worker = InProcessWorker::start(&app.store, "schedule,batch,analyze");
        jobs::runtime::scheduler::tick(&JobQueue::new(app.store.clone())).await;
        let done = wait_for_batch_end(&app).await;
        assert_eq!(done["completedTickers"], 2, "{done}");
        let batch = app.store.batch_for_tick(id, due).await.unwrap();
        assert!(batch.is_some(), "the tick's batch");
        let (_, list) = get(&app.client, &app.url("/api/admin/scheduled-jobs")).await;
        let next = list[0]["next_run_time"].as_str().unwrap();
        assert!(
            chrono::DateTime::parse_from_rfc3339(next).unwrap() > now,
            "{next}"
        );
        // A second tick finds nothing due: no second batch.
        jobs::runtime::scheduler::tick(&JobQueue::new(app.store.clone())).await;
        assert_eq!(
            app.store.latest_batch().await.unwrap().unwrap().id,
            batch.unwrap()
        );
    }
);

api_test!(
    schedule_calls_are_for_the_admin_only,
    |backend| async move {
        let app = spawn_app(backend).await;
        let (code, _) = get(&app.client, &app.url("/api/admin/scheduled-jobs")).await;
        assert_eq!(code, StatusCode::UNAUTHORIZED);
        crate::accounts::support::register(&app.address, &app.client, "joe@example.com").await;
        let (code, body) = post(
            &app.client,
            &app.url("/api/admin/scheduled-jobs"),
            market_hours("Sneaky"),
        )
        .await;
        assert_eq!(code, StatusCode::FORBIDDEN, "{body}");
        assert!(app.store.schedules().await.unwrap().is_empty());
    }
);

api_test!(
    schedules_are_capped_in_number_and_name_length,
    |backend| async move {
        use jobs::schedules::{MAX_NAME_CHARS, MAX_SCHEDULES, NAME_TOO_LONG, TOO_MANY_SCHEDULES};
        let app = admin_app(backend).await;
        let path = app.url("/api/admin/scheduled-jobs");
        let (status, body) = post(
            &app.client,
            &path,
            market_hours(&"n".repeat(MAX_NAME_CHARS + 1)),
        )
        .await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
        assert_eq!(body["message"], NAME_TOO_LONG);
        let (status, body) = post(&app.client, &path, market_hours(&"n".repeat(60_000))).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
        for i in 0..MAX_SCHEDULES {
            let (status, body) = post(&app.client, &path, market_hours(&format!("s{i}"))).await;
            assert_eq!(status, StatusCode::CREATED, "{i}: {body}");
        }
        let (status, body) = post(&app.client, &path, market_hours("one too many")).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
        assert_eq!(body["message"], TOO_MANY_SCHEDULES);
        let (_, list) = get(&app.client, &path).await;
        assert_eq!(list.as_array().unwrap().len(), MAX_SCHEDULES);
    }
);
