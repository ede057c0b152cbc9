//! The Anthropic Messages dialect: `POST {base}/v1/messages` with `stream: true`; text comes
//! in `content_block_delta` events (`text_delta`), token counts in `message_start` and
//! `message_delta`, the end in `message_stop`, failures in `error` events; pings and unknown
//! event types are skipped.

use eventsource_stream::Event;
use serde_json::{Value, json};

use super::{Dialect, Parsed, prompt};
use crate::assistant::{ChatRequest, ReplyEvent, TokenUsage};

pub const DEFAULT_BASE_URL: &str = "https://api.anthropic.com";
pub const DEFAULT_MODEL: &str = "claude-3-5-haiku-latest";
const API_VERSION: &str = "2023-06-01";
const MAX_TOKENS: u32 = 1024;

#[derive(Debug, Clone)]
pub struct Anthropic {
    pub base_url: String,
    pub api_key: Option<String>,
    pub model: String,
}

impl Dialect for Anthropic {
    fn name(&self) -> &str {
        &self.model
    }

    fn request(&self, client: &reqwest::Client, request: &ChatRequest) -> reqwest::RequestBuilder {
        let messages: Vec<Value> = prompt::turns(request)
            .into_iter()
            .map(|(role, content)| json!({"role": role, "content": content}))
            .collect();
        let body = json!({
            "model": self.model,
            "max_tokens": MAX_TOKENS,
            "stream": true,
            "system": prompt::system_of(request),
            "messages": messages,
        });
        let mut builder = client
            .post(format!("{}/v1/messages", self.base_url))
            .header("anthropic-version", API_VERSION)
            .header(reqwest::header::ACCEPT, "text/event-stream")
            .json(&body);
        if let Some(key) = &self.api_key {
            builder = builder.header("x-api-key", key);
        }
        builder
    }

    fn parse(&self, event: &Event) -> Parsed {
        let Ok(value) = serde_json::from_str::<Value>(&event.data) else {
            return Parsed::Skip;
        };
        // The event name and the data's `type` agree; the data's is used when the name is absent.
        let kind = if event.event.is_empty() || event.event == "message" {
            value
                .get("type")
                .and_then(Value::as_str)
                .unwrap_or_default()
                .to_string()
        } else {
            event.event.clone()
        };
        let count = |v: Option<&Value>| v.and_then(Value::as_u64).unwrap_or(0) as u32;
        match kind.as_str() {
            "content_block_delta" => match value.pointer("/delta/text").and_then(Value::as_str) {
                Some(text) if !text.is_empty() => Parsed::Event(ReplyEvent::Text(text.to_string())),
                _ => Parsed::Skip,
            },
            "message_start" => Parsed::Event(ReplyEvent::Usage(TokenUsage {
                input_tokens: count(value.pointer("/message/usage/input_tokens")),
                output_tokens: 0,
            })),
            "message_delta" => Parsed::Event(ReplyEvent::Usage(TokenUsage {
                input_tokens: 0,
                output_tokens: count(value.pointer("/usage/output_tokens")),
            })),
            "message_stop" => Parsed::Done,
            "error" => Parsed::Failed(
                value
                    .pointer("/error/message")
                    .and_then(Value::as_str)
                    .unwrap_or("the provider reported an error")
                    .to_string(),
            ),
            _ => Parsed::Skip,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(event: &str, data: &str) -> Parsed {
        let dialect = Anthropic {
            base_url: String::new(),
            api_key: None,
            model: "m".into(),
        };
        dialect.parse(&Event {
            event: event.into(),
            data: data.into(),
            ..Default::default()
        })
    }

    #[test]
    fn the_documented_events_are_read() {
        assert_eq!(
            parse(
                "content_block_delta",
                r#"{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"Howdy"}}"#
            ),
            Parsed::Event(ReplyEvent::Text("Howdy".into()))
        );
        assert_eq!(
            parse(
                "message_start",
                r#"{"type":"message_start","message":{"usage":{"input_tokens":25,"output_tokens":1}}}"#
            ),
            Parsed::Event(ReplyEvent::Usage(TokenUsage {
                input_tokens: 25,
                output_tokens: 0
            }))
        );
        assert_eq!(parse("ping", r#"{"type":"ping"}"#), Parsed::Skip);
        assert_eq!(
            parse("message_stop", r#"{"type":"message_stop"}"#),
            Parsed::Done
        );
        assert_eq!(
            parse(
                "error",
                r#"{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}"#
            ),
            Parsed::Failed("Overloaded".into())
        );
        assert_eq!(parse("", "garbage"), Parsed::Skip);
    }
}
