//! What each kind of provider can do with tool calls, and so how the client asks. The table is
//! also in `api/docs/chat.md`; change both together.
//!
//! | kind      | streams tool calls | usage in the stream | tool rounds                     |
//! |-----------|--------------------|---------------------|---------------------------------|
//! | openai    | yes                | yes                 | 3                               |
//! | ollama    | yes                | yes                 | 3                               |
//! | llamacpp  | no (older builds)  | no                  | 1, then the answer, streamed    |
//! | anthropic | yes                | yes (events)        | 3                               |
//!
//! Quirks handled for every kind: calls put together by id before index (Ollama numbers
//! every call 0), ids made up when missing, endings outside the documented set ([`ending`]).

use crate::assistant::{AssistantSettings, settings::Flavor};

/// How many rounds of tool calls one answer may take before the model must answer.
pub const MAX_TOOL_ROUNDS: usize = 3;
/// How many calls of one round are run; the rest are answered with an error.
pub const MAX_CALLS_PER_ROUND: usize = 4;

/// What a provider kind supports.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Capabilities {
    /// The kind's name in logs and docs.
    pub kind: &'static str,
    /// Tool calls arrive in a streamed reply. When not (llama.cpp's server before streamed
    /// tool calls answers `stream` with `tools` by an error or drops the calls), a request
    /// offering tools is sent without streaming, and after one round of calls the answer
    /// is asked for streamed, with no tools offered.
    pub streams_tool_calls: bool,
    /// The server honours `stream_options.include_usage` (token counts in the stream).
    pub stream_usage: bool,
}

impl Capabilities {
    pub const OPENAI: Capabilities = Capabilities {
        kind: "openai",
        streams_tool_calls: true,
        stream_usage: true,
    };
    pub const OLLAMA: Capabilities = Capabilities {
        kind: "ollama",
        streams_tool_calls: true,
        stream_usage: true,
    };
    pub const LLAMACPP: Capabilities = Capabilities {
        kind: "llamacpp",
        streams_tool_calls: false,
        stream_usage: false,
    };
    pub const ANTHROPIC: Capabilities = Capabilities {
        kind: "anthropic",
        streams_tool_calls: true,
        stream_usage: true,
    };

    /// The OpenAI-compatible server's capabilities from the settings: `LLM_FLAVOR` or the
    /// base URL, with `LLM_STREAM_TOOLS` overriding the streaming of tool calls.
    pub fn of_openai_compatible(settings: &AssistantSettings) -> Capabilities {
        let flavor = settings
            .flavor
            .unwrap_or_else(|| Flavor::detect(settings.base_url.as_deref()));
        let mut caps = match flavor {
            Flavor::OpenAi => Capabilities::OPENAI,
            Flavor::Ollama => Capabilities::OLLAMA,
            Flavor::LlamaCpp => Capabilities::LLAMACPP,
        };
        if let Some(stream) = settings.stream_tools {
            caps.streams_tool_calls = stream;
        }
        caps
    }

    /// Rounds of tool calls before the answer: one when calls cannot be streamed (the answer
    /// then streams without tools), else [`MAX_TOOL_ROUNDS`].
    pub fn tool_rounds(&self) -> usize {
        if self.streams_tool_calls {
            MAX_TOOL_ROUNDS
        } else {
            1
        }
    }
}

/// What a model's stated reason for ending a reply means for the loop.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ending {
    /// Run the calls and ask again.
    ToolCalls,
    /// The answer is complete.
    Stop,
}

/// Reads `finish_reason` / `stop_reason`. Values outside the documented set (`eos`,
/// `tool_call`, a server's own words, none at all) mean tool calls when calls arrived and a
/// stop otherwise; so do the documented ones, since servers disagree on them (Ollama's older
/// builds said `stop` after a call).
pub fn ending(reason: Option<&str>, calls_arrived: bool) -> Ending {
    match reason {
        Some("length" | "max_tokens" | "content_filter" | "refusal") => Ending::Stop,
        _ if calls_arrived => Ending::ToolCalls,
        _ => Ending::Stop,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unknown_endings_follow_what_arrived() {
        assert_eq!(ending(Some("tool_calls"), true), Ending::ToolCalls);
        assert_eq!(ending(Some("tool_use"), true), Ending::ToolCalls);
        assert_eq!(ending(Some("eos"), true), Ending::ToolCalls);
        assert_eq!(ending(Some("stop"), true), Ending::ToolCalls);
        assert_eq!(ending(None, true), Ending::ToolCalls);
        assert_eq!(ending(Some("eos"), false), Ending::Stop);
        assert_eq!(ending(Some("tool_calls"), false), Ending::Stop);
        assert_eq!(
            ending(Some("length"), true),
            Ending::Stop,
            "cut-off arguments are not run"
        );
    }

    #[test]
    fn the_server_kind_sets_how_tools_are_asked_for() {
        let mut settings = AssistantSettings {
            base_url: Some("http://localhost:8080/llama.cpp/v1".into()),
            ..AssistantSettings::default()
        };
        let caps = Capabilities::of_openai_compatible(&settings);
        assert_eq!((caps.kind, caps.tool_rounds()), ("llamacpp", 1));
        settings.stream_tools = Some(true);
        assert_eq!(
            Capabilities::of_openai_compatible(&settings).tool_rounds(),
            MAX_TOOL_ROUNDS
        );
        settings.flavor = Some(Flavor::Ollama);
        settings.stream_tools = None;
        assert_eq!(Capabilities::of_openai_compatible(&settings).kind, "ollama");
    }
}
