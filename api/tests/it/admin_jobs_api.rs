//! The admin Jobs page's calls over real HTTP with a worker in the test process: a job an
//! admin started fails for real (a 10-K auto-analysis of a ticker with no 10-K), the overview
//! counts it, its detail shows its arguments, error and where the admin started it; a retry
//! runs it again (held first by a paused queue, then run after the resume); impossible
//! actions and bad ids get clear answers; nobody but the admin gets in.

use std::time::Duration;

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::{
    accounts::support::{ADMIN, browser, get, message, post, register, sign_in_admin},
    api_test,
    helpers::{InProcessWorker, TestApp, spawn_app},
};

const QUEUE: &str = "auto-analyze-10k";
const NO_10K: &str = "No 10-K found for ZZZZQ";

/// Polls the job's detail until `done` holds; panics after 60 s.
async fn wait_for(
    app: &TestApp,
    admin: &reqwest::Client,
    id: &str,
    done: impl Fn(&Value) -> bool,
) -> Value {
    for _ in 0..600 {
        let (status, job) = get(admin, &app.url(&format!("/api/admin/jobs/{id}"))).await;
        assert_eq!(status, StatusCode::OK, "{job}");
        if done(&job) {
            return job;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("job {id} never reached the state looked for");
}

/// The overview's row of `queue`.
async fn queue_row(app: &TestApp, admin: &reqwest::Client, queue: &str) -> Value {
    let (status, rows) = get(admin, &app.url("/api/admin/jobs/overview")).await;
    assert_eq!(status, StatusCode::OK, "{rows}");
    rows.as_array()
        .unwrap()
        .iter()
        .find(|row| row["queue"] == queue)
        .cloned()
        .unwrap_or_else(|| panic!("no {queue} in {rows}"))
}

api_test!(
    a_failed_job_is_shown_and_retried_from_the_jobs_page,
    |backend| async move {
        let app = spawn_app(backend).await;
        let admin = browser();
        sign_in_admin(&app.address, &app.store, &admin).await;
        let worker = InProcessWorker::start(&app.store, QUEUE);

        // A job the admin starts fails for good: there is no 10-K to read.
        let (status, body) = post(
            &admin,
            &app.url("/api/admin/auto-analyze-10k/ZZZZQ"),
            json!({}),
        )
        .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");

        let row = queue_row(&app, &admin, QUEUE).await;
        assert_eq!(row["failed"], 1, "{row}");
        assert_eq!(row["failedLastHour"], 1, "{row}");
        assert_eq!(row["paused"], false, "{row}");

        let (status, listed) = get(
            &admin,
            &app.url(&format!("/api/admin/jobs?queue={QUEUE}&state=failed")),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{listed}");
        assert_eq!(listed.as_array().unwrap().len(), 1, "{listed}");
        let id = listed[0]["id"].as_str().unwrap().to_string();

        let job = wait_for(&app, &admin, &id, |j| j["status"] == "failed").await;
        assert_eq!(job["args"], json!({ "symbol": "ZZZZQ" }), "{job}");
        assert_eq!(job["attempts"], 1, "{job}");
        let attempts = job["failedAttempts"].as_array().unwrap();
        assert_eq!(attempts.len(), 1, "{job}");
        assert!(
            attempts[0]["error"].as_str().unwrap().starts_with(NO_10K),
            "{job}"
        );
        assert!(job["error"].as_str().unwrap().starts_with(NO_10K), "{job}");
        assert_eq!(
            job["origin"],
            json!({ "startedBy": ADMIN, "screen": "/admin", "action": "Auto-Analyze 10K" })
        );
        assert!(job["timeline"]["queuedAt"].is_string(), "{job}");
        assert!(job["timeline"]["finishedAt"].is_string(), "{job}");

        // A failed job cannot be cancelled.
        let (status, body) = post(
            &admin,
            &app.url(&format!("/api/admin/jobs/{id}/cancel")),
            json!({}),
        )
        .await;
        assert_eq!(status, StatusCode::CONFLICT, "{body}");
        assert_eq!(
            message(&body),
            "This job has already failed: there is nothing to cancel."
        );

        // Paused, the queue holds the retried job; a second retry is refused while it waits.
        let (status, body) = post(
            &admin,
            &app.url(&format!("/api/admin/queues/{QUEUE}/pause")),
            json!({}),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!(queue_row(&app, &admin, QUEUE).await["paused"], true);
        let (status, body) = post(
            &admin,
            &app.url(&format!("/api/admin/jobs/{id}/retry")),
            json!({}),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        tokio::time::sleep(Duration::from_millis(1500)).await;
        let job = wait_for(&app, &admin, &id, |j| j["status"] == "queued").await;
        assert_eq!(job["queuePaused"], true, "{job}");
        assert_eq!(job["attempts"], 1, "{job}");
        let (status, body) = post(
            &admin,
            &app.url(&format!("/api/admin/jobs/{id}/retry")),
            json!({}),
        )
        .await;
        assert_eq!(status, StatusCode::CONFLICT, "{body}");
        assert_eq!(
            message(&body),
            "This job is queued: only a failed or retrying job can be retried."
        );

        // Resumed, it runs again and fails again: two attempts, each with its error.
        let (status, body) = post(
            &admin,
            &app.url(&format!("/api/admin/queues/{QUEUE}/resume")),
            json!({}),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!(queue_row(&app, &admin, QUEUE).await["paused"], false);
        let job = wait_for(&app, &admin, &id, |j| {
            j["status"] == "failed" && j["failedAttempts"].as_array().is_some_and(|a| a.len() == 2)
        })
        .await;
        assert_eq!(job["attempts"], 2, "{job}");
        assert_eq!(queue_row(&app, &admin, QUEUE).await["failed"], 1);
        worker.stop().await;
    }
);

api_test!(
    bad_ids_queues_and_states_get_clear_answers,
    |backend| async move {
        let app = spawn_app(backend).await;
        let admin = browser();
        sign_in_admin(&app.address, &app.store, &admin).await;
        let unknown = "01JABCDEF0123456789ABCDEFG";
        for (path, want) in [
            (format!("/api/admin/jobs/{unknown}"), StatusCode::NOT_FOUND),
            ("/api/admin/jobs/not-a-job".into(), StatusCode::NOT_FOUND),
            ("/api/admin/jobs/%00".into(), StatusCode::BAD_REQUEST),
            (
                "/api/admin/jobs?state=sleeping".into(),
                StatusCode::BAD_REQUEST,
            ),
        ] {
            let (status, body) = get(&admin, &app.url(&path)).await;
            assert_eq!(status, want, "{path}: {body}");
            assert!(!message(&body).is_empty());
        }
        for (path, want) in [
            (
                format!("/api/admin/jobs/{unknown}/retry"),
                StatusCode::NOT_FOUND,
            ),
            (
                format!("/api/admin/jobs/{unknown}/cancel"),
                StatusCode::NOT_FOUND,
            ),
            (
                "/api/admin/jobs/a%01b/retry".into(),
                StatusCode::BAD_REQUEST,
            ),
            (
                "/api/admin/queues/no-such-queue/pause".into(),
                StatusCode::NOT_FOUND,
            ),
            (
                "/api/admin/queues/a%00/resume".into(),
                StatusCode::BAD_REQUEST,
            ),
        ] {
            let (status, body) = post(&admin, &app.url(&path), json!({})).await;
            assert_eq!(status, want, "{path}: {body}");
        }
        let (status, body) = post(
            &admin,
            &app.url(&format!("/api/admin/queues/{QUEUE}/resume")),
            json!({}),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!(message(&body), format!("Queue {QUEUE} was not paused."));
        let (status, jobs) = get(&admin, &app.url("/api/admin/jobs?state=failed")).await;
        assert_eq!((status, jobs), (StatusCode::OK, json!([])));
    }
);

api_test!(nobody_but_the_admin_gets_in, |backend| async move {
    let app = spawn_app(backend).await;
    let visitor = browser();
    let (status, _) = get(&visitor, &app.url("/api/admin/jobs/overview")).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    register(&app.address, &visitor, "porch.sitter@example.com").await;
    for path in ["/api/admin/jobs/overview", "/api/admin/jobs"] {
        let (status, _) = get(&visitor, &app.url(path)).await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{path}");
    }
    let (status, _) = post(
        &visitor,
        &app.url(&format!("/api/admin/queues/{QUEUE}/pause")),
        json!({}),
    )
    .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
});
