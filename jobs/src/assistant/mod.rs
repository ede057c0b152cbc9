//! The assistant: Bubba answering questions about one stock (grounded in its stored analysis
//! record, notes and document passages) or about investing basics (the home page's generic
//! chat, from a curated knowledge file). Providers sit behind one trait, [`Provider`]: the
//! offline grounded responder (the default: no key, no network) and, when configured, an
//! OpenAI-compatible or Anthropic client. Replies stream as text chunks.

pub mod answer;
pub mod grounding;
pub mod injection;
pub mod intent;
pub mod knowledge;
pub mod llm;
pub mod numbers;
pub mod offline;
pub mod offline_routed;
pub mod offline_stock;
pub mod outside_calls;
pub mod retrieval;
pub mod service;
pub mod settings;
pub mod tools;
pub mod topics;

use std::{pin::Pin, sync::Arc};

use futures::{Stream, future::BoxFuture};
use serde::Deserialize;

pub use grounding::Grounding;
pub use service::{Assistant, ChatError, ChatInput};
pub use settings::{AssistantSettings, ProviderKind};

pub use crate::store::chat_log::Citation;

/// Longest message the assistant reads, in characters.
pub const MESSAGE_MAX_CHARS: usize = 2_000;
/// How many earlier turns of the conversation go to a provider (the newest ones).
pub const HISTORY_MAX_TURNS: usize = 12;

/// Who said a turn of the conversation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Role {
    User,
    Assistant,
}

/// One earlier turn, as the widget sends it in `conversationHistory`.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct ChatTurn {
    pub role: Role,
    pub content: String,
}

/// Everything a provider needs to answer one message.
#[derive(Debug, Clone)]
pub struct ChatRequest {
    pub message: String,
    /// Earlier turns, oldest first (already trimmed to [`HISTORY_MAX_TURNS`]).
    pub history: Vec<ChatTurn>,
    pub grounding: Arc<Grounding>,
    /// A system prompt that replaces the stock chat's (the newsletter writer brings its own
    /// rules and data); `None` for the chat.
    pub system: Option<String>,
}

/// Token counts a provider reported for one reply.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct TokenUsage {
    pub input_tokens: u32,
    pub output_tokens: u32,
}

/// What a reply stream carries: text as it arrives, and (from LLM providers) token usage.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ReplyEvent {
    Text(String),
    Usage(TokenUsage),
    /// The responder declined the message (outside what it knows): the query goes back.
    Declined,
    /// What a tool returned to a language model (JSON): its figures count as grounded in
    /// the invented-number check. Not shown to the user.
    ToolData(String),
}

/// Why a provider could not answer.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ProviderError {
    /// Nothing was produced: the connection, the status or the first byte failed.
    #[error("provider unavailable: {0}")]
    Unavailable(String),
    /// The provider failed after part of the reply was sent.
    #[error("provider failed mid-stream: {0}")]
    Interrupted(String),
}

/// A reply as it streams.
pub type ReplyStream = Pin<Box<dyn Stream<Item = Result<ReplyEvent, ProviderError>> + Send>>;

/// A source of replies. `reply` resolves once the first byte is in (or the provider failed
/// before answering, which refunds the query); the stream then carries the rest.
pub trait Provider: Send + Sync {
    /// The model name stored with each exchange (at most 50 characters are kept).
    fn model(&self) -> String;
    /// Whether replies are written by a language model, so their numbers need checking
    /// against the grounding (the offline responder only copies record figures).
    fn is_generative(&self) -> bool;
    fn reply(&self, request: ChatRequest)
    -> BoxFuture<'static, Result<ReplyStream, ProviderError>>;
}

/// The provider chosen by `LLM_PROVIDER` (offline unless configured), without tools (the
/// writers bring their data in the prompt).
pub fn provider_from_settings(settings: &AssistantSettings) -> Arc<dyn Provider> {
    build_provider(settings, None)
}

/// The chat's provider: as [`provider_from_settings`], with the tools over `store`
/// (companies by name, other stocks' scores, the Top 25, documents...): the offline
/// responder routes a message to them, a language model gets them as function calls.
pub fn chat_provider(
    settings: &AssistantSettings,
    store: &crate::store::Store,
) -> Arc<dyn Provider> {
    build_provider(settings, Some(tools::Toolbox::new(store.clone())))
}

fn build_provider(
    settings: &AssistantSettings,
    toolbox: Option<tools::Toolbox>,
) -> Arc<dyn Provider> {
    let base = |default: &str| {
        settings
            .base_url
            .clone()
            .unwrap_or_else(|| default.to_string())
    };
    let model = |default: &str| {
        settings
            .model
            .clone()
            .unwrap_or_else(|| default.to_string())
    };
    fn with<D: llm::Dialect>(
        llm: llm::HttpLlm<D>,
        toolbox: Option<tools::Toolbox>,
    ) -> Arc<dyn Provider> {
        match toolbox {
            Some(toolbox) => Arc::new(llm.with_tools(toolbox)),
            None => Arc::new(llm),
        }
    }
    match settings.provider {
        ProviderKind::Offline => match toolbox {
            Some(toolbox) => Arc::new(offline::OfflineResponder::with_tools(toolbox)),
            None => Arc::new(offline::OfflineResponder::default()),
        },
        ProviderKind::OpenAi => with(
            llm::HttpLlm::new(
                llm::openai::OpenAi {
                    base_url: base(llm::openai::DEFAULT_BASE_URL),
                    api_key: settings.api_key.clone(),
                    model: model(llm::openai::DEFAULT_MODEL),
                    capabilities: llm::flavor::Capabilities::of_openai_compatible(settings),
                },
                settings,
            ),
            toolbox,
        ),
        ProviderKind::Anthropic => with(
            llm::HttpLlm::new(
                llm::anthropic::Anthropic {
                    base_url: base(llm::anthropic::DEFAULT_BASE_URL),
                    api_key: settings.api_key.clone(),
                    model: model(llm::anthropic::DEFAULT_MODEL),
                },
                settings,
            ),
            toolbox,
        ),
    }
}

/// What the user sees when a provider fails after part of the reply was sent.
pub const INTERRUPTED_NOTE: &str = "\n\n(Shoot, my line went dead partway through that answer. \
The part above stands, but please ask again for the rest.)";

/// The list of sources appended to a grounded answer, as Markdown-style links the widget
/// turns into anchors: `[label](url)`, or the bare label when the source has no address.
pub fn sources_block(citations: &[Citation]) -> String {
    if citations.is_empty() {
        return String::new();
    }
    let mut out = String::from("\n\nSources:");
    for c in citations {
        match &c.url {
            Some(url) => out.push_str(&format!("\n- [{}]({url})", c.label)),
            None => out.push_str(&format!("\n- {}", c.label)),
        }
    }
    out
}
