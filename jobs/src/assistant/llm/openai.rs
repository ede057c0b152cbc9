//! The OpenAI-compatible chat-completions dialect (OpenAI, Ollama's `/v1`, vLLM, llama.cpp
//! server, OpenRouter): `POST {base}/chat/completions` with `stream: true`; events carry
//! `choices[0].delta.content`, end with `data: [DONE]`, and are read leniently (unknown
//! fields, empty `finish_reason`, role-only deltas and malformed lines are skipped).

use eventsource_stream::Event;
use serde_json::{Value, json};

use super::{Dialect, Parsed, prompt};
use crate::assistant::{ChatRequest, ReplyEvent, TokenUsage};

pub const DEFAULT_BASE_URL: &str = "https://api.openai.com/v1";
pub const DEFAULT_MODEL: &str = "gpt-4o-mini";

#[derive(Debug, Clone)]
pub struct OpenAi {
    pub base_url: String,
    pub api_key: Option<String>,
    pub model: String,
}

impl Dialect for OpenAi {
    fn name(&self) -> &str {
        &self.model
    }

    fn request(&self, client: &reqwest::Client, request: &ChatRequest) -> reqwest::RequestBuilder {
        let mut messages = vec![json!({"role": "system", "content": prompt::system_of(request)})];
        messages.extend(
            prompt::turns(request)
                .into_iter()
                .map(|(role, content)| json!({"role": role, "content": content})),
        );
        let body = json!({
            "model": self.model,
            "stream": true,
            "stream_options": {"include_usage": true},
            "messages": messages,
        });
        let mut builder = client
            .post(format!("{}/chat/completions", self.base_url))
            .header(reqwest::header::ACCEPT, "text/event-stream")
            .json(&body);
        if let Some(key) = &self.api_key {
            builder = builder.bearer_auth(key);
        }
        builder
    }

    fn parse(&self, event: &Event) -> Parsed {
        let data = event.data.trim();
        if data == "[DONE]" {
            return Parsed::Done;
        }
        let Ok(value) = serde_json::from_str::<Value>(data) else {
            tracing::warn!(data = %data.chars().take(200).collect::<String>(), "skipping a malformed event");
            return Parsed::Skip;
        };
        if let Some(error) = value.get("error") {
            let message = error
                .get("message")
                .and_then(Value::as_str)
                .or_else(|| error.as_str())
                .unwrap_or("the provider reported an error");
            return Parsed::Failed(message.to_string());
        }
        let text = value
            .pointer("/choices/0/delta/content")
            .and_then(Value::as_str)
            .filter(|t| !t.is_empty());
        if let Some(text) = text {
            return Parsed::Event(ReplyEvent::Text(text.to_string()));
        }
        if let Some(usage) = value.get("usage").filter(|u| u.is_object()) {
            let count = |k: &str| usage.get(k).and_then(Value::as_u64).unwrap_or(0) as u32;
            return Parsed::Event(ReplyEvent::Usage(TokenUsage {
                input_tokens: count("prompt_tokens"),
                output_tokens: count("completion_tokens"),
            }));
        }
        Parsed::Skip
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(data: &str) -> Parsed {
        let dialect = OpenAi {
            base_url: String::new(),
            api_key: None,
            model: "m".into(),
        };
        dialect.parse(&Event {
            data: data.into(),
            ..Default::default()
        })
    }

    #[test]
    fn events_are_read_leniently() {
        assert_eq!(
            parse(
                r#"{"id":"x","choices":[{"index":0,"delta":{"content":"Howdy"},"finish_reason":null}],"x_extra":1}"#
            ),
            Parsed::Event(ReplyEvent::Text("Howdy".into()))
        );
        assert_eq!(
            parse(r#"{"choices":[{"delta":{"role":"assistant"},"finish_reason":""}]}"#),
            Parsed::Skip
        );
        assert_eq!(parse("{not json"), Parsed::Skip);
        assert_eq!(parse(" [DONE] "), Parsed::Done);
        assert_eq!(
            parse(r#"{"choices":[],"usage":{"prompt_tokens":12,"completion_tokens":3}}"#),
            Parsed::Event(ReplyEvent::Usage(TokenUsage {
                input_tokens: 12,
                output_tokens: 3
            }))
        );
        assert_eq!(
            parse(r#"{"error":{"message":"overloaded"}}"#),
            Parsed::Failed("overloaded".into())
        );
    }
}
