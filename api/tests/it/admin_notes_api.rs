//! The notes editor's calls: the admin creates a stock's notes, saves fields one
//! at a time, and visitors read them on the stock page; nobody else gets in.

use jobs::accounts::messages;
use reqwest::{Client, StatusCode};
use serde_json::{Value, json};

use crate::{
    accounts::support::{browser, get, message, post, read, register, sign_in_admin},
    api_test,
    helpers::spawn_app,
};

async fn patch(client: &Client, url: &str, body: Value) -> (StatusCode, Value) {
    read(client.patch(url).json(&body).send().await.unwrap()).await
}

api_test!(
    the_admin_writes_notes_that_visitors_read,
    |backend| async move {
        let app = spawn_app(backend).await;
        let admin = browser();
        sign_in_admin(&app.address, &app.store, &admin).await;
        let create = app.url("/api/admin/stock-analysis");

        let (status, body) = post(&admin, &create, json!({ "symbol": "   " })).await;
        assert_eq!(
            (status, message(&body)),
            (StatusCode::BAD_REQUEST, "Please enter a stock symbol")
        );
        let (status, body) = post(&admin, &create, json!({ "symbol": " nvda " })).await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
        assert_eq!(body["symbol"], "NVDA", "trimmed and upper-cased");
        let (status, body) = post(&admin, &create, json!({ "symbol": "NVDA" })).await;
        assert_eq!(status, StatusCode::CONFLICT, "{body}");
        assert!(message(&body).contains("NVDA already has notes"));
        post(&admin, &create, json!({ "symbol": "AAPL" })).await;

        let (status, body) = get(&admin, &app.url("/api/admin/stock-symbols")).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(body, json!(["AAPL", "NVDA"]));

        // NVIDIA's 10-K for the year ended 2026-01-25 (accession 0001045810-26-000021), as
        // the editor sends it: date bare, sections wrapped in double quotes.
        let notes = app.url("/api/admin/stock-analysis/nvda");
        let (status, body) = patch(
            &admin,
            &notes,
            json!({ "field": "tenKDate", "content": "2026-01-25" }),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!(body["tenKDate"], "2026-01-25");
        let overview = "\"NVIDIA makes the chips that\nrun most of the world's AI.\"";
        let (status, body) = patch(
            &admin,
            &notes,
            json!({ "field": "companyOverview", "content": overview }),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!(
            body["companyOverview"], overview,
            "stored as sent, quotes and all"
        );
        assert_eq!(body["riskFactors"], Value::Null, "other fields untouched");

        // Only the 15 known fields; dates must be dates.
        for (field, content) in [
            ("symbol", "MSFT"),
            ("company_overview", "x"),
            ("id", "1"),
            ("updated_at", "now"),
        ] {
            let (status, body) = patch(
                &admin,
                &notes,
                json!({ "field": field, "content": content }),
            )
            .await;
            assert_eq!(status, StatusCode::BAD_REQUEST, "{field}: {body}");
            assert!(message(&body).contains("is not a notes field"), "{body}");
        }
        let (status, body) = patch(
            &admin,
            &notes,
            json!({ "field": "tenKDate", "content": "January 25" }),
        )
        .await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
        let (status, body) = patch(
            &admin,
            &notes,
            json!({ "field": "riskFactors", "content": "x".repeat(20_001) }),
        )
        .await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
        assert!(message(&body).contains("too long"));
        let (status, _) = patch(
            &admin,
            &app.url("/api/admin/stock-analysis/TSLA"),
            json!({ "field": "covenants", "content": "\"none\"" }),
        )
        .await;
        assert_eq!(status, StatusCode::NOT_FOUND, "no record, nothing created");
        assert_eq!(app.store.stock_notes("TSLA").await.unwrap(), None);

        // The admin reads it back; so does the visitor's stock page.
        let (status, body) = get(&admin, &notes).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(body["companyOverview"], overview);
        let (status, body) = get(&browser(), &app.url("/api/stock-analysis/NVDA")).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(body["symbol"], "NVDA");
        assert_eq!(body["companyOverview"], overview);
        assert_eq!(body["tenKDate"], "2026-01-25");

        // Clearing a field.
        let (status, body) = patch(
            &admin,
            &notes,
            json!({ "field": "companyOverview", "content": null }),
        )
        .await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(body["companyOverview"], Value::Null);
        assert_eq!(body["tenKDate"], "2026-01-25");
    }
);

api_test!(
    only_the_admin_reaches_the_notes_editor,
    |backend| async move {
        let app = spawn_app(backend).await;
        let member = browser();
        register(&app.address, &member, "joe@example.com").await;
        let calls = [
            ("GET", "/api/admin/stock-symbols"),
            ("POST", "/api/admin/stock-analysis"),
            ("GET", "/api/admin/stock-analysis/NVDA"),
            ("PATCH", "/api/admin/stock-analysis/NVDA"),
        ];
        for (method, path) in calls {
            for (client, expected, text) in [
                (browser(), StatusCode::UNAUTHORIZED, messages::NOT_SIGNED_IN),
                (
                    member.clone(),
                    StatusCode::FORBIDDEN,
                    messages::ADMIN_FORBIDDEN,
                ),
            ] {
                let body = json!({ "symbol": "NVDA", "field": "covenants", "content": "\"x\"" });
                let request = client.request(method.parse().unwrap(), app.url(path));
                let (status, body) = read(request.json(&body).send().await.unwrap()).await;
                assert_eq!(
                    (status, message(&body)),
                    (expected, text),
                    "{method} {path}"
                );
            }
        }
        assert!(app.store.notes_symbols().await.unwrap().is_empty());
    }
);

api_test!(
    the_storage_page_lists_bytes_per_stock,
    |backend| async move {
        let app = spawn_app(backend).await;
        let admin = browser();
        sign_in_admin(&app.address, &app.store, &admin).await;
        let (status, body) = get(&admin, &app.url("/api/admin/kv-stocks")).await;
        assert_eq!((status, body), (StatusCode::OK, json!([])));

        post(
            &admin,
            &app.url("/api/admin/stock-analysis"),
            json!({ "symbol": "NVDA" }),
        )
        .await;
        patch(
            &admin,
            &app.url("/api/admin/stock-analysis/NVDA"),
            json!({ "field": "tenKDate", "content": "2026-01-25" }),
        )
        .await;
        let (status, body) = get(&admin, &app.url("/api/admin/kv-stocks")).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(body[0]["symbol"], "NVDA");
        assert_eq!(body[0]["dataSize"], 10, "the date's 10 bytes");
        assert_eq!(body[0]["hasData"], true);
        assert!(body[0]["lastUpdated"].is_string(), "{body}");

        let member = browser();
        register(&app.address, &member, "joe@example.com").await;
        let (status, _) = get(&member, &app.url("/api/admin/kv-stocks")).await;
        assert_eq!(status, StatusCode::FORBIDDEN);
        let (status, _) = get(&browser(), &app.url("/api/admin/kv-stocks")).await;
        assert_eq!(status, StatusCode::UNAUTHORIZED);
    }
);

/// AAPL's debt at 2025-12-27 as SEC's company facts report it, written the way the record
/// writes money: us-gaap:LongTermDebt 88,500,000,000 + us-gaap:CommercialPaper 1,997,000,000
/// USD, 10-Q filed 2026-01-30, accession 0000320193-26-000006. The newer 10-Q in the snapshot
/// (2026-03-28, 0000320193-26-000013) carries cash without the marketable securities Apple
/// reported before, so the record reads the whole balance sheet at the last complete date.
const AAPL_DEBT: &str = "$90.5B";

api_test!(
    the_chat_test_answers_without_spending_or_logging,
    |backend| async move {
        let app = crate::chat_api::chat_app(backend, 10).await;
        let admin = browser();
        sign_in_admin(&app.address, &app.store, &admin).await;
        let ask = |message: &str| json!({ "message": message, "conversationHistory": [] });

        let (status, body) = post(
            &admin,
            &app.url("/api/admin/chat-test/AAPL"),
            ask("what's the debt situation?"),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        let reply = body["response"].as_str().unwrap();
        assert!(reply.contains(&format!("{AAPL_DEBT} of debt")), "{reply}");

        // Tootsie Roll (TR) is in SEC's ticker list but has no stored analysis: an honest
        // answer, not an error.
        let (status, body) = post(
            &admin,
            &app.url("/api/admin/chat-test/TR"),
            ask("how's the debt?"),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert!(!body["response"].as_str().unwrap().trim().is_empty());

        let (status, body) = post(
            &admin,
            &app.url("/api/admin/chat-test/ZZZZZZ"),
            ask("hello"),
        )
        .await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{body}");
        assert!(message(&body).contains("ZZZZZZ is not in our data"));
        let (status, body) = post(&admin, &app.url("/api/admin/chat-test/AAPL"), ask("  ")).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");

        // Nothing spent, nothing logged.
        let (_, usage) = get(&admin, &app.url("/api/chat/usage")).await;
        assert_eq!(usage["queriesUsed"], 0, "{usage}");
        let me = app
            .store
            .user_by_username(crate::accounts::support::ADMIN)
            .await
            .unwrap()
            .unwrap();
        assert!(app.store.chat_history(me.id, 10).await.unwrap().is_empty());
        assert!(app.store.chat_sessions(me.id).await.unwrap().is_empty());

        let member = browser();
        register(&app.address, &member, "joe@example.com").await;
        let (status, _) = post(&member, &app.url("/api/admin/chat-test/AAPL"), ask("hi")).await;
        assert_eq!(status, StatusCode::FORBIDDEN);
    }
);
