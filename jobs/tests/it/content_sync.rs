//! The `SyncContent` job against a real local HTTP server serving real-format feeds (a
//! Substack RSS with `content:encoded` HTML and a YouTube channel's Atom feed), and hostile
//! ones: truncated XML, a billion-laughs entity bomb, bodies over the size cap (announced and
//! not), an HTML page, a 500. The job stores what is good, fails with the reason for what is
//! not, never panics, and never stores markup or a non-web link.

use std::sync::Arc;

use jobs::{
    queue::{
        JobContext,
        runner::{JobError, JobHandler, JobRun},
    },
    store::content::ContentItem,
    store_test,
    tasks::sync_content::SyncContent,
    testing::TestDb,
};
use tokio::{
    io::{AsyncReadExt, AsyncWriteExt},
    net::{TcpListener, TcpStream},
};

const SUBSTACK: &str = include_str!("../feeds/substack.xml");
const YOUTUBE: &str = include_str!("../feeds/youtube.xml");
/// Over the job's 5 MiB cap.
const HUGE: usize = 6 * 1024 * 1024;

/// Starts a server that answers each path with one canned feed (or failure).
async fn feed_server() -> String {
    let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let address = format!("http://{}", listener.local_addr().expect("address"));
    tokio::spawn(async move {
        while let Ok((stream, _)) = listener.accept().await {
            tokio::spawn(serve(stream));
        }
    });
    address
}

async fn serve(mut stream: TcpStream) -> std::io::Result<()> {
    let mut request = vec![0u8; 4096];
    let read = stream.read(&mut request).await?;
    let request = String::from_utf8_lossy(&request[..read]);
    let path = request.split_whitespace().nth(1).unwrap_or("/").to_string();
    let laughs = billion_laughs();
    let (status, content_type, body, announce_length): (&str, &str, Vec<u8>, bool) =
        match path.as_str() {
            "/substack/feed" => (
                "200 OK",
                "application/rss+xml; charset=utf-8",
                SUBSTACK.into(),
                true,
            ),
            "/youtube/videos.xml" => ("200 OK", "text/xml; charset=UTF-8", YOUTUBE.into(), true),
            "/truncated" => (
                "200 OK",
                "application/rss+xml",
                SUBSTACK.as_bytes()[..SUBSTACK.len() / 3].to_vec(),
                true,
            ),
            "/laughs" => ("200 OK", "application/rss+xml", laughs.into_bytes(), true),
            "/huge" => ("200 OK", "application/rss+xml", vec![b' '; HUGE], true),
            "/huge-unannounced" => ("200 OK", "application/rss+xml", vec![b' '; HUGE], false),
            "/html" => (
                "200 OK",
                "text/html; charset=utf-8",
                b"<html><body>Just a moment...</body></html>".to_vec(),
                true,
            ),
            "/broken" => (
                "500 Internal Server Error",
                "text/plain",
                b"oops".to_vec(),
                true,
            ),
            _ => (
                "404 Not Found",
                "text/plain",
                b"no such feed".to_vec(),
                true,
            ),
        };
    let mut head =
        format!("HTTP/1.1 {status}\r\nContent-Type: {content_type}\r\nConnection: close\r\n");
    if announce_length {
        head.push_str(&format!("Content-Length: {}\r\n", body.len()));
    }
    head.push_str("\r\n");
    stream.write_all(head.as_bytes()).await?;
    // A client that hangs up early (the size cap) is expected.
    let _ = stream.write_all(&body).await;
    let _ = stream.shutdown().await;
    Ok(())
}

/// The classic entity-expansion bomb, inside an RSS document.
fn billion_laughs() -> String {
    let mut doctype = String::from("<!DOCTYPE rss [\n<!ENTITY lol0 \"lol\">\n");
    for i in 1..10 {
        let previous = format!("&lol{};", i - 1).repeat(10);
        doctype.push_str(&format!("<!ENTITY lol{i} \"{previous}\">\n"));
    }
    doctype.push(']');
    format!(
        "<?xml version=\"1.0\"?>\n{doctype}>\n<rss version=\"2.0\"><channel><title>Laughs</title>\
         <item><title>&lol9;</title><link>https://example.com/lol</link></item></channel></rss>"
    )
}

/// Runs one `SyncContent` the way the worker does, with `feeds` configured.
async fn sync(db: &TestDb, feeds: &[String]) -> Result<serde_json::Value, JobError> {
    let mut settings = db.job_settings();
    settings.content_feeds = feeds.to_vec();
    let ctx: Arc<JobContext> = JobContext::new(db.store.clone(), settings)
        .await
        .expect("job context");
    let run = JobRun {
        job_id: format!("test-sync-{}", ulid::Ulid::new()),
        queue: "content",
        attempt: 1,
        ctx,
        cancel: Default::default(),
    };
    SyncContent::hourly(chrono::Utc::now()).run(&run).await
}

async fn stored(db: &TestDb) -> Vec<ContentItem> {
    db.store.latest_content(50).await.expect("content")
}

store_test!(
    substack_and_youtube_feeds_become_content_items,
    |db: TestDb| async move {
        let server = feed_server().await;
        let feeds = vec![
            format!("{server}/substack/feed"),
            format!("{server}/youtube/videos.xml"),
        ];
        let first = sync(&db, &feeds).await.expect("the sync succeeds");
        assert_eq!(first["added"], 4, "{first}");
        // The entry whose link is `javascript:` is left out and counted.
        assert_eq!(first["feeds"][0]["skipped"], 1, "{first}");

        let items = stored(&db).await;
        let titles: Vec<&str> = items.iter().map(|i| i.title.as_str()).collect();
        assert_eq!(
            titles,
            [
                "How to Read a 10-K Without Falling Asleep",
                "Why I Still Like Boring Companies",
                "Dividends, Explained Over Sweet Tea",
                "Is Debt Always Bad? Bubba Explains",
            ],
            "newest first"
        );
        let (video, post, tea) = (&items[0], &items[1], &items[2]);

        assert_eq!(video.kind, "youtube");
        assert_eq!(video.platform.as_deref(), Some("YouTube"));
        assert_eq!(video.url, "https://www.youtube.com/watch?v=Xq3b9PorchA");
        assert_eq!(
            video.thumbnail.as_deref(),
            Some("https://i2.ytimg.com/vi/Xq3b9PorchA/hqdefault.jpg")
        );
        assert!(
            video
                .description
                .as_deref()
                .unwrap()
                .starts_with("Bubba walks through")
        );
        assert_eq!(
            video.published_at.unwrap().to_rfc3339(),
            "2026-11-21T15:00:06+00:00"
        );
        assert_eq!(
            video.read_time, None,
            "the channel feed gives no video length"
        );

        assert_eq!(post.kind, "substack");
        assert_eq!(
            post.platform.as_deref(),
            Some("Substack"),
            "<generator>Substack"
        );
        assert_eq!(
            post.description.as_deref(),
            Some("Steady earnings beat flashy stories & big promises")
        );
        assert_eq!(
            post.thumbnail.as_deref(),
            Some(
                "https://substack-post-media.s3.amazonaws.com/public/images/boring-companies.jpeg"
            ),
            "the enclosure image comes before the first inline picture"
        );
        // 287 words of content:encoded (the script is not counted) at 200 words a minute.
        assert_eq!(post.read_time.as_deref(), Some("2 min read"));
        assert_eq!(
            post.published_at.unwrap().to_rfc3339(),
            "2026-11-20T13:02:11+00:00"
        );

        // HTML in the description becomes text; the relative picture resolves to the post's site.
        assert_eq!(
            tea.description.as_deref(),
            Some("What a dividend is, and why it matters")
        );
        assert_eq!(
            tea.thumbnail.as_deref(),
            Some("https://bubbasporch.substack.com/api/v1/image/sweet-tea.png")
        );
        assert_eq!(tea.read_time.as_deref(), Some("1 min read"));

        for item in &items {
            let text = format!("{} {:?}", item.title, item.description);
            for bad in ["<", "alert", "script", "javascript", "iframe", "onerror"] {
                assert!(!text.contains(bad), "'{bad}' stored in {item:?}");
            }
            assert!(item.url.starts_with("https://"), "{item:?}");
        }

        // A re-sync (the next hour) adds nothing twice.
        let second = sync(&db, &feeds).await.expect("the re-sync succeeds");
        assert_eq!(second["added"], 0, "{second}");
        assert_eq!(stored(&db).await, items);
    }
);

store_test!(
    hostile_feeds_fail_with_a_reason_and_store_nothing,
    |db: TestDb| async move {
        let server = feed_server().await;
        let cases = [
            ("/truncated", "not a readable RSS or Atom feed", false),
            ("/laughs", "declares its own XML entities", false),
            ("/huge", "more than 5 MiB", false),
            ("/huge-unannounced", "more than 5 MiB", false),
            ("/html", "content type 'text/html; charset=utf-8'", false),
            ("/broken", "HTTP 500", true),
            ("/missing", "HTTP 404", false),
        ];
        for (path, reason, retryable) in cases {
            let feed = format!("{server}{path}");
            let err = sync(&db, std::slice::from_ref(&feed))
                .await
                .expect_err(path);
            let text = err.to_string();
            assert!(
                text.contains(&feed) && text.contains(reason),
                "{path}: {text}"
            );
            assert_eq!(
                matches!(err, JobError::Retry { .. }),
                retryable,
                "{path}: {text}"
            );
            assert!(stored(&db).await.is_empty(), "{path} stored something");
        }
    }
);

store_test!(
    a_bad_feed_does_not_block_the_good_one_and_removed_items_stay_removed,
    |db: TestDb| async move {
        let server = feed_server().await;
        let feeds = vec![
            format!("{server}/broken"),
            format!("{server}/substack/feed"),
        ];
        let err = sync(&db, &feeds).await.expect_err("one feed is broken");
        assert!(
            err.to_string()
                .contains("2 new item(s) from 1 of 2 feed(s)"),
            "{err}"
        );
        let items = stored(&db).await;
        assert_eq!(items.len(), 2);

        // The admin removes a synced post: the next sync does not bring it back...
        db.store.remove_content(items[0].id).await.expect("remove");
        let feeds = &feeds[1..];
        let again = sync(&db, feeds).await.expect("sync");
        assert_eq!(again["added"], 0, "{again}");
        assert_eq!(stored(&db).await.len(), 1);
        assert!(matches!(
            db.store.remove_content(items[0].id).await,
            Err(jobs::store::StoreError::NotFound)
        ));
    }
);
