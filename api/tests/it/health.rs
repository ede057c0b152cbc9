//! Liveness, readiness and metrics.

use crate::{api_test, helpers::spawn_app};

api_test!(health_and_readiness, |backend| async move {
    let app = spawn_app(backend).await;
    let health: serde_json::Value = app.get("/healthz").await.json().await.unwrap();
    assert_eq!(health["status"], "ok");
    let ready = app.get("/readyz").await;
    assert_eq!(ready.status(), 200);
    // With the database gone, the service must say it is not ready.
    app.store.close().await;
    let ready = app.get("/readyz").await;
    assert_eq!(ready.status(), 503);
    let body: serde_json::Value = ready.json().await.unwrap();
    assert_eq!(body["reason"], "database unreachable");
});

api_test!(metrics_report_latency_and_jobs, |backend| async move {
    let app = spawn_app(backend).await;
    app.get("/healthz").await;
    app.get("/api/jobs/nope").await;
    jobs::queue::JobQueue::new(app.store.clone())
        .enqueue(&jobs::handlers::diagnostics::Noop::default())
        .await
        .unwrap();
    let response = app.get("/metrics").await;
    assert!(
        response.headers()["content-type"]
            .to_str()
            .unwrap()
            .starts_with("text/plain")
    );
    let text = response.text().await.unwrap();
    assert!(
        text.contains(
            r#"http_request_duration_seconds_count{method="GET",route="/healthz",status="200"} 1"#
        ),
        "{text}"
    );
    assert!(
        text.contains(r#"route="/api/jobs/{id}",status="404""#),
        "{text}"
    );
    assert!(
        text.contains(r#"jobs{queue="noop",status="queued"} 1"#),
        "{text}"
    );
});
