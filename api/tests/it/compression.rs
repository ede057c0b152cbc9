//! Compressed answers: JSON compressed when the browser asks, the web app's files served from
//! their build-time brotli/gzip copies, streams left uncompressed.

use std::io::Read;

use jobs::{queue::JobQueue, sources::tickers::read_snapshot};

use crate::{
    api_test,
    helpers::{TestApp, market_data_dir, spawn_app},
};

/// A client that does not decompress by itself, so the test sees the bytes on the wire.
fn raw_client() -> reqwest::Client {
    reqwest::Client::builder().no_gzip().build().unwrap()
}

async fn fetch(app: &TestApp, path: &str, accept: &str) -> reqwest::Response {
    raw_client()
        .get(app.url(path))
        .header("accept-encoding", accept)
        .send()
        .await
        .unwrap()
}

api_test!(
    json_is_gzipped_when_asked_and_plain_otherwise,
    |backend| async move {
        let app = spawn_app(backend).await;
        app.store
            .replace_tickers(&read_snapshot(&market_data_dir()).unwrap())
            .await
            .unwrap();
        let path = "/api/tickers/search?q=a";
        let plain = fetch(&app, path, "identity").await;
        assert!(plain.headers().get("content-encoding").is_none());
        let plain = plain.bytes().await.unwrap();
        assert!(plain.len() > 512, "a body worth compressing");

        let gzipped = fetch(&app, path, "gzip").await;
        assert_eq!(gzipped.headers()["content-encoding"], "gzip");
        assert_eq!(gzipped.headers()["vary"], "accept-encoding");
        let wire = gzipped.bytes().await.unwrap();
        assert!(
            wire.len() < plain.len() / 2,
            "{} vs {}",
            wire.len(),
            plain.len()
        );
        let mut decoded = Vec::new();
        flate2::read::GzDecoder::new(&wire[..])
            .read_to_end(&mut decoded)
            .unwrap();
        assert_eq!(decoded, plain, "the same JSON once decompressed");

        let brotli = fetch(&app, path, "br, gzip").await;
        assert_eq!(brotli.headers()["content-encoding"], "br");
    }
);

api_test!(
    web_files_come_from_their_precompressed_copies,
    |backend| async move {
        let app = spawn_app(backend).await;
        let asset = app.web_dist().join("assets/app-123abc.js");
        std::fs::write(asset.with_extension("js.br"), b"brotli bytes").unwrap();
        std::fs::write(asset.with_extension("js.gz"), b"gzip bytes").unwrap();

        let br = fetch(&app, "/assets/app-123abc.js", "gzip, deflate, br").await;
        assert_eq!(br.headers()["content-encoding"], "br");
        assert_eq!(br.headers()["vary"], "accept-encoding");
        assert_eq!(br.headers()["content-type"], "text/javascript");
        assert_eq!(br.bytes().await.unwrap(), "brotli bytes");

        let gz = fetch(&app, "/assets/app-123abc.js", "gzip").await;
        assert_eq!(gz.headers()["content-encoding"], "gzip");
        assert_eq!(gz.bytes().await.unwrap(), "gzip bytes");

        let plain = fetch(&app, "/assets/app-123abc.js", "identity").await;
        assert!(plain.headers().get("content-encoding").is_none());
        assert_eq!(plain.bytes().await.unwrap(), "console.log('hi')");
    }
);

api_test!(a_job_event_stream_is_not_compressed, |backend| async move {
    let app = spawn_app(backend).await;
    let job = JobQueue::new(app.store.clone())
        .enqueue(&jobs::tasks::diagnostics::Noop::default())
        .await
        .unwrap();
    let response = fetch(&app, &format!("/api/jobs/{}/events", job.id), "gzip, br").await;
    assert_eq!(response.headers()["content-type"], "text/event-stream");
    assert!(
        response.headers().get("content-encoding").is_none(),
        "a compressor would hold the events back"
    );
});
