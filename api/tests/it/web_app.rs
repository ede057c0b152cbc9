//! The built web app: SPA fallback, cache headers, and JSON 404s under /api.

use crate::{api_test, helpers::spawn_app};

api_test!(
    serves_the_app_with_fallback_and_cache_headers,
    |backend| async move {
        let app = spawn_app(backend).await;
        let index = app.get("/").await;
        assert_eq!(index.status(), 200);
        assert_eq!(index.headers()["cache-control"], "no-cache");
        assert!(
            index
                .text()
                .await
                .unwrap()
                .contains("<title>Ask Bubba</title>")
        );

        let deep = app.get("/stock/AAPL").await;
        assert_eq!(deep.status(), 200, "client-side routes get index.html");
        assert!(deep.text().await.unwrap().contains("id=root"));

        let asset = app.get("/assets/app-123abc.js").await;
        assert_eq!(asset.status(), 200);
        assert_eq!(
            asset.headers()["cache-control"],
            "public, max-age=31536000, immutable"
        );

        let api = app.get("/api/no-such-call").await;
        assert_eq!(api.status(), 404);
        let body: serde_json::Value = api.json().await.unwrap();
        assert_eq!(body["message"], "No such API call.");
    }
);

api_test!(
    an_address_no_page_matches_gets_the_app_with_a_404_status,
    |backend| async move {
        let app = spawn_app(backend).await;
        for path in ["/no-such-page", "/stock/AAPL/extra", "/admin/nope"] {
            let missing = app.get(path).await;
            assert_eq!(missing.status(), 404, "{path}");
            assert_eq!(missing.headers()["cache-control"], "no-store", "{path}");
            let body = missing.text().await.unwrap();
            assert!(
                body.contains("id=root"),
                "{path}: the app draws its not-found page"
            );
        }
        for path in [
            "/",
            "/stock/AAPL",
            "/admin/batch",
            "/reset-password/confirm",
        ] {
            assert_eq!(
                app.get(path).await.status(),
                200,
                "{path} is a page of the app"
            );
        }
    }
);

api_test!(
    every_response_carries_security_headers,
    |backend| async move {
        let app = spawn_app(backend).await;
        for path in ["/", "/healthz", "/api/no-such-call"] {
            let response = app.get(path).await;
            let headers = response.headers();
            assert_eq!(headers["x-content-type-options"], "nosniff", "{path}");
            assert_eq!(headers["x-frame-options"], "DENY", "{path}");
            assert!(headers.contains_key("content-security-policy"), "{path}");
        }
    }
);
