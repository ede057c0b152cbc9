//! The MCP endpoint through a real MCP client (the official SDK's streamable HTTP client
//! with a bearer token) against the running API, on both databases: every tool listed and
//! called, each answer holding a figure of the stored analysis; one chat query per call and
//! none for listing; a bad call refunded; out of queries answers the chat's own words; the
//! chat's per-minute window counts tool calls too; missing, unknown and revoked tokens
//! refused (revoked also for a client that connected before); the tokens' limit of 10,
//! their names, their hashing, and that only their owner lists or revokes them.

use jobs::{
    accounts::{FREE_CHAT_QUERIES, access_token::TOO_MANY_TOKENS, reset::sha256_hex},
    assistant::tools::glossary,
    sources::tickers::read_snapshot,
    store::Store,
};
use reqwest::{Client, StatusCode};
use rmcp::{
    ServiceExt,
    model::{CallToolRequestParams, CallToolResult},
    service::{RoleClient, RunningService},
    transport::{
        StreamableHttpClientTransport, streamable_http_client::StreamableHttpClientTransportConfig,
    },
};
use serde_json::{Value, json};

use crate::{
    accounts::support::{browser, get, post, register},
    api_test,
    chat_api::store_analysis,
    helpers::{TestApp, market_data_dir, spawn_app_with},
};

type McpClient = RunningService<RoleClient, ()>;

/// An app with the ticker directory, AAPL analysed, one AAPL document, and `per_minute`
/// chat messages (and tool calls) allowed per user.
async fn mcp_app(backend: jobs::store::Backend, per_minute: u32) -> TestApp {
    let app = spawn_app_with(backend, |s| s.assistant.messages_per_minute = per_minute).await;
    app.store
        .replace_tickers(&read_snapshot(&market_data_dir()).unwrap())
        .await
        .unwrap();
    store_analysis(&app.store, "AAPL", 320193).await;
    let passage = "Supplier concentration: most of our components come from a few suppliers.";
    app.store
        .save_document_text(
            "AAPL",
            "suppliers.txt",
            "txt",
            passage,
            &[passage.to_string()],
        )
        .await
        .unwrap();
    app
}

/// Signs up `username` in a fresh browser and makes a token named `name`: (browser, secret).
async fn user_with_token(app: &TestApp, username: &str, name: &str) -> (Client, String) {
    let client = browser();
    register(&app.address, &client, username).await;
    let (status, body) = post(
        &client,
        &app.url("/api/account/tokens"),
        json!({"name": name}),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    (client, body["secret"].as_str().unwrap().to_string())
}

/// A real MCP client on `/mcp` with `token` as its bearer (initialize included).
async fn connect(app: &TestApp, token: &str) -> Result<McpClient, String> {
    let config = StreamableHttpClientTransportConfig::with_uri(app.url("/mcp")).auth_header(token);
    ().serve(StreamableHttpClientTransport::from_config(config))
        .await
        .map_err(|e| e.to_string())
}

async fn call(client: &McpClient, name: &'static str, args: Value) -> CallToolResult {
    let Value::Object(args) = args else {
        panic!("arguments are an object")
    };
    client
        .call_tool(CallToolRequestParams::new(name).with_arguments(args))
        .await
        .unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// The text of a result and whether it is marked as an error.
fn text_of(result: &CallToolResult) -> (String, bool) {
    let text = result.content[0]
        .as_text()
        .expect("text content")
        .text
        .clone();
    (text, result.is_error == Some(true))
}

fn json_of(result: &CallToolResult) -> Value {
    let (text, is_error) = text_of(result);
    assert!(!is_error, "{text}");
    serde_json::from_str(&text).unwrap()
}

async fn queries_used(client: &Client, app: &TestApp) -> i64 {
    let (_, usage) = get(client, &app.url("/api/chat/usage")).await;
    usage["queriesUsed"].as_i64().unwrap()
}

/// A raw `tools/list` POST as any MCP client sends it, with `authorization` when given.
async fn raw_list(app: &TestApp, authorization: Option<&str>) -> reqwest::Response {
    let mut request = Client::new()
        .post(app.url("/mcp"))
        .header("accept", "application/json, text/event-stream")
        .json(&json!({"jsonrpc": "2.0", "id": 1, "method": "tools/list", "params": {}}));
    if let Some(value) = authorization {
        request = request.header("authorization", value);
    }
    request.send().await.unwrap()
}

api_test!(
    every_tool_answers_a_real_client_from_the_stored_analysis_one_query_per_call,
    |backend| async move {
        let app = mcp_app(backend, 1000).await;
        let record = app
            .store
            .latest_analysis("AAPL")
            .await
            .unwrap()
            .unwrap()
            .record;
        let (joe, token) = user_with_token(&app, "joe@example.com", "Claude desktop").await;
        let client = connect(&app, &token).await.unwrap();

        let tools = client.list_all_tools().await.unwrap();
        let names: Vec<&str> = tools.iter().map(|t| t.name.as_ref()).collect();
        assert_eq!(
            names,
            [
                "find_company",
                "score",
                "question",
                "compare",
                "top",
                "documents",
                "glossary"
            ]
        );
        let question = tools.iter().find(|t| t.name == "question").unwrap();
        assert_eq!(
            question.input_schema["required"],
            json!(["symbol", "number"])
        );
        assert_eq!(queries_used(&joe, &app).await, 0, "listing is free");

        let mut used = 0;
        let mut spent_one = async |what: &str| {
            used += 1;
            assert_eq!(
                queries_used(&joe, &app).await,
                used,
                "{what} spends one query"
            );
        };

        let found = json_of(&call(&client, "find_company", json!({"query": "apple"})).await);
        assert_eq!(found["companies"][0]["symbol"], "AAPL", "{found}");
        spent_one("find_company").await;

        let score = json_of(&call(&client, "score", json!({"symbol": "aapl"})).await);
        assert_eq!(score["score"], record.score, "{score}");
        assert_eq!(score["questions"].as_array().unwrap().len(), 12);
        spent_one("score").await;

        let q6 = &record.questions[5];
        let one = json_of(&call(&client, "question", json!({"symbol": "AAPL", "number": 6})).await);
        assert_eq!(
            (&one["title"], &one["score"]),
            (&json!(q6.title), &json!(q6.score))
        );
        assert_eq!(one["comment"], q6.comment);
        spent_one("question").await;

        let both = json_of(&call(&client, "compare", json!({"symbols": ["AAPL", "MSFT"]})).await);
        assert_eq!(both["stocks"][0]["score"], record.score, "{both}");
        assert_eq!(
            both["missing"][0]["symbol"], "MSFT",
            "never analysed: {both}"
        );
        spent_one("compare").await;

        let top = json_of(&call(&client, "top", json!({})).await);
        let aapl = top["stocks"]
            .as_array()
            .unwrap()
            .iter()
            .find(|s| s["symbol"] == "AAPL");
        assert_eq!(aapl.unwrap()["score"], record.score, "{top}");
        spent_one("top").await;

        let docs = json_of(
            &call(
                &client,
                "documents",
                json!({"symbol": "AAPL", "query": "supplier concentration"}),
            )
            .await,
        );
        assert!(
            docs["passages"][0]["text"]
                .as_str()
                .unwrap()
                .contains("a few suppliers"),
            "{docs}"
        );
        spent_one("documents").await;

        let term = json_of(&call(&client, "glossary", json!({"term": "free cash flow"})).await);
        let stored = glossary::lookup("free cash flow").unwrap();
        assert_eq!(term["explanation"], stored.explanation);
        spent_one("glossary").await;

        let (_, listed) = get(&joe, &app.url("/api/account/tokens")).await;
        assert!(listed["tokens"][0]["lastUsedAt"].is_string(), "{listed}");
        client.cancel().await.unwrap();
    }
);

api_test!(
    bad_calls_are_free_and_out_of_queries_answers_the_chats_words,
    |backend| async move {
        let app = mcp_app(backend, 1000).await;
        let (joe, token) = user_with_token(&app, "joe@example.com", "laptop").await;
        let client = connect(&app, &token).await.unwrap();

        let (text, is_error) = text_of(&call(&client, "score", json!({"symbol": "ZZZZZZ"})).await);
        assert!(is_error && text.contains("find_company"), "{text}");
        let (text, is_error) = text_of(&call(&client, "question", json!({"symbol": "AAPL"})).await);
        assert!(is_error && text.contains("number"), "{text}");
        let unknown = client
            .call_tool(CallToolRequestParams::new("buy_stock"))
            .await
            .unwrap_err();
        assert!(
            unknown.to_string().contains("no tool named 'buy_stock'"),
            "{unknown}"
        );
        assert_eq!(
            queries_used(&joe, &app).await,
            0,
            "nothing answered, nothing spent"
        );

        let user_id = app
            .store
            .user_by_username("joe@example.com")
            .await
            .unwrap()
            .unwrap()
            .id;
        for _ in 0..FREE_CHAT_QUERIES {
            let now = chrono::Utc::now();
            app.store
                .spend_chat_query(user_id, FREE_CHAT_QUERIES, now)
                .await
                .unwrap()
                .unwrap();
        }
        let (text, is_error) = text_of(&call(&client, "score", json!({"symbol": "AAPL"})).await);
        assert!(is_error);
        assert_eq!(text, api::routes::chat::OUT_OF_QUERIES);
        assert_eq!(queries_used(&joe, &app).await, i64::from(FREE_CHAT_QUERIES));

        app.store
            .add_purchased_queries(user_id, 1, chrono::Utc::now())
            .await
            .unwrap();
        let paid = json_of(&call(&client, "score", json!({"symbol": "AAPL"})).await);
        assert!(
            paid["score"].is_number(),
            "a purchased query pays for it: {paid}"
        );
        let (_, usage) = get(&joe, &app.url("/api/chat/usage")).await;
        assert_eq!(usage["queriesRemaining"], 0);
        client.cancel().await.unwrap();
    }
);

api_test!(
    tool_calls_and_chat_messages_share_the_per_minute_window,
    |backend| async move {
        let app = mcp_app(backend, 2).await;
        let (joe, token) = user_with_token(&app, "joe@example.com", "laptop").await;
        let client = connect(&app, &token).await.unwrap();
        for _ in 0..2 {
            json_of(&call(&client, "glossary", json!({"term": "dividend"})).await);
        }
        let (text, is_error) =
            text_of(&call(&client, "glossary", json!({"term": "dividend"})).await);
        assert!(
            is_error && text.starts_with("Whoa there, partner"),
            "{text}"
        );
        assert_eq!(
            queries_used(&joe, &app).await,
            2,
            "the refused call spent nothing"
        );
        let chat = joe
            .post(app.url("/api/chat/generic"))
            .json(&json!({"message": "what is a dividend?", "conversationHistory": []}))
            .send()
            .await
            .unwrap();
        assert_eq!(chat.status(), StatusCode::TOO_MANY_REQUESTS);
        let body: Value = chat.json().await.unwrap();
        assert_eq!(body["code"], "rate_limited");
        client.cancel().await.unwrap();
    }
);

api_test!(
    missing_unknown_and_revoked_tokens_are_refused,
    |backend| async move {
        let app = mcp_app(backend, 1000).await;
        let (joe, token) = user_with_token(&app, "joe@example.com", "laptop").await;

        let missing = raw_list(&app, None).await;
        assert_eq!(missing.status(), StatusCode::UNAUTHORIZED);
        assert!(
            missing.headers()["www-authenticate"]
                .to_str()
                .unwrap()
                .starts_with("Bearer")
        );
        let unknown = format!("Bearer bubba_pat_{}", "0".repeat(64));
        for refused in [
            "Bearer nonsense",
            "Basic am9lOnNlY3JldA==",
            unknown.as_str(),
        ] {
            assert_eq!(
                raw_list(&app, Some(refused)).await.status(),
                401,
                "{refused}"
            );
        }
        let cookie_only = joe
            .post(app.url("/mcp"))
            .header("accept", "application/json, text/event-stream")
            .json(&json!({"jsonrpc": "2.0", "id": 1, "method": "tools/list", "params": {}}))
            .send()
            .await
            .unwrap();
        assert_eq!(
            cookie_only.status(),
            401,
            "a signed-in browser's cookie is no token"
        );
        assert!(
            connect(&app, &format!("bubba_pat_{}", "0".repeat(64)))
                .await
                .is_err()
        );

        let listed = raw_list(&app, Some(&format!("Bearer {token}"))).await;
        assert_eq!(listed.status(), 200);
        let from_a_page = Client::new()
            .post(app.url("/mcp"))
            .header("accept", "application/json, text/event-stream")
            .header("authorization", format!("Bearer {token}"))
            .header("origin", "https://evil.example")
            .json(&json!({"jsonrpc": "2.0", "id": 1, "method": "tools/list", "params": {}}))
            .send()
            .await
            .unwrap();
        assert_eq!(
            from_a_page.status(),
            403,
            "another site's page, even with the token"
        );
        let connected = connect(&app, &token).await.unwrap();
        assert_eq!(connected.list_all_tools().await.unwrap().len(), 7);

        let (_, tokens) = get(&joe, &app.url("/api/account/tokens")).await;
        let id = tokens["tokens"][0]["id"].as_i64().unwrap();
        let revoked = joe
            .delete(app.url(&format!("/api/account/tokens/{id}")))
            .header("x-requested-with", "fetch")
            .send()
            .await
            .unwrap();
        assert_eq!(revoked.status(), StatusCode::NO_CONTENT);

        assert!(
            connected.list_all_tools().await.is_err(),
            "the open client is shut out"
        );
        let refused = raw_list(&app, Some(&format!("Bearer {token}"))).await;
        assert_eq!(refused.status(), 401);
        assert!(
            refused.headers()["www-authenticate"]
                .to_str()
                .unwrap()
                .contains("invalid_token")
        );
        assert!(connect(&app, &token).await.is_err());
        assert_eq!(queries_used(&joe, &app).await, 0);
    }
);

/// The stored token hashes of every token, whatever the backend.
async fn stored_hashes(store: &Store) -> Vec<String> {
    let sql = "SELECT token_hash FROM access_tokens ORDER BY id";
    match store {
        Store::Sqlite(pool) => sqlx::query_scalar(sql).fetch_all(pool).await.unwrap(),
        Store::Postgres(pool) => sqlx::query_scalar(sql).fetch_all(pool).await.unwrap(),
    }
}

api_test!(
    ten_tokens_at_most_stored_hashed_and_only_the_owner_sees_or_revokes_them,
    |backend| async move {
        let app = spawn_app_with(backend, |_| {}).await;
        let url = app.url("/api/account/tokens");
        let (status, _) = get(&browser(), &url).await;
        assert_eq!(status, StatusCode::UNAUTHORIZED, "signed in only");

        let (joe, first) = user_with_token(&app, "joe@example.com", "token 1").await;
        assert!(
            first.starts_with("bubba_pat_") && first.len() == 74,
            "{first}"
        );
        assert_eq!(
            stored_hashes(&app.store).await,
            [sha256_hex(&first)],
            "only the hash is kept"
        );
        for n in 2..=10 {
            let (status, _) = post(&joe, &url, json!({"name": format!("token {n}")})).await;
            assert_eq!(status, StatusCode::CREATED);
        }
        let (status, body) = post(&joe, &url, json!({"name": "token 11"})).await;
        assert_eq!(status, StatusCode::CONFLICT);
        assert_eq!(body["message"], TOO_MANY_TOKENS);
        let (_, listed) = get(&joe, &url).await;
        let names: Vec<&str> = listed["tokens"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| t["name"].as_str().unwrap())
            .collect();
        assert_eq!(names.len(), 10);
        assert_eq!(names[0], "token 10", "newest first");
        assert!(
            !listed.to_string().contains("bubba_pat_"),
            "no secret in the list"
        );
        assert_eq!(listed["limit"], 10);

        for (name, expected) in [
            (json!(" "), "Please give the token a name"),
            (json!("x".repeat(61)), "60 characters"),
        ] {
            let (status, body) = post(&joe, &url, json!({"name": name})).await;
            assert_eq!(status, StatusCode::BAD_REQUEST);
            assert!(
                body["message"].as_str().unwrap().contains(expected),
                "{body}"
            );
        }
        let forged = Client::new()
            .post(&url)
            .header("content-type", "text/plain")
            .body("{}")
            .send()
            .await
            .unwrap();
        assert_eq!(
            forged.status(),
            StatusCode::FORBIDDEN,
            "the CSRF rules hold"
        );

        let id = listed["tokens"][0]["id"].as_i64().unwrap();
        let ann = browser();
        register(&app.address, &ann, "ann@example.com").await;
        let (_, hers) = get(&ann, &url).await;
        assert_eq!(hers["tokens"], json!([]), "Ann sees none of Joe's tokens");
        let delete = |client: &Client| {
            client
                .delete(format!("{url}/{id}"))
                .header("x-requested-with", "fetch")
                .send()
        };
        assert_eq!(delete(&ann).await.unwrap().status(), StatusCode::NOT_FOUND);
        assert_eq!(delete(&joe).await.unwrap().status(), StatusCode::NO_CONTENT);
        assert_eq!(
            delete(&joe).await.unwrap().status(),
            StatusCode::NOT_FOUND,
            "revoked once"
        );
        let (status, _) = post(&joe, &url, json!({"name": "token 11"})).await;
        assert_eq!(status, StatusCode::CREATED, "a revoked token makes room");
    }
);
