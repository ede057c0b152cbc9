//! The content feed over HTTP on both databases: `GET /api/content?limit=`
//! (newest first, default 3), the admin's add/remove calls, and "Sync now" running the real
//! `SyncContent` job on a worker against a local server serving a real-format Substack feed.

use std::time::Duration;

use reqwest::StatusCode;
use serde_json::{Value, json};
use tokio::{io::AsyncWriteExt, net::TcpListener};

use crate::{
    accounts::support::{browser, get, message, post, read, sign_in_admin},
    api_test,
    helpers::{TestApp, spawn_app},
};

const SUBSTACK: &str = include_str!("../../../jobs/tests/feeds/substack.xml");

/// Serves the Substack feed at every path; returns its URL.
async fn feed_server() -> String {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = format!("http://{}/feed", listener.local_addr().unwrap());
    tokio::spawn(async move {
        while let Ok((mut stream, _)) = listener.accept().await {
            tokio::spawn(async move {
                let mut request = [0u8; 2048];
                let _ = tokio::io::AsyncReadExt::read(&mut stream, &mut request).await;
                let head = format!(
                    "HTTP/1.1 200 OK\r\nContent-Type: application/rss+xml; charset=utf-8\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
                    SUBSTACK.len()
                );
                let _ = stream.write_all(head.as_bytes()).await;
                let _ = stream.write_all(SUBSTACK.as_bytes()).await;
            });
        }
    });
    address
}

/// A worker on the `content` queue with `feed` configured, stopped when dropped.
fn content_worker(app: &TestApp, feed: String) -> tokio::sync::watch::Sender<bool> {
    let (stop, mut stopped) = tokio::sync::watch::channel(false);
    let store = app.store.clone();
    tokio::spawn(async move {
        let mut common = jobs::testing::job_settings();
        common.content_feeds = vec![feed];
        let options = jobs::runtime::WorkerOptions {
            queues: vec!["content".into()],
            ..Default::default()
        };
        let _ = jobs::runtime::run_worker(store, common, &options, async move {
            let _ = stopped.wait_for(|s| *s).await;
            Ok(())
        })
        .await;
    });
    stop
}

fn item(title: &str, url: &str, published_at: &str) -> Value {
    json!({
        "title": title, "url": url, "type": "youtube", "publishedAt": published_at,
        "description": "<b>Plain</b> words", "thumbnail": "https://i.ytimg.com/vi/x/hq.jpg",
        "platform": "YouTube", "readTime": "4 min watch",
    })
}

api_test!(
    the_admin_adds_and_removes_items_and_visitors_see_the_newest,
    |backend| async move {
        let app = spawn_app(backend).await;
        let visitor = browser();
        let (status, body) = get(&visitor, &app.url("/api/content")).await;
        assert_eq!(
            (status, body),
            (StatusCode::OK, json!([])),
            "empty at first"
        );

        let admin = browser();
        sign_in_admin(&app.address, &app.store, &admin).await;
        let add = app.url("/api/admin/content");
        let mut ids = Vec::new();
        for (i, day) in ["2026-11-01", "2026-11-03", "2026-11-02", "2026-11-04"]
            .iter()
            .enumerate()
        {
            let body = item(
                &format!("Video {i}"),
                &format!("https://www.youtube.com/watch?v={i}"),
                &format!("{day}T12:00:00Z"),
            );
            let (status, stored) = post(&admin, &add, body).await;
            assert_eq!(status, StatusCode::CREATED, "{stored}");
            assert_eq!(stored["description"], "Plain words", "markup is dropped");
            ids.push(stored["id"].as_i64().unwrap());
        }

        // Default limit 3, newest first, the spec's field names.
        let (status, body) = get(&visitor, &app.url("/api/content")).await;
        assert_eq!(status, StatusCode::OK);
        let titles: Vec<&str> = body
            .as_array()
            .unwrap()
            .iter()
            .map(|i| i["title"].as_str().unwrap())
            .collect();
        assert_eq!(titles, ["Video 3", "Video 1", "Video 2"]);
        let newest = &body[0];
        assert_eq!(newest["type"], "youtube");
        assert_eq!(newest["platform"], "YouTube");
        assert_eq!(newest["readTime"], "4 min watch");
        assert_eq!(newest["url"], "https://www.youtube.com/watch?v=3");
        assert!(
            newest["publishedAt"]
                .as_str()
                .unwrap()
                .starts_with("2026-11-04T12:00:00")
        );
        let (_, body) = get(&visitor, &app.url("/api/content?limit=10")).await;
        assert_eq!(body.as_array().unwrap().len(), 4);
        let (_, body) = get(&visitor, &app.url("/api/content?limit=1")).await;
        assert_eq!(body[0]["title"], "Video 3");

        // Bad input names the problem; a link already in the feed is a conflict.
        for (bad, text) in [
            (
                json!({"url": "https://x.example.com", "type": "youtube"}),
                "Please give the item a title.",
            ),
            (
                json!({"title": "t", "url": "javascript:alert(1)", "type": "youtube"}),
                "The link must be a full web address starting with https://.",
            ),
            (
                json!({"title": "t", "url": "https://x.example.com", "type": "tiktok"}),
                "The type must be substack, youtube or instagram.",
            ),
            (
                json!({"title": "t", "url": "https://x.example.com", "type": "substack", "thumbnail": "data:image/png;base64,AA"}),
                "The thumbnail must be a full web address starting with https://.",
            ),
        ] {
            let (status, body) = post(&admin, &add, bad).await;
            assert_eq!((status, message(&body)), (StatusCode::BAD_REQUEST, text));
        }
        let (status, body) = post(
            &admin,
            &add,
            item(
                "Again",
                "https://www.youtube.com/watch?v=3",
                "2026-11-05T00:00:00Z",
            ),
        )
        .await;
        assert_eq!(
            (status, message(&body)),
            (
                StatusCode::CONFLICT,
                "That link is already in the content feed."
            )
        );

        // Removing: 204, then gone for visitors and the admin list; a second time 404.
        let remove = |id: i64| {
            admin
                .delete(app.url(&format!("/api/admin/content/{id}")))
                .header("x-requested-with", "fetch")
                .send()
        };
        let (status, _) = read(remove(ids[3]).await.unwrap()).await;
        assert_eq!(status, StatusCode::NO_CONTENT);
        let (_, body) = get(&visitor, &app.url("/api/content")).await;
        assert_eq!(body[0]["title"], "Video 1");
        let (_, listed) = get(&admin, &app.url("/api/admin/content")).await;
        assert_eq!(listed.as_array().unwrap().len(), 3);
        let (status, body) = read(remove(ids[3]).await.unwrap()).await;
        assert_eq!(
            (status, message(&body)),
            (StatusCode::NOT_FOUND, "That content item does not exist.")
        );
        let (status, _) = read(remove(0).await.unwrap()).await;
        assert_eq!(status, StatusCode::NOT_FOUND);
    }
);

api_test!(
    sync_now_runs_the_job_and_the_feed_reaches_the_home_page,
    |backend| async move {
        let app = spawn_app(backend).await;
        let _worker = content_worker(&app, feed_server().await);
        let admin = browser();
        sign_in_admin(&app.address, &app.store, &admin).await;
        let (status, started) = post(&admin, &app.url("/api/admin/content/sync"), json!({})).await;
        assert_eq!(status, StatusCode::ACCEPTED, "{started}");
        let job = started["jobId"].as_str().unwrap().to_string();

        let mut state = Value::Null;
        for _ in 0..150 {
            let (_, body) = get(&admin, &app.url(&format!("/api/jobs/{job}"))).await;
            state = body;
            if matches!(state["status"].as_str(), Some("succeeded" | "failed")) {
                break;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        let (_, items) = get(&browser(), &app.url("/api/content")).await;
        let titles: Vec<&str> = items
            .as_array()
            .unwrap()
            .iter()
            .map(|i| i["title"].as_str().unwrap())
            .collect();
        assert_eq!(
            titles,
            [
                "Why I Still Like Boring Companies",
                "Dividends, Explained Over Sweet Tea"
            ],
            "job: {state}"
        );
        assert_eq!(items[0]["platform"], "Substack");
        assert_eq!(items[0]["readTime"], "2 min read");
    }
);
