//! The real OpenAI-compatible and Anthropic clients against a local server speaking each
//! documented streaming format: a clean reply, lenient parsing, a mid-stream error, a 429
//! with Retry-After, a stall before and after the first byte, a refused key.

use std::{sync::Arc, time::Duration};

use futures::StreamExt;
use jobs::{
    assistant::{
        AssistantSettings, ChatRequest, Grounding, Provider, ProviderError, ProviderKind,
        ReplyEvent, TokenUsage, provider_from_settings,
    },
    fake_llm::{FakeLlm, Script, openai_frames},
};

fn settings(kind: ProviderKind, base: String) -> AssistantSettings {
    AssistantSettings {
        provider: kind,
        base_url: Some(base),
        api_key: Some("sk-test".into()),
        model: Some("test-model".into()),
        connect_timeout: Duration::from_secs(2),
        first_byte_timeout: Duration::from_millis(700),
        idle_timeout: Duration::from_millis(400),
        max_retries: 2,
        ..AssistantSettings::default()
    }
}

fn request() -> ChatRequest {
    ChatRequest {
        message: "what's the debt situation?".into(),
        history: Vec::new(),
        grounding: Arc::new(Grounding {
            symbol: Some("AAPL".into()),
            ..Grounding::default()
        }),
        system: None,
    }
}

/// Text, usage and the error (if any) of a whole reply.
async fn drain(
    provider: &dyn Provider,
) -> Result<(String, TokenUsage, Option<ProviderError>), ProviderError> {
    let mut stream = provider.reply(request()).await?;
    let (mut text, mut usage, mut error) = (String::new(), TokenUsage::default(), None);
    while let Some(event) = stream.next().await {
        match event {
            Ok(ReplyEvent::Text(t)) => text.push_str(&t),
            Ok(ReplyEvent::Usage(u)) => {
                usage.input_tokens += u.input_tokens;
                usage.output_tokens += u.output_tokens;
            }
            Ok(ReplyEvent::Declined | ReplyEvent::ToolData(_)) => {}
            Err(e) => {
                error = Some(e);
                break;
            }
        }
    }
    Ok((text, usage, error))
}

async fn openai_server() -> FakeLlm {
    FakeLlm::start(|scenario, attempt| match scenario {
        "ok" => {
            let mut frames = openai_frames(&["Howdy ", "partner."]);
            // Unknown fields, a comment line, a malformed event: all skipped.
            frames.insert(1, ": keep-alive comment\n\n".into());
            frames.insert(2, "data: {this is not json\n\n".into());
            frames.insert(3, "event: unknown\ndata: {\"whatever\":true}\n\n".into());
            Script::sse(&frames.iter().map(String::as_str).collect::<Vec<_>>())
        }
        "midstream" => Script::sse(&[
            openai_frames(&["Half an ans"])[1].as_str(),
            "data: {\"error\":{\"message\":\"The server had an error while processing your request.\"}}\n\n",
        ]),
        "hangup" => Script::sse(&[openai_frames(&["Half an ans"])[1].as_str()]),
        "ratelimit" if attempt == 0 => {
            Script::status("429 Too Many Requests", &[("Retry-After", "1")], "{\"error\":{\"message\":\"slow down\"}}")
        }
        "ratelimit" => Script::sse(&openai_frames(&["Second time lucky."]).iter().map(String::as_str).collect::<Vec<_>>()),
        "stall-after" => Script::sse(&[openai_frames(&["Starting"])[1].as_str(), openai_frames(&[" late"])[1].as_str()])
            .pause_before(1, Duration::from_secs(3)),
        "stall-before" => Script::sse(&[openai_frames(&["too late"])[1].as_str()]).pause_before(0, Duration::from_secs(3)),
        "badkey" => Script::status("401 Unauthorized", &[("Content-Type", "application/json")], "{\"error\":{\"message\":\"Incorrect API key\"}}"),
        _ => Script::status("404 Not Found", &[], ""),
    })
    .await
}

#[tokio::test]
async fn openai_streams_are_read_leniently_with_usage() {
    let server = openai_server().await;
    let provider = provider_from_settings(&settings(ProviderKind::OpenAi, server.url("ok")));
    assert_eq!(provider.model(), "test-model");
    let (text, usage, error) = drain(&*provider).await.unwrap();
    assert_eq!(text, "Howdy partner.");
    assert_eq!(
        usage,
        TokenUsage {
            input_tokens: 120,
            output_tokens: 30
        }
    );
    assert!(error.is_none());
    let seen = server.seen.lock().unwrap();
    let body: serde_json::Value = serde_json::from_str(&seen.bodies[0].1).unwrap();
    assert_eq!(body["stream"], true);
    assert_eq!(body["model"], "test-model");
    assert_eq!(body["messages"][0]["role"], "system");
    assert_eq!(body["messages"][1]["content"], "what's the debt situation?");
}

#[tokio::test]
async fn openai_mid_stream_errors_and_hangups_are_reported_after_the_partial_text() {
    let server = openai_server().await;
    for scenario in ["midstream", "hangup"] {
        let provider =
            provider_from_settings(&settings(ProviderKind::OpenAi, server.url(scenario)));
        let (text, _, error) = drain(&*provider).await.unwrap();
        assert_eq!(text, "Half an ans", "{scenario}");
        assert!(
            matches!(error, Some(ProviderError::Interrupted(_))),
            "{scenario}: {error:?}"
        );
        assert_eq!(
            server.requests(scenario),
            1,
            "never retried after the first byte"
        );
    }
}

#[tokio::test]
async fn a_429_is_retried_after_its_retry_after() {
    let server = openai_server().await;
    let provider = provider_from_settings(&settings(ProviderKind::OpenAi, server.url("ratelimit")));
    let started = std::time::Instant::now();
    let (text, _, error) = drain(&*provider).await.unwrap();
    assert_eq!(text, "Second time lucky.");
    assert!(error.is_none());
    assert_eq!(server.requests("ratelimit"), 2);
    assert!(
        started.elapsed() >= Duration::from_secs(1),
        "waited the Retry-After second"
    );
}

#[tokio::test]
async fn stalls_time_out_before_and_after_the_first_byte() {
    let server = openai_server().await;
    let provider =
        provider_from_settings(&settings(ProviderKind::OpenAi, server.url("stall-after")));
    let (text, _, error) = drain(&*provider).await.unwrap();
    assert_eq!(text, "Starting");
    assert!(
        matches!(&error, Some(ProviderError::Interrupted(why)) if why.contains("no data")),
        "{error:?}"
    );
    assert_eq!(server.requests("stall-after"), 1);

    let provider =
        provider_from_settings(&settings(ProviderKind::OpenAi, server.url("stall-before")));
    let refused = drain(&*provider).await.err();
    assert!(
        matches!(refused, Some(ProviderError::Unavailable(_))),
        "{refused:?}"
    );
    assert_eq!(
        server.requests("stall-before"),
        3,
        "retried twice before the first byte"
    );
}

#[tokio::test]
async fn a_refused_key_is_not_retried() {
    let server = openai_server().await;
    let provider = provider_from_settings(&settings(ProviderKind::OpenAi, server.url("badkey")));
    let refused = drain(&*provider).await.err();
    assert!(
        matches!(&refused, Some(ProviderError::Unavailable(why)) if why.contains("Incorrect API key")),
        "{refused:?}"
    );
    assert_eq!(server.requests("badkey"), 1);
}

const ANTHROPIC_OK: &[&str] = &[
    "event: message_start\ndata: {\"type\":\"message_start\",\"message\":{\"id\":\"msg_1\",\"type\":\"message\",\"role\":\"assistant\",\"content\":[],\"model\":\"test-model\",\"stop_reason\":null,\"usage\":{\"input_tokens\":25,\"output_tokens\":1}}}\n\n",
    "event: content_block_start\ndata: {\"type\":\"content_block_start\",\"index\":0,\"content_block\":{\"type\":\"text\",\"text\":\"\"}}\n\n",
    "event: ping\ndata: {\"type\": \"ping\"}\n\n",
    "event: content_block_delta\ndata: {\"type\":\"content_block_delta\",\"index\":0,\"delta\":{\"type\":\"text_delta\",\"text\":\"Howdy \"}}\n\n",
    "event: content_block_delta\ndata: {\"type\":\"content_block_delta\",\"index\":0,\"delta\":{\"type\":\"text_delta\",\"text\":\"partner.\"}}\n\n",
    "event: content_block_stop\ndata: {\"type\":\"content_block_stop\",\"index\":0}\n\n",
    "event: message_delta\ndata: {\"type\":\"message_delta\",\"delta\":{\"stop_reason\":\"end_turn\",\"stop_sequence\":null},\"usage\":{\"output_tokens\":15}}\n\n",
    "event: message_stop\ndata: {\"type\":\"message_stop\"}\n\n",
];

#[tokio::test]
async fn anthropic_messages_streams_are_read() {
    let server = FakeLlm::start(|scenario, _| match scenario {
        "ok" => Script::sse(ANTHROPIC_OK),
        "error" => Script::sse(&[
            ANTHROPIC_OK[0],
            ANTHROPIC_OK[3],
            "event: error\ndata: {\"type\":\"error\",\"error\":{\"type\":\"overloaded_error\",\"message\":\"Overloaded\"}}\n\n",
        ]),
        _ => Script::status("529 Overloaded", &[], ""),
    })
    .await;
    let provider = provider_from_settings(&settings(ProviderKind::Anthropic, server.url("ok")));
    let (text, usage, error) = drain(&*provider).await.unwrap();
    assert_eq!(text, "Howdy partner.");
    assert_eq!(
        usage,
        TokenUsage {
            input_tokens: 25,
            output_tokens: 15
        }
    );
    assert!(error.is_none());
    let body: serde_json::Value =
        serde_json::from_str(&server.seen.lock().unwrap().bodies[0].1).unwrap();
    assert_eq!(body["stream"], true);
    assert!(body["system"].as_str().unwrap().contains("<data>"));
    assert_eq!(body["messages"][0]["role"], "user");

    let provider = provider_from_settings(&settings(ProviderKind::Anthropic, server.url("error")));
    let (text, _, error) = drain(&*provider).await.unwrap();
    assert_eq!(text, "Howdy ");
    assert_eq!(error, Some(ProviderError::Interrupted("Overloaded".into())));

    let provider = provider_from_settings(&settings(ProviderKind::Anthropic, server.url("down")));
    assert!(matches!(
        drain(&*provider).await,
        Err(ProviderError::Unavailable(_))
    ));
    assert_eq!(server.requests("down"), 3);
}
