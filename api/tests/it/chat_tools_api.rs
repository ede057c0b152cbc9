//! A language model calling the tools through `POST /api/chat/{symbol}` and the home page's
//! chat, on both databases: the OpenAI golden transcript replayed by the local fake, the real
//! tools over the stored AAPL analysis, the answer streamed to the browser with the stored
//! figures and no "Unverified" marker (what the tools returned is grounded), one query spent
//! per answer, and exact credits under 100 concurrent sends that each take a round of calls.

use jobs::{
    fake_llm::{FakeLlm, Transcript},
    sources::tickers::read_snapshot,
};
use serde_json::{Value, json};

use crate::{
    accounts::support::{browser, get, register},
    api_test,
    chat_api::{chat, store_analysis},
    helpers::{TestApp, market_data_dir, spawn_app_with},
};

async fn fake() -> FakeLlm {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../jobs/tests/fixtures/llm-transcripts/openai-parallel.txt"
    );
    FakeLlm::replay(vec![(
        "openai",
        Transcript::load(std::path::Path::new(path)),
    )])
    .await
}

/// An app whose assistant is the fake OpenAI server at `base`, with AAPL analysed.
async fn tool_app(backend: jobs::store::Backend, base: String) -> TestApp {
    let app = spawn_app_with(backend, |s| {
        s.assistant.provider = jobs::assistant::ProviderKind::OpenAi;
        s.assistant.base_url = Some(base);
        s.assistant.model = Some("fake-gpt".into());
        s.assistant.max_retries = 0;
        s.assistant.messages_per_minute = 100_000;
    })
    .await;
    app.store
        .replace_tickers(&read_snapshot(&market_data_dir()).unwrap())
        .await
        .unwrap();
    store_analysis(&app.store, "AAPL", 320193).await;
    app
}

fn ask(message: &str) -> Value {
    json!({ "message": message, "conversationHistory": [] })
}

api_test!(
    a_language_model_answers_from_the_tools_through_the_chat,
    |backend| async move {
        let fake = fake().await;
        let app = tool_app(backend, fake.url("openai")).await;
        let score = app
            .store
            .latest_analysis("AAPL")
            .await
            .unwrap()
            .unwrap()
            .record
            .score;
        let joe = browser();
        register(&app.address, &joe, "joe@example.com").await;
        for path in ["/api/chat/AAPL", "/api/chat/generic"] {
            let (status, kind, text) = chat(
                &app,
                &joe,
                path,
                ask("How does Apple score? And free cash flow?"),
            )
            .await;
            assert_eq!(status, 200, "{text}");
            assert!(kind.starts_with("text/plain"), "{kind}");
            assert!(
                text.starts_with(&format!("Apple scores {score} out of 100")),
                "{path}: {text}"
            );
            assert!(
                !text.contains("Unverified"),
                "{path}: the tool's figures are grounded: {text}"
            );
        }
        let (_, usage) = get(&joe, &app.url("/api/chat/usage")).await;
        assert_eq!(usage["queriesUsed"], 2);
        let bodies = fake.bodies("openai");
        assert_eq!(bodies.len(), 4, "two rounds per answer");
        assert!(bodies[0]["tools"].as_array().unwrap().len() >= 7);
        assert!(
            bodies[1]["messages"]
                .as_array()
                .unwrap()
                .iter()
                .any(|m| m["role"] == "tool"
                    && m["content"]
                        .as_str()
                        .unwrap()
                        .contains(&format!("\"score\":{score}"))),
            "the score tool's result went back to the model"
        );
    }
);

api_test!(
    a_hundred_concurrent_sends_with_tool_calls_spend_exactly_the_fifty_queries,
    |backend| async move {
        let fake = fake().await;
        let app = tool_app(backend, fake.url("openai")).await;
        let joe = browser();
        register(&app.address, &joe, "joe@example.com").await;
        let sends = (0..100).map(|i| {
            let (client, url) = (joe.clone(), app.url("/api/chat/AAPL"));
            tokio::spawn(async move {
                let response = client
                    .post(url)
                    .json(&json!({"message": format!("score? #{i}"), "conversationHistory": []}))
                    .send()
                    .await
                    .unwrap();
                let status = response.status().as_u16();
                (status, response.text().await.unwrap())
            })
        });
        let (mut served, mut refused) = (0, 0);
        for send in sends {
            match send.await.unwrap() {
                (200, text) => {
                    assert!(text.contains("out of 100"), "{text}");
                    served += 1;
                }
                (429, _) => refused += 1,
                (other, text) => panic!("unexpected {other}: {text}"),
            }
        }
        assert_eq!((served, refused), (50, 50));
        let (_, usage) = get(&joe, &app.url("/api/chat/usage")).await;
        assert_eq!(
            usage,
            json!({"queriesUsed": 50, "queriesLimit": 50, "queriesRemaining": 0})
        );
        assert_eq!(
            fake.requests("openai"),
            100,
            "each answer took a round of calls"
        );
        let user = app
            .store
            .user_by_username("joe@example.com")
            .await
            .unwrap()
            .unwrap();
        assert_eq!(
            app.store.chat_history(user.id, 200).await.unwrap().len(),
            50
        );
    }
);
