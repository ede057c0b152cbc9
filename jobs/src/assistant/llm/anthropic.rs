//! The Anthropic Messages dialect: `POST {base}/v1/messages`. Tools go as `tools` (name,
//! description, `input_schema`); in a streamed reply text comes in `content_block_delta`
//! events (`text_delta`), a call opens with a `content_block_start` of type `tool_use` (id,
//! name) and its input arrives as `input_json_delta` fragments of that block; token counts
//! come in `message_start` and `message_delta` (with `stop_reason`, `tool_use` for calls), the
//! end in `message_stop`, failures in `error` events; pings and unknown events are skipped.
//! Results go back as `tool_result` blocks of a user message after the assistant's
//! `tool_use` blocks; the answer round keeps the tools (the API requires their definitions
//! while the messages hold calls) with `tool_choice: none`.

use eventsource_stream::Event;
use serde_json::{Value, json};

use super::{Dialect, Parsed, Turn, exchange::CallFragment, flavor::Capabilities, prompt};
use crate::assistant::{ReplyEvent, TokenUsage};

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

    fn capabilities(&self) -> Capabilities {
        Capabilities::ANTHROPIC
    }

    fn request(&self, client: &reqwest::Client, turn: &Turn<'_>) -> reqwest::RequestBuilder {
        let has_tools = !turn.tools.is_empty();
        let mut messages: Vec<Value> = prompt::turns(turn.request)
            .into_iter()
            .map(|(role, content)| json!({"role": role, "content": content}))
            .collect();
        for exchange in turn.exchanges {
            let mut blocks = Vec::new();
            if !exchange.text.is_empty() {
                blocks.push(json!({"type": "text", "text": exchange.text}));
            }
            for call in &exchange.calls {
                // The input must be an object; malformed arguments were answered with an error.
                let input = serde_json::from_str::<Value>(&call.arguments)
                    .ok()
                    .filter(Value::is_object)
                    .unwrap_or_else(|| json!({}));
                blocks.push(
                    json!({"type": "tool_use", "id": call.id, "name": call.name, "input": input}),
                );
            }
            messages.push(json!({"role": "assistant", "content": blocks}));
            let results: Vec<Value> = exchange
                .calls
                .iter()
                .zip(&exchange.results)
                .map(|(call, result)| {
                    json!({
                        "type": "tool_result",
                        "tool_use_id": call.id,
                        "content": result.content,
                        "is_error": result.is_error,
                    })
                })
                .collect();
            messages.push(json!({"role": "user", "content": results}));
        }
        let mut body = json!({
            "model": self.model,
            "max_tokens": MAX_TOKENS,
            "stream": turn.stream,
            "system": prompt::system_with_tools(turn.request, has_tools),
            "messages": messages,
        });
        if has_tools && (turn.may_call || !turn.exchanges.is_empty()) {
            let tools: Vec<Value> = turn
                .tools
                .iter()
                .map(|t| json!({"name": t.name, "description": t.description, "input_schema": t.parameters}))
                .collect();
            body["tools"] = Value::Array(tools);
            if !turn.may_call {
                body["tool_choice"] = json!({"type": "none"});
            }
        }
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

    fn parse(&self, event: &Event) -> Vec<Parsed> {
        let Ok(value) = serde_json::from_str::<Value>(&event.data) else {
            return Vec::new();
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
        let index = value.get("index").and_then(Value::as_u64);
        match kind.as_str() {
            "content_block_start" => match value.get("content_block") {
                Some(block) if block.get("type").and_then(Value::as_str) == Some("tool_use") => {
                    vec![Parsed::Call(CallFragment {
                        index,
                        id: string(block, "id"),
                        name: string(block, "name"),
                        arguments: String::new(),
                    })]
                }
                _ => Vec::new(),
            },
            "content_block_delta" => {
                let delta = value.get("delta");
                match delta.and_then(|d| d.get("type")).and_then(Value::as_str) {
                    Some("input_json_delta") => vec![Parsed::Call(CallFragment {
                        index,
                        arguments: delta
                            .and_then(|d| string(d, "partial_json"))
                            .unwrap_or_default(),
                        ..CallFragment::default()
                    })],
                    _ => match delta.and_then(|d| d.get("text")).and_then(Value::as_str) {
                        Some(text) if !text.is_empty() => {
                            vec![Parsed::Event(ReplyEvent::Text(text.to_string()))]
                        }
                        _ => Vec::new(),
                    },
                }
            }
            "message_start" => vec![usage(value.pointer("/message/usage/input_tokens"), None)],
            "message_delta" => {
                let mut items = vec![usage(None, value.pointer("/usage/output_tokens"))];
                if let Some(reason) = value.pointer("/delta/stop_reason").and_then(Value::as_str) {
                    items.push(Parsed::Finished(reason.to_string()));
                }
                items
            }
            "message_stop" => vec![Parsed::Done],
            "error" => vec![Parsed::Failed(
                value
                    .pointer("/error/message")
                    .and_then(Value::as_str)
                    .unwrap_or("the provider reported an error")
                    .to_string(),
            )],
            _ => Vec::new(),
        }
    }

    fn parse_whole(&self, body: &Value) -> Vec<Parsed> {
        if let Some(error) = body.pointer("/error/message").and_then(Value::as_str) {
            return vec![Parsed::Failed(error.to_string())];
        }
        let mut items = Vec::new();
        let blocks = body.get("content").and_then(Value::as_array);
        for (i, block) in blocks.into_iter().flatten().enumerate() {
            match block.get("type").and_then(Value::as_str) {
                Some("text") => {
                    if let Some(text) = string(block, "text").filter(|t| !t.is_empty()) {
                        items.push(Parsed::Event(ReplyEvent::Text(text)));
                    }
                }
                Some("tool_use") => items.push(Parsed::Call(CallFragment {
                    index: Some(i as u64),
                    id: string(block, "id"),
                    name: string(block, "name"),
                    arguments: block.get("input").map(Value::to_string).unwrap_or_default(),
                })),
                _ => {}
            }
        }
        items.push(usage(
            body.pointer("/usage/input_tokens"),
            body.pointer("/usage/output_tokens"),
        ));
        if let Some(reason) = body.get("stop_reason").and_then(Value::as_str) {
            items.push(Parsed::Finished(reason.to_string()));
        }
        items.push(Parsed::Done);
        items
    }
}

fn string(value: &Value, key: &str) -> Option<String> {
    value.get(key).and_then(Value::as_str).map(str::to_string)
}

fn usage(input: Option<&Value>, output: Option<&Value>) -> Parsed {
    let count = |v: Option<&Value>| v.and_then(Value::as_u64).unwrap_or(0) as u32;
    Parsed::Event(ReplyEvent::Usage(TokenUsage {
        input_tokens: count(input),
        output_tokens: count(output),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(event: &str, data: &str) -> Vec<Parsed> {
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
            vec![Parsed::Event(ReplyEvent::Text("Howdy".into()))]
        );
        assert_eq!(
            parse(
                "message_start",
                r#"{"type":"message_start","message":{"usage":{"input_tokens":25,"output_tokens":1}}}"#
            ),
            vec![Parsed::Event(ReplyEvent::Usage(TokenUsage {
                input_tokens: 25,
                output_tokens: 0
            }))]
        );
        assert!(parse("ping", r#"{"type":"ping"}"#).is_empty());
        assert_eq!(
            parse("message_stop", r#"{"type":"message_stop"}"#),
            vec![Parsed::Done]
        );
        assert_eq!(
            parse(
                "error",
                r#"{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}"#
            ),
            vec![Parsed::Failed("Overloaded".into())]
        );
        assert!(parse("", "garbage").is_empty());
    }

    #[test]
    fn a_tool_use_block_and_its_input_fragments_are_read() {
        assert_eq!(
            parse(
                "content_block_start",
                r#"{"type":"content_block_start","index":1,"content_block":{"type":"tool_use","id":"toolu_01","name":"score","input":{}}}"#
            ),
            vec![Parsed::Call(CallFragment {
                index: Some(1),
                id: Some("toolu_01".into()),
                name: Some("score".into()),
                arguments: String::new(),
            })]
        );
        assert_eq!(
            parse(
                "content_block_delta",
                r#"{"type":"content_block_delta","index":1,"delta":{"type":"input_json_delta","partial_json":"{\"symbol\": \"AA"}}"#
            ),
            vec![Parsed::Call(CallFragment {
                index: Some(1),
                arguments: "{\"symbol\": \"AA".into(),
                ..CallFragment::default()
            })]
        );
        assert_eq!(
            parse(
                "message_delta",
                r#"{"type":"message_delta","delta":{"stop_reason":"tool_use","stop_sequence":null},"usage":{"output_tokens":40}}"#
            )[1],
            Parsed::Finished("tool_use".into())
        );
    }

    #[test]
    fn the_answer_round_keeps_the_tool_definitions_but_allows_no_call() {
        use std::sync::Arc;

        use crate::assistant::{
            ChatRequest, Grounding,
            llm::exchange::{Exchange, ToolCall},
            tools::calls::{CallOutput, specs},
        };
        let dialect = Anthropic {
            base_url: "http://localhost".into(),
            api_key: None,
            model: "m".into(),
        };
        let request = ChatRequest {
            message: "How does Apple score?".into(),
            history: Vec::new(),
            grounding: Arc::new(Grounding::default()),
            system: None,
        };
        let exchanges = [Exchange {
            text: String::new(),
            calls: vec![ToolCall {
                id: "toolu_1".into(),
                name: "score".into(),
                arguments: "{\"symbol\": \"AA".into(),
            }],
            results: vec![CallOutput {
                content: "{\"error\":\"the arguments are not valid JSON\"}".into(),
                is_error: true,
            }],
        }];
        let tools = specs();
        let body = |may_call: bool| -> Value {
            let turn = Turn {
                request: &request,
                exchanges: &exchanges,
                tools: &tools,
                may_call,
                stream: true,
            };
            let built = dialect
                .request(&reqwest::Client::new(), &turn)
                .build()
                .unwrap();
            serde_json::from_slice(built.body().unwrap().as_bytes().unwrap()).unwrap()
        };
        let answer = body(false);
        assert_eq!(answer["tools"].as_array().unwrap().len(), tools.len());
        assert_eq!(answer["tool_choice"], json!({"type": "none"}));
        let messages = answer["messages"].as_array().unwrap();
        assert_eq!(
            messages[1]["content"][0]["input"],
            json!({}),
            "malformed input sent as {{}}"
        );
        assert_eq!(messages[2]["content"][0]["is_error"], true);
        assert!(body(true).get("tool_choice").is_none());
    }
}
