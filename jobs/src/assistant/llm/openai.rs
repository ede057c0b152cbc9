//! The OpenAI-compatible Chat Completions dialect (OpenAI, Ollama's `/v1`, llama.cpp's server,
//! vLLM, OpenRouter): `POST {base}/chat/completions`. Tools go as `tools` of type `function`;
//! a streamed reply carries `choices[0].delta.content` and `delta.tool_calls` fragments (put
//! together by id, else index), a `finish_reason`, usage, and ends with `data: [DONE]`; a
//! whole reply carries `choices[0].message`. Results go back as `role: tool` messages after
//! the assistant message that asked. Read leniently: unknown fields, empty `finish_reason`,
//! role-only deltas and malformed lines are skipped; arguments may come as an object.

use eventsource_stream::Event;
use serde_json::{Value, json};

use super::{Dialect, Parsed, Turn, exchange::CallFragment, flavor::Capabilities, prompt};
use crate::assistant::{ReplyEvent, TokenUsage};

pub const DEFAULT_BASE_URL: &str = "https://api.openai.com/v1";
pub const DEFAULT_MODEL: &str = "gpt-4o-mini";

#[derive(Debug, Clone)]
pub struct OpenAi {
    pub base_url: String,
    pub api_key: Option<String>,
    pub model: String,
    pub capabilities: Capabilities,
}

impl Dialect for OpenAi {
    fn name(&self) -> &str {
        &self.model
    }

    fn capabilities(&self) -> Capabilities {
        self.capabilities
    }

    fn request(&self, client: &reqwest::Client, turn: &Turn<'_>) -> reqwest::RequestBuilder {
        let has_tools = !turn.tools.is_empty();
        let mut messages = vec![json!({
            "role": "system",
            "content": prompt::system_with_tools(turn.request, has_tools && turn.may_call),
        })];
        messages.extend(
            prompt::turns(turn.request)
                .into_iter()
                .map(|(role, content)| json!({"role": role, "content": content})),
        );
        for exchange in turn.exchanges {
            let calls: Vec<Value> = exchange
                .calls
                .iter()
                .map(|c| {
                    json!({
                        "id": c.id,
                        "type": "function",
                        "function": {"name": c.name, "arguments": c.arguments},
                    })
                })
                .collect();
            let text = Some(exchange.text.as_str()).filter(|t| !t.is_empty());
            messages.push(json!({"role": "assistant", "content": text, "tool_calls": calls}));
            for (call, result) in exchange.calls.iter().zip(&exchange.results) {
                messages.push(json!({
                    "role": "tool",
                    "tool_call_id": call.id,
                    "content": result.content,
                }));
            }
        }
        let mut body = json!({
            "model": self.model,
            "stream": turn.stream,
            "messages": messages,
        });
        if turn.stream && self.capabilities.stream_usage {
            body["stream_options"] = json!({"include_usage": true});
        }
        // The answer round offers no tools at all: not every server honours `tool_choice`.
        if has_tools && turn.may_call {
            let tools: Vec<Value> = turn
                .tools
                .iter()
                .map(|t| {
                    json!({
                        "type": "function",
                        "function": {
                            "name": t.name,
                            "description": t.description,
                            "parameters": t.parameters,
                        },
                    })
                })
                .collect();
            body["tools"] = Value::Array(tools);
        }
        let accept = if turn.stream {
            "text/event-stream"
        } else {
            "application/json"
        };
        let mut builder = client
            .post(format!("{}/chat/completions", self.base_url))
            .header(reqwest::header::ACCEPT, accept)
            .json(&body);
        if let Some(key) = &self.api_key {
            builder = builder.bearer_auth(key);
        }
        builder
    }

    fn parse(&self, event: &Event) -> Vec<Parsed> {
        let data = event.data.trim();
        if data == "[DONE]" {
            return vec![Parsed::Done];
        }
        let Ok(value) = serde_json::from_str::<Value>(data) else {
            tracing::warn!(data = %data.chars().take(200).collect::<String>(), "skipping a malformed event");
            return Vec::new();
        };
        read(&value, "delta")
    }

    fn parse_whole(&self, body: &Value) -> Vec<Parsed> {
        let mut items = read(body, "message");
        items.push(Parsed::Done);
        items
    }
}

/// The items of a chunk (`part` = `delta`) or a whole reply (`part` = `message`).
fn read(value: &Value, part: &str) -> Vec<Parsed> {
    if let Some(error) = value.get("error") {
        let message = error
            .get("message")
            .and_then(Value::as_str)
            .or_else(|| error.as_str())
            .unwrap_or("the provider reported an error");
        return vec![Parsed::Failed(message.to_string())];
    }
    let mut items = Vec::new();
    let choice = value.pointer("/choices/0");
    let content = choice.and_then(|c| c.get(part));
    if let Some(text) = content
        .and_then(|c| c.get("content"))
        .and_then(Value::as_str)
        .filter(|t| !t.is_empty())
    {
        items.push(Parsed::Event(ReplyEvent::Text(text.to_string())));
    }
    let calls = content
        .and_then(|c| c.get("tool_calls"))
        .and_then(Value::as_array);
    for call in calls.into_iter().flatten() {
        let function = call.get("function");
        let arguments = match function.and_then(|f| f.get("arguments")) {
            Some(Value::String(s)) => s.clone(),
            // Some servers send the arguments as an object rather than JSON text.
            Some(v @ Value::Object(_)) => v.to_string(),
            _ => String::new(),
        };
        items.push(Parsed::Call(CallFragment {
            index: call.get("index").and_then(Value::as_u64),
            id: call.get("id").and_then(Value::as_str).map(str::to_string),
            name: function
                .and_then(|f| f.get("name"))
                .and_then(Value::as_str)
                .map(str::to_string),
            arguments,
        }));
    }
    if let Some(reason) = choice
        .and_then(|c| c.get("finish_reason"))
        .and_then(Value::as_str)
        .filter(|r| !r.is_empty())
    {
        items.push(Parsed::Finished(reason.to_string()));
    }
    if let Some(usage) = value.get("usage").filter(|u| u.is_object()) {
        let count = |k: &str| usage.get(k).and_then(Value::as_u64).unwrap_or(0) as u32;
        items.push(Parsed::Event(ReplyEvent::Usage(TokenUsage {
            input_tokens: count("prompt_tokens"),
            output_tokens: count("completion_tokens"),
        })));
    }
    items
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(data: &str) -> Vec<Parsed> {
        let dialect = OpenAi {
            base_url: String::new(),
            api_key: None,
            model: "m".into(),
            capabilities: Capabilities::OPENAI,
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
            vec![Parsed::Event(ReplyEvent::Text("Howdy".into()))]
        );
        assert!(
            parse(r#"{"choices":[{"delta":{"role":"assistant"},"finish_reason":""}]}"#).is_empty()
        );
        assert!(parse("{not json").is_empty());
        assert_eq!(parse(" [DONE] "), vec![Parsed::Done]);
        assert_eq!(
            parse(r#"{"choices":[],"usage":{"prompt_tokens":12,"completion_tokens":3}}"#),
            vec![Parsed::Event(ReplyEvent::Usage(TokenUsage {
                input_tokens: 12,
                output_tokens: 3
            }))]
        );
        assert_eq!(
            parse(r#"{"error":{"message":"overloaded"}}"#),
            vec![Parsed::Failed("overloaded".into())]
        );
    }

    #[test]
    fn tool_call_fragments_and_endings_are_read() {
        assert_eq!(
            parse(
                r#"{"choices":[{"index":0,"delta":{"tool_calls":[{"index":1,"id":"call_9","type":"function","function":{"name":"score","arguments":""}}]},"finish_reason":null}]}"#
            ),
            vec![Parsed::Call(CallFragment {
                index: Some(1),
                id: Some("call_9".into()),
                name: Some("score".into()),
                arguments: String::new(),
            })]
        );
        assert_eq!(
            parse(r#"{"choices":[{"index":0,"delta":{},"finish_reason":"tool_calls"}]}"#),
            vec![Parsed::Finished("tool_calls".into())]
        );
    }
}
