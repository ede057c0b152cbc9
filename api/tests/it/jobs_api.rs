//! Job status and the live event stream, with a real worker running the job.

use std::time::Duration;

use futures::StreamExt;
use jobs::{queue::JobQueue, tasks::diagnostics::Noop};

use crate::{
    api_test,
    helpers::{InProcessWorker, spawn_app},
};

api_test!(unknown_job_is_404, |backend| async move {
    let app = spawn_app(backend).await;
    let response = app.get("/api/jobs/01ARZ3NDEKTSV4RRFFQ69G5FAV").await;
    assert_eq!(response.status(), 404);
    let body: serde_json::Value = response.json().await.unwrap();
    assert_eq!(body["message"], "No job with that id.");
});

api_test!(
    status_shows_queue_attempts_and_progress,
    |backend| async move {
        let app = spawn_app(backend).await;
        let job = JobQueue::new(app.store.clone())
            .enqueue(&Noop::default())
            .await
            .unwrap();
        let body: serde_json::Value = app
            .get(&format!("/api/jobs/{}", job.id))
            .await
            .json()
            .await
            .unwrap();
        assert_eq!(body["status"], "queued");
        assert_eq!(body["queue"], "noop");
        assert_eq!(body["attempts"], 0);
        assert!(body["progress"].is_null());
        app.store
            .set_progress(
                &job.id,
                "noop",
                "Fetching company data",
                15,
                "Reading filings",
            )
            .await
            .unwrap();
        let body: serde_json::Value = app
            .get(&format!("/api/jobs/{}", job.id))
            .await
            .json()
            .await
            .unwrap();
        assert_eq!(body["progress"]["stage"], "Fetching company data");
        assert_eq!(body["progress"]["percent"], 15);
    }
);

api_test!(
    event_stream_follows_the_job_to_its_end,
    |backend| async move {
        let app = spawn_app(backend).await;
        let job = JobQueue::new(app.store.clone())
            .enqueue(&Noop {
                sleep_ms: 600,
                record_start: true,
            })
            .await
            .unwrap();
        let response = app.get(&format!("/api/jobs/{}/events", job.id)).await;
        assert_eq!(response.headers()["content-type"], "text/event-stream");

        // A real worker picks the job up while the stream is open.
        let worker = InProcessWorker::start(&app.store, "noop");

        let mut statuses = Vec::new();
        let mut body = response.bytes_stream();
        let read = tokio::time::timeout(Duration::from_secs(30), async {
            let mut buffer = String::new();
            while let Some(chunk) = body.next().await {
                buffer.push_str(&String::from_utf8_lossy(&chunk.unwrap()));
                while let Some(end) = buffer.find("\n\n") {
                    let event: String = buffer.drain(..end + 2).collect();
                    if let Some(data) = event.lines().find_map(|l| l.strip_prefix("data: ")) {
                        let job: serde_json::Value = serde_json::from_str(data).unwrap();
                        statuses.push(job["status"].as_str().unwrap().to_string());
                    }
                }
            }
        })
        .await;
        assert!(read.is_ok(), "the stream ends by itself once the job ends");
        assert_eq!(statuses.first().map(String::as_str), Some("queued"));
        assert_eq!(
            statuses.last().map(String::as_str),
            Some("succeeded"),
            "{statuses:?}"
        );
        assert!(statuses.iter().any(|s| s == "running"), "{statuses:?}");
        drop(worker);
    }
);
