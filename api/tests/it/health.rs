//! Liveness, readiness and metrics.

use crate::{
    api_test,
    helpers::{market_data_dir, spawn_app, spawn_app_with},
};

api_test!(health_and_readiness, |backend| async move {
    let app = spawn_app(backend).await;
    let health: serde_json::Value = app.get("/healthz").await.json().await.unwrap();
    assert_eq!(health["status"], "ok");
    // A fresh database has no ticker directory yet (no worker runs in this test): not ready.
    let ready = app.get("/readyz").await;
    assert_eq!(ready.status(), 503);
    let body: serde_json::Value = ready.json().await.unwrap();
    assert_eq!(body["reason"], "ticker directory loading");
    app.store
        .replace_tickers(&jobs::sources::tickers::read_snapshot(&market_data_dir()).unwrap())
        .await
        .unwrap();
    let mut status = 0;
    for _ in 0..50 {
        status = app.get("/readyz").await.status().as_u16();
        if status == 200 {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    assert_eq!(status, 200, "ready once the directory is loaded");
    // With the database gone, the service must say it is not ready.
    app.store.close().await;
    let ready = app.get("/readyz").await;
    assert_eq!(ready.status(), 503);
    let body: serde_json::Value = ready.json().await.unwrap();
    assert_eq!(body["reason"], "database unreachable");
});

/// A port free right now, for a metrics listener.
pub fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

api_test!(metrics_report_latency_and_jobs, |backend| async move {
    let port = free_port();
    let app = spawn_app_with(backend, |s| {
        s.metrics_addr = Some(([127, 0, 0, 1], port).into());
    })
    .await;
    app.get("/healthz").await;
    app.get("/api/jobs/nope").await;
    jobs::queue::JobQueue::new(app.store.clone())
        .enqueue(&jobs::tasks::diagnostics::Noop::default())
        .await
        .unwrap();
    let response = app
        .client
        .get(format!("http://127.0.0.1:{port}/metrics"))
        .send()
        .await
        .unwrap();
    assert!(
        response.headers()["content-type"]
            .to_str()
            .unwrap()
            .starts_with("text/plain")
    );
    let text = response.text().await.unwrap();
    assert!(
        text.contains(
            // One from the test's start-up probe, one above.
            r#"http_request_duration_seconds_count{method="GET",route="/healthz",status="200"} 2"#
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
