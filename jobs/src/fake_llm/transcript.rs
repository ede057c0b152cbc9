//! Golden transcripts: a provider's replies to one conversation, recorded in its documented
//! wire format and stored as a text file (`jobs/tests/fixtures/llm-transcripts/`).
//!
//! ```text
//! # comments (before the first reply)
//! --- reply 200 text/event-stream
//! data: {...}
//!
//! data: [DONE]
//!
//! --- reply 200 application/json
//! {...}
//! ```
//!
//! The reply served is chosen by the conversation's round: the number of rounds of tool
//! results the request already carries (OpenAI `role: tool` messages after an assistant's
//! `tool_calls`, Anthropic `tool_result` blocks), so concurrent conversations replay
//! independently. A reply may quote what the tools returned, as a model does:
//! `{{result#N/pointer}}` is the JSON pointer `/pointer` into the request's N-th tool result
//! (from 0), so an answer's figure is the figure the real tool read from the store.

use serde_json::Value;

use super::Script;

/// A recorded conversation: one reply per round.
#[derive(Debug, Clone)]
pub struct Transcript {
    replies: Vec<Reply>,
}

#[derive(Debug, Clone)]
struct Reply {
    status: &'static str,
    content_type: String,
    body: String,
}

impl Transcript {
    /// Reads a transcript file; panics with the path on a malformed file (tests only).
    pub fn load(path: &std::path::Path) -> Transcript {
        let text = std::fs::read_to_string(path)
            .unwrap_or_else(|e| panic!("transcript {}: {e}", path.display()));
        let t = Transcript::parse(&text);
        assert!(
            !t.replies.is_empty(),
            "transcript {} has no reply",
            path.display()
        );
        t
    }

    pub fn parse(text: &str) -> Transcript {
        let mut replies: Vec<Reply> = Vec::new();
        for line in text.lines() {
            if let Some(head) = line.strip_prefix("--- reply ") {
                let mut parts = head.split_whitespace();
                let status = status_line(parts.next().unwrap_or("200"));
                let content_type = parts.next().unwrap_or("text/event-stream").to_string();
                replies.push(Reply {
                    status,
                    content_type,
                    body: String::new(),
                });
            } else if let Some(reply) = replies.last_mut() {
                reply.body.push_str(line);
                reply.body.push('\n');
            }
        }
        Transcript { replies }
    }

    /// How many replies the transcript holds.
    pub fn len(&self) -> usize {
        self.replies.len()
    }

    pub fn is_empty(&self) -> bool {
        self.replies.is_empty()
    }

    /// The reply to `request_body`, with its placeholders filled.
    pub fn answer(&self, request_body: &str) -> Script {
        let request: Value = serde_json::from_str(request_body).unwrap_or(Value::Null);
        let results = tool_results(&request);
        let round = rounds(&request);
        let Some(reply) = self.replies.get(round) else {
            return Script::status(
                "500 Internal Server Error",
                &[],
                "{\"error\":{\"message\":\"the transcript has no reply for this round\"}}",
            );
        };
        let body = fill(reply.body.trim_end(), &results);
        let headers = vec![("Content-Type".to_string(), reply.content_type.clone())];
        let parts = if reply.content_type == "text/event-stream" {
            // One write per event, as a server flushes them.
            body.split("\n\n")
                .filter(|frame| !frame.trim().is_empty())
                .map(|frame| (std::time::Duration::ZERO, format!("{frame}\n\n")))
                .collect()
        } else {
            vec![(std::time::Duration::ZERO, body)]
        };
        Script {
            status: reply.status,
            headers,
            parts,
        }
    }
}

fn status_line(code: &str) -> &'static str {
    match code {
        "400" => "400 Bad Request",
        "429" => "429 Too Many Requests",
        "500" => "500 Internal Server Error",
        _ => "200 OK",
    }
}

/// The rounds of tool use a request carries: assistant messages with calls.
fn rounds(request: &Value) -> usize {
    let messages = request.get("messages").and_then(Value::as_array);
    messages
        .into_iter()
        .flatten()
        .filter(|m| m.get("role").and_then(Value::as_str) == Some("assistant"))
        .filter(|m| {
            m.get("tool_calls")
                .is_some_and(|c| c.as_array().is_some_and(|a| !a.is_empty()))
                || m.get("content")
                    .and_then(Value::as_array)
                    .is_some_and(|blocks| {
                        blocks
                            .iter()
                            .any(|b| b.get("type").and_then(Value::as_str) == Some("tool_use"))
                    })
        })
        .count()
}

/// The tool results a request carries, in order, parsed as JSON.
fn tool_results(request: &Value) -> Vec<Value> {
    let mut out = Vec::new();
    let messages = request.get("messages").and_then(Value::as_array);
    for m in messages.into_iter().flatten() {
        if m.get("role").and_then(Value::as_str) == Some("tool") {
            out.push(parse_content(m.get("content")));
        }
        for block in m
            .get("content")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
        {
            if block.get("type").and_then(Value::as_str) == Some("tool_result") {
                out.push(parse_content(block.get("content")));
            }
        }
    }
    out
}

fn parse_content(content: Option<&Value>) -> Value {
    let text = match content {
        Some(Value::String(s)) => s.clone(),
        // Anthropic also allows a list of text blocks.
        Some(Value::Array(blocks)) => blocks
            .iter()
            .filter_map(|b| b.get("text").and_then(Value::as_str))
            .collect(),
        _ => String::new(),
    };
    serde_json::from_str(&text).unwrap_or(Value::Null)
}

/// `{{result#N/pointer}}` replaced by the value (written for inside a JSON string).
fn fill(body: &str, results: &[Value]) -> String {
    let mut out = String::with_capacity(body.len());
    let mut rest = body;
    while let Some(open) = rest.find("{{result#") {
        out.push_str(&rest[..open]);
        let after = &rest[open + "{{result#".len()..];
        let Some(close) = after.find("}}") else {
            out.push_str(&rest[open..]);
            return out;
        };
        let spec = &after[..close];
        let (n, pointer) = spec.split_at(spec.find('/').unwrap_or(spec.len()));
        let value = n
            .parse::<usize>()
            .ok()
            .and_then(|n| results.get(n))
            .and_then(|r| r.pointer(pointer));
        let text = match value {
            Some(Value::String(s)) => {
                let quoted = Value::String(s.clone()).to_string();
                quoted[1..quoted.len() - 1].to_string()
            }
            Some(v) => v.to_string(),
            None => format!("MISSING({spec})"),
        };
        out.push_str(&text);
        rest = &after[close + 2..];
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replies_follow_the_round_and_quote_the_tool_results() {
        let t = Transcript::parse(
            "# two rounds\n--- reply 200 text/event-stream\ndata: one\n\ndata: [DONE]\n\n--- reply 200 application/json\n{\"score\": {{result#0/score}}, \"name\": \"{{result#0/company}}\"}\n",
        );
        assert_eq!(t.len(), 2);
        let first = t.answer(r#"{"messages":[{"role":"user","content":"hi"}]}"#);
        assert_eq!(first.parts.len(), 2);
        let second = t.answer(
            r#"{"messages":[{"role":"assistant","tool_calls":[{"id":"a"}]},{"role":"tool","tool_call_id":"a","content":"{\"score\":62,\"company\":\"Apple \\\"Inc\\\"\"}"}]}"#,
        );
        assert_eq!(
            second.parts[0].1,
            "{\"score\": 62, \"name\": \"Apple \\\"Inc\\\"\"}"
        );
        let anthropic = t.answer(
            r#"{"messages":[{"role":"assistant","content":[{"type":"tool_use","id":"t"}]},{"role":"user","content":[{"type":"tool_result","tool_use_id":"t","content":"{\"score\":7}"}]}]}"#,
        );
        assert!(anthropic.parts[0].1.starts_with("{\"score\": 7,"));
    }
}
