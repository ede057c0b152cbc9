//! Defect 7 (and the SPA parts of 9): a missing `/assets/` file was answered with
//! `index.html` cached as immutable for a year; a path segment over 255 bytes was a 500;
//! source maps were public.

use reqwest::{StatusCode, header};

use crate::{api_test, helpers::spawn_app};

api_test!(
    only_navigation_falls_back_to_the_app,
    |backend| async move {
        let app = spawn_app(backend).await;
        // A script or style the current build does not have: 404, never cached, never HTML.
        for path in [
            "/assets/missing.js",
            "/assets/app-old.css",
            "/assets/",
            "/favicon-missing.png",
        ] {
            let response = app.get(path).await;
            assert_eq!(response.status(), StatusCode::NOT_FOUND, "{path}");
            assert_eq!(
                response.headers()[header::CACHE_CONTROL],
                "no-store",
                "{path}"
            );
            assert!(
                !response.text().await.unwrap().contains("<title>"),
                "{path}"
            );
        }
        // Even a browser navigating to a missing asset gets no HTML under an asset URL.
        let response = app
            .client
            .get(app.url("/assets/missing.js"))
            .header(header::ACCEPT, "text/html")
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), StatusCode::NOT_FOUND);

        // Navigation: client-side routes, including ones with a dot (a class-B share ticker).
        for path in ["/stock/AAPL", "/account-details", "/stock/BRK.B"] {
            let response = app
                .client
                .get(app.url(path))
                .header(header::ACCEPT, "text/html,application/xhtml+xml")
                .send()
                .await
                .unwrap();
            assert_eq!(response.status(), StatusCode::OK, "{path}");
            assert_eq!(response.headers()[header::CACHE_CONTROL], "no-cache");
            assert!(response.text().await.unwrap().contains("id=root"), "{path}");
        }
        let asset = app.get("/assets/app-123abc.js").await;
        assert_eq!(asset.status(), StatusCode::OK);
        assert_eq!(
            asset.headers()[header::CACHE_CONTROL],
            "public, max-age=31536000, immutable"
        );
    }
);

api_test!(long_segments_and_source_maps, |backend| async move {
    let app = spawn_app(backend).await;
    let long = "a".repeat(300);
    let response = app.get(&format!("/stock/{long}")).await;
    assert_eq!(
        response.status(),
        StatusCode::OK,
        "a long client-side route still gets the app"
    );
    let response = app.get(&format!("/assets/{long}.js")).await;
    assert_eq!(response.status(), StatusCode::NOT_FOUND);

    // A build with source maps next to the bundle: they are still not served.
    let dist = app.web_dist();
    std::fs::write(dist.join("assets/app-123abc.js.map"), "{\"version\":3}").unwrap();
    let response = app.get("/assets/app-123abc.js.map").await;
    assert_eq!(response.status(), StatusCode::NOT_FOUND);
    assert_eq!(response.headers()[header::CACHE_CONTROL], "no-store");
});
