//! Defect 2: `/metrics` was public, and every made-up HTTP method (or route) added a series
//! that was never evicted. Now metrics are on their own listener (or behind a bearer token on
//! the public port), and labels are bounded.

use reqwest::{Method, StatusCode};

use crate::{api_test, health::free_port, helpers::spawn_app_with};

api_test!(
    made_up_methods_and_paths_add_no_series,
    |backend| async move {
        let port = free_port();
        let app = spawn_app_with(backend, |s| {
            s.metrics_addr = Some(([127, 0, 0, 1], port).into());
        })
        .await;
        let metrics_url = format!("http://127.0.0.1:{port}/metrics");
        let scrape = || async {
            app.client
                .get(&metrics_url)
                .send()
                .await
                .unwrap()
                .text()
                .await
                .unwrap()
        };
        // One of each kind first, so every legitimate series exists.
        let made_up = |i: usize| Method::from_bytes(format!("BREW{i}").as_bytes()).unwrap();
        app.client
            .request(made_up(0), app.url("/api/tickers/search"))
            .send()
            .await
            .unwrap();
        app.client
            .get(app.url("/api/no-such-0"))
            .send()
            .await
            .unwrap();
        app.client
            .get(app.url("/no-such-page-0"))
            .send()
            .await
            .unwrap();
        let before = scrape().await.lines().count();
        for i in 1..500 {
            app.client
                .request(made_up(i), app.url("/api/tickers/search"))
                .send()
                .await
                .unwrap();
            app.client
                .get(app.url(&format!("/api/no-such-{i}")))
                .send()
                .await
                .unwrap();
            app.client
                .get(app.url(&format!("/no-such-page-{i}")))
                .send()
                .await
                .unwrap();
        }
        let long = Method::from_bytes("X".repeat(60_000).as_bytes()).unwrap();
        // hyper may refuse a request line that long outright; either way it adds no series.
        let _ = app.client.request(long, app.url("/healthz")).send().await;
        let text = scrape().await;
        assert!(
            text.lines().count() <= before + 13,
            "at most one new series (the long method's as `other` on /healthz): {} -> {} lines",
            before,
            text.lines().count()
        );
        assert!(
            !text.contains("BREW"),
            "made-up methods are labelled `other`"
        );
        assert!(text.contains(r#"method="other""#), "{text}");
        assert!(!text.contains("no-such"), "unmatched paths are not labels");
        assert!(text.len() < 64 * 1024, "{} bytes", text.len());
    }
);

api_test!(
    the_public_port_serves_metrics_only_with_the_token,
    |backend| async move {
        let app = spawn_app_with(backend, |_| {}).await;
        let response = app.get("/metrics").await;
        assert_eq!(response.status(), StatusCode::NOT_FOUND);
        assert!(
            !response
                .text()
                .await
                .unwrap()
                .contains("http_request_duration")
        );

        let app = spawn_app_with(backend, |s| s.metrics_token = Some("s3cret-token".into())).await;
        let response = app.get("/metrics").await;
        assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
        let response = app
            .client
            .get(app.url("/metrics"))
            .bearer_auth("wrong-token!")
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
        let response = app
            .client
            .get(app.url("/metrics"))
            .bearer_auth("s3cret-token")
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), StatusCode::OK);
        assert!(
            response
                .text()
                .await
                .unwrap()
                .contains("http_request_duration_seconds")
        );
    }
);

api_test!(
    a_taken_metrics_address_does_not_keep_the_site_down,
    |backend| async move {
        let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let address = taken.local_addr().unwrap();
        let app = spawn_app_with(backend, |s| s.metrics_addr = Some(address)).await;
        assert_eq!(app.get("/healthz").await.status(), StatusCode::OK);
        drop(taken);
    }
);
