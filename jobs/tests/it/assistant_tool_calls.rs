//! The tools as function calls, against golden transcripts in each provider's documented wire
//! format (`tests/fixtures/llm-transcripts/`), replayed by the local fake at the HTTP level:
//! OpenAI (parallel calls), Ollama (every call numbered 0), llama.cpp (tools only without
//! streaming), a server with endings outside the documented set, Anthropic (`tool_use`,
//! `input_json_delta`), and a model that calls too much or badly. Each conversation runs the
//! real tools over a store holding AAPL's analysis of the snapshot: the figures in the answer
//! are the stored record's, the requests carry the tool schemas and then the results.

use std::{path::Path, sync::Arc, time::Duration};

use chrono::Utc;
use futures::StreamExt;
use jobs::{
    analysis::AnalysisRecord,
    assistant::{
        AssistantSettings, ChatRequest, Grounding, ProviderKind, ReplyEvent, chat_provider,
        numbers,
        settings::Flavor,
        tools::{Toolbox, calls::specs, glossary},
    },
    fake_llm::{FakeLlm, Transcript},
    store::{Backend, Store},
    testing::TestDb,
};
use serde_json::Value;

use crate::analysis_common::{market_data, record, snapshot_day};

/// A SQLite store with the snapshot's ticker directory and AAPL's analysis.
async fn world() -> (TestDb, AnalysisRecord) {
    let db = TestDb::new(Backend::Sqlite).await;
    let directory = jobs::sources::tickers::read_snapshot(&market_data()).expect("directory");
    db.store.replace_tickers(&directory).await.expect("tickers");
    let aapl = record("AAPL", 320193, snapshot_day()).await;
    db.store
        .save_analysis(&aapl, "analysis", Utc::now())
        .await
        .expect("save");
    (db, aapl)
}

fn transcript(name: &str) -> Transcript {
    Transcript::load(
        &Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/fixtures/llm-transcripts")
            .join(name),
    )
}

fn settings(
    kind: ProviderKind,
    base: String,
    flavor: Option<Flavor>,
    stream_tools: Option<bool>,
) -> AssistantSettings {
    AssistantSettings {
        provider: kind,
        base_url: Some(base),
        api_key: Some("sk-test".into()),
        model: Some("test-model".into()),
        flavor,
        stream_tools,
        first_byte_timeout: Duration::from_secs(5),
        idle_timeout: Duration::from_secs(5),
        max_retries: 0,
        ..AssistantSettings::default()
    }
}

/// A whole reply: its text and what the tools returned along the way.
struct Reply {
    text: String,
    tool_data: Vec<String>,
}

/// Asks `message` on the home page (no record in the grounding: every figure must come from a
/// tool) and reads the whole reply.
async fn ask(settings: &AssistantSettings, store: &Store, message: &str) -> Reply {
    let provider = chat_provider(settings, store);
    let request = ChatRequest {
        message: message.into(),
        history: Vec::new(),
        grounding: Arc::new(Grounding::default()),
        system: None,
    };
    let mut stream = provider.reply(request).await.expect("the provider answers");
    let mut reply = Reply {
        text: String::new(),
        tool_data: Vec::new(),
    };
    while let Some(event) = stream.next().await {
        match event.expect("no failure mid-stream") {
            ReplyEvent::Text(t) => reply.text.push_str(&t),
            ReplyEvent::ToolData(json) => reply.tool_data.push(json),
            ReplyEvent::Usage(_) | ReplyEvent::Declined => {}
        }
    }
    reply
}

/// The invented-number check over the reply, with what the tools returned as the grounding.
fn invented(reply: &Reply) -> Vec<String> {
    let g = Grounding {
        tool_results: reply.tool_data.clone(),
        ..Grounding::default()
    };
    numbers::unverified(&reply.text, &g.corpus(), &g.values())
}

/// The tool names a request offers (OpenAI's `function.name` or Anthropic's `name`).
fn offered(body: &Value) -> Vec<String> {
    body["tools"]
        .as_array()
        .map(|tools| {
            tools
                .iter()
                .filter_map(|t| t["function"]["name"].as_str().or(t["name"].as_str()))
                .map(str::to_string)
                .collect()
        })
        .unwrap_or_default()
}

/// The `role: tool` messages of an OpenAI-format request: (tool_call_id, content as JSON).
fn tool_messages(body: &Value) -> Vec<(String, Value)> {
    body["messages"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["role"] == "tool")
        .map(|m| {
            (
                m["tool_call_id"].as_str().unwrap().to_string(),
                serde_json::from_str(m["content"].as_str().unwrap()).unwrap(),
            )
        })
        .collect()
}

/// Every request went to `path` (the provider's documented endpoint).
fn assert_all_sent_to(fake: &FakeLlm, path: &str) {
    let paths = fake.seen.lock().unwrap().paths.clone();
    assert!(paths.iter().all(|p| p == path), "{paths:?}");
}

fn all_tool_names() -> Vec<String> {
    specs().iter().map(|s| s.name.to_string()).collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn openai_parallel_calls_run_the_score_and_glossary_tools_and_stream_the_answer() {
    let (db, aapl) = world().await;
    let fake = FakeLlm::replay(vec![("openai", transcript("openai-parallel.txt"))]).await;
    let s = settings(ProviderKind::OpenAi, fake.url("openai"), None, None);
    let reply = ask(
        &s,
        &db.store,
        "How does Apple score, and what's free cash flow?",
    )
    .await;

    let debt = &aapl.questions[5];
    assert_eq!(debt.number, 6);
    assert!(
        reply.text.starts_with(&format!(
            "Apple scores {} out of 100 ({}).",
            aapl.score, aapl.score_basis
        )),
        "{}",
        reply.text
    );
    assert!(reply.text.contains(&debt.comment), "{}", reply.text);
    let fcf = glossary::lookup("free cash flow").unwrap();
    assert!(reply.text.contains(&fcf.explanation), "{}", reply.text);
    assert!(
        reply
            .text
            .contains("](https://www.sec.gov/Archives/edgar/data/320193/"),
        "{}",
        reply.text
    );
    assert!(!reply.text.contains("MISSING"), "{}", reply.text);
    assert_eq!(
        invented(&reply),
        Vec::<String>::new(),
        "the tools' figures are grounded: {}",
        reply.text
    );

    let bodies = fake.bodies("openai");
    assert_eq!(bodies.len(), 2);
    assert_all_sent_to(&fake, "/openai/chat/completions");
    // The first request offers every tool with its schema, streamed.
    assert_eq!(offered(&bodies[0]), all_tool_names());
    let score = bodies[0]["tools"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["function"]["name"] == "score")
        .unwrap();
    assert_eq!(score["type"], "function");
    assert_eq!(
        score["function"]["parameters"]["required"],
        serde_json::json!(["symbol"])
    );
    assert_eq!(bodies[0]["stream"], true);
    assert_eq!(bodies[0]["stream_options"]["include_usage"], true);
    assert!(
        bodies[0]["messages"][0]["content"]
            .as_str()
            .unwrap()
            .contains("TOOLS:")
    );
    // The second carries the assistant's calls, put together, and each result by its id.
    let asked = bodies[1]["messages"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["role"] == "assistant")
        .unwrap();
    assert_eq!(asked["tool_calls"][0]["id"], "call_Qx7Lm2aP");
    assert_eq!(
        asked["tool_calls"][0]["function"]["arguments"],
        "{\"symbol\": \"AAPL\"}"
    );
    assert_eq!(
        asked["tool_calls"][1]["function"]["arguments"],
        "{\"term\": \"free cash flow\"}"
    );
    let results = tool_messages(&bodies[1]);
    assert_eq!(results[0].0, "call_Qx7Lm2aP");
    assert_eq!(
        results[0].1["score"], aapl.score,
        "the tool read the stored record"
    );
    assert_eq!(
        results[0].1["questions"][5]["comment"],
        debt.comment.as_str()
    );
    assert_eq!(results[1].0, "call_Rt4Wn8bK");
    assert_eq!(results[1].1["term"], "Free cash flow");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn ollama_calls_all_numbered_zero_are_told_apart_by_id() {
    let (db, aapl) = world().await;
    let fake = FakeLlm::replay(vec![("ollama", transcript("ollama-index0.txt"))]).await;
    let s = settings(
        ProviderKind::OpenAi,
        fake.url("ollama"),
        Some(Flavor::Ollama),
        None,
    );
    let reply = ask(&s, &db.store, "How's Apple's debt?").await;

    let debt = &aapl.questions[5];
    assert!(
        reply
            .text
            .starts_with(&format!("Apple Inc. scores {} out of 100.", aapl.score)),
        "{}",
        reply.text
    );
    let grade = debt.score.map_or("null".to_string(), |g| g.to_string());
    assert!(
        reply.text.contains(&format!(
            "{} gets {grade} out of 10: {}",
            debt.title, debt.comment
        )),
        "{}",
        reply.text
    );
    assert_eq!(invented(&reply), Vec::<String>::new());
    let bodies = fake.bodies("ollama");
    assert_eq!(bodies.len(), 2);
    let results = tool_messages(&bodies[1]);
    assert_eq!(
        results.len(),
        2,
        "two calls, not one with both argument texts glued"
    );
    assert_eq!(results[0].0, "call_k2v9x1qe");
    assert_eq!(results[0].1["score"], aapl.score);
    assert_eq!(results[1].0, "call_7hd0p3za");
    assert_eq!(results[1].1["number"], 6);
    assert_eq!(results[1].1["comment"], debt.comment.as_str());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn llamacpp_gets_tools_without_streaming_then_streams_the_answer() {
    let (db, aapl) = world().await;
    let fake = FakeLlm::replay(vec![("llamacpp", transcript("llamacpp-nostream.txt"))]).await;
    let s = settings(
        ProviderKind::OpenAi,
        fake.url("llamacpp"),
        Some(Flavor::LlamaCpp),
        None,
    );
    let reply = ask(&s, &db.store, "What's Apple's score?").await;

    assert!(
        reply.text.starts_with(&format!(
            "Apple scores {} out of 100 ({}).",
            aapl.score, aapl.score_basis
        )),
        "{}",
        reply.text
    );
    assert!(
        reply.text.contains(&aapl.questions[5].title),
        "{}",
        reply.text
    );
    assert_eq!(invented(&reply), Vec::<String>::new());
    let bodies = fake.bodies("llamacpp");
    assert_eq!(bodies.len(), 2);
    assert_eq!(
        bodies[0]["stream"], false,
        "tools are never asked for streamed"
    );
    assert_eq!(offered(&bodies[0]), all_tool_names());
    assert!(bodies[0].get("stream_options").is_none());
    assert_eq!(bodies[1]["stream"], true, "the answer streams");
    assert!(bodies[1].get("tools").is_none(), "with no tools offered");
    let results = tool_messages(&bodies[1]);
    assert_eq!(results.len(), 1);
    assert!(
        !results[0].0.is_empty(),
        "an id is made up for the call that had none"
    );
    assert_eq!(results[0].1["score"], aapl.score);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn endings_outside_the_documented_set_follow_what_arrived() {
    let (db, aapl) = world().await;
    let fake = FakeLlm::replay(vec![("odd", transcript("odd-endings.txt"))]).await;
    // A llama.cpp build that streams tool calls.
    let s = settings(
        ProviderKind::OpenAi,
        fake.url("odd"),
        Some(Flavor::LlamaCpp),
        Some(true),
    );
    let reply = ask(&s, &db.store, "apple score?").await;

    assert_eq!(
        reply.text,
        format!(
            "Apple's score is {} out of 100. That's all I'll say about it.",
            aapl.score
        )
    );
    let bodies = fake.bodies("odd");
    assert_eq!(
        bodies.len(),
        2,
        "'function' after a call ran it; 'eos' ended the answer"
    );
    assert_eq!(bodies[0]["stream"], true);
    let results = tool_messages(&bodies[1]);
    assert_eq!(results[0].0, "fc_81b2");
    assert_eq!(
        results[0].1["symbol"], "AAPL",
        "a lower-case ticker is resolved"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn anthropic_tool_use_blocks_get_tool_results_and_the_answer_streams() {
    let (db, aapl) = world().await;
    let fake = FakeLlm::replay(vec![("anthropic", transcript("anthropic-score.txt"))]).await;
    let s = settings(ProviderKind::Anthropic, fake.url("anthropic"), None, None);
    let reply = ask(&s, &db.store, "How does Apple score?").await;

    let debt = &aapl.questions[5];
    assert!(
        reply.text.starts_with(&format!(
            "Let me pull up Apple's report card.\n\nApple scores {} out of 100 ({}).",
            aapl.score, aapl.score_basis
        )),
        "{}",
        reply.text
    );
    assert!(reply.text.contains(&debt.comment), "{}", reply.text);
    assert_eq!(invented(&reply), Vec::<String>::new());

    let bodies = fake.bodies("anthropic");
    assert_eq!(bodies.len(), 2);
    assert_all_sent_to(&fake, "/anthropic/v1/messages");
    assert_eq!(offered(&bodies[0]), all_tool_names());
    let score = &bodies[0]["tools"][1];
    assert_eq!(score["name"], "score");
    assert_eq!(
        score["input_schema"]["properties"]["symbol"]["type"],
        "string"
    );
    let messages = bodies[1]["messages"].as_array().unwrap();
    let asked = &messages[messages.len() - 2];
    assert_eq!(asked["role"], "assistant");
    assert_eq!(
        asked["content"][0]["text"],
        "Let me pull up Apple's report card."
    );
    assert_eq!(asked["content"][1]["type"], "tool_use");
    assert_eq!(asked["content"][1]["id"], "toolu_01T1x1fJ34qAmk2tNTrN7Up6");
    assert_eq!(
        asked["content"][1]["input"],
        serde_json::json!({"symbol": "AAPL"})
    );
    let answered = &messages[messages.len() - 1];
    assert_eq!(answered["role"], "user");
    let result = &answered["content"][0];
    assert_eq!(result["type"], "tool_result");
    assert_eq!(result["tool_use_id"], "toolu_01T1x1fJ34qAmk2tNTrN7Up6");
    assert_eq!(result["is_error"], false);
    let content: Value = serde_json::from_str(result["content"].as_str().unwrap()).unwrap();
    assert_eq!(content["score"], aapl.score);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn calls_are_bounded_per_round_and_in_rounds_and_bad_ones_get_errors() {
    let (db, aapl) = world().await;
    let fake = FakeLlm::replay(vec![("greedy", transcript("openai-greedy.txt"))]).await;
    let s = settings(ProviderKind::OpenAi, fake.url("greedy"), None, None);
    let reply = ask(&s, &db.store, "Tell me everything about Apple").await;
    assert_eq!(
        reply.text,
        format!("Apple scores {} out of 100.", aapl.score)
    );

    let bodies = fake.bodies("greedy");
    assert_eq!(bodies.len(), 4, "three rounds of calls, then the answer");
    let first = tool_messages(&bodies[1]);
    assert_eq!(first.len(), 6, "every call gets a result");
    assert!(first[..4].iter().all(|(_, r)| r["score"] == aapl.score));
    for (_, r) in &first[4..] {
        assert!(
            r["error"].as_str().unwrap().contains("too many calls"),
            "{r}"
        );
    }
    let second: Vec<String> = tool_messages(&bodies[2])[6..]
        .iter()
        .map(|(_, r)| r["error"].as_str().unwrap_or_default().to_string())
        .collect();
    assert!(second[0].contains("do not fit the tool"), "{second:?}");
    assert!(
        second[1].contains("no tool named 'sell_everything'"),
        "{second:?}"
    );
    assert!(second[2].contains("not valid JSON"), "{second:?}");
    assert_eq!(offered(&bodies[2]), all_tool_names());
    assert!(
        bodies[3].get("tools").is_none(),
        "the last request must be answered"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_tool_runs_by_name_with_json_arguments() {
    let (db, aapl) = world().await;
    let toolbox = Toolbox::new(db.store.clone());
    let ok = |name: &str, args: &str| {
        let toolbox = toolbox.clone();
        let (name, args) = (name.to_string(), args.to_string());
        async move {
            let out = toolbox.call(&name, &args).await;
            assert!(!out.is_error, "{name}: {}", out.content);
            serde_json::from_str::<Value>(&out.content).unwrap()
        }
    };
    let found = ok("find_company", r#"{"query": "Should I buy Apple?"}"#).await;
    assert_eq!(found["companies"][0]["symbol"], "AAPL");
    let lower = ok("find_company", r#"{"query": "ko"}"#).await;
    assert_eq!(lower["companies"][0]["symbol"], "KO");
    assert_eq!(
        ok("score", r#"{"symbol": "$aapl"}"#).await["score"],
        aapl.score
    );
    let q = ok("question", r#"{"symbol": "AAPL", "number": 9}"#).await;
    assert_eq!(q["title"], aapl.questions[8].title.as_str());
    let cmp = ok("compare", r#"{"symbols": ["AAPL", "KO"]}"#).await;
    assert_eq!(cmp["stocks"][0]["score"], aapl.score);
    assert_eq!(
        cmp["missing"][0]["symbol"], "KO",
        "KO was never analysed here"
    );
    let top = ok("top", "").await;
    for stock in top["stocks"].as_array().unwrap() {
        if stock["symbol"] == "AAPL" {
            assert_eq!(stock["score"], aapl.score);
        }
    }
    let docs = ok(
        "documents",
        r#"{"symbol": "AAPL", "query": "supplier concentration"}"#,
    )
    .await;
    assert!(docs["passages"].as_array().unwrap().is_empty());
    assert!(
        docs["note"]
            .as_str()
            .unwrap()
            .contains("not in the documents")
    );
    let term = ok("glossary", r#"{"term": "free cash flow"}"#).await;
    assert_eq!(term["found"], true);
    let score = ok("score", r#"{"symbol": "KO"}"#).await;
    assert_eq!(score["analysed"], false);

    for (name, args, why) in [
        ("score", r#"{"symbol": "ZZZZZQ"}"#, "not a ticker I know"),
        ("score", r#"{}"#, "missing field `symbol`"),
        (
            "question",
            r#"{"symbol": "AAPL", "number": 13}"#,
            "from 1 to 12",
        ),
        (
            "question",
            r#"{"symbol": "AAPL", "number": -1}"#,
            "do not fit",
        ),
        (
            "compare",
            r#"{"symbols": ["A", "B", "C", "D"]}"#,
            "one to 3",
        ),
        ("score", "[\"AAPL\"]", "must be a JSON object"),
        ("score", "\u{0}{", "not valid JSON"),
        ("basics", "{}", "no tool named"),
    ] {
        let out = toolbox.call(name, args).await;
        assert!(out.is_error, "{name} {args}");
        assert!(out.content.contains(why), "{name} {args}: {}", out.content);
    }
}
