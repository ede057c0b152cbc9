//! Language-model providers over HTTP with server-sent events: an OpenAI-compatible client
//! (OpenAI, Ollama's `/v1`, vLLM, llama.cpp server, OpenRouter) and an Anthropic Messages
//! client. Both share the transport ([`round`]: a connect timeout, a first-byte timeout, an
//! idle timeout between events, retries only before the first text, honouring `Retry-After`
//! on 429, and a mid-stream failure reported as such) and, for the chat, the tool loop
//! ([`conversation`]): the tools are offered as function calls, the calls the model asks for
//! are run (a few rounds, a few calls a round) and their results sent back, and the final
//! answer streams to the caller. What each provider kind supports is in [`flavor`].

pub mod anthropic;
mod conversation;
pub mod exchange;
pub mod flavor;
pub mod openai;
pub mod prompt;
mod round;

use std::{sync::Arc, time::Duration};

use eventsource_stream::Event;
use futures::{FutureExt, StreamExt, future::BoxFuture};
use tokio::sync::mpsc;

use super::{
    AssistantSettings, ChatRequest, Provider, ProviderError, ReplyEvent, ReplyStream,
    tools::{Toolbox, calls::ToolSpec},
};
use exchange::{CallFragment, Exchange};
use flavor::Capabilities;

/// What a provider's reply means, item by item, as a dialect reads it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Parsed {
    /// Text or token counts.
    Event(ReplyEvent),
    /// A piece of a tool call.
    Call(CallFragment),
    /// The model's stated reason for ending (`finish_reason`, `stop_reason`).
    Finished(String),
    /// The reply is complete (`[DONE]`, `message_stop`).
    Done,
    /// The provider reports an error inside the reply.
    Failed(String),
}

/// One request of a conversation, as a dialect writes it.
#[derive(Debug, Clone, Copy)]
pub struct Turn<'a> {
    pub request: &'a ChatRequest,
    /// Earlier rounds of tool calls and their results, oldest first.
    pub exchanges: &'a [Exchange],
    /// The tools the provider has (empty: none, as for the writers).
    pub tools: &'a [ToolSpec],
    /// Whether the model may call them now (`false`: it must answer).
    pub may_call: bool,
    pub stream: bool,
}

/// A provider's wire dialect: how to ask and how to read the replies.
pub trait Dialect: Send + Sync + 'static {
    /// The model name stored with exchanges.
    fn name(&self) -> &str;
    fn capabilities(&self) -> Capabilities;
    fn request(&self, client: &reqwest::Client, turn: &Turn<'_>) -> reqwest::RequestBuilder;
    /// One server-sent event of a streamed reply (nothing, for pings and unknown events).
    fn parse(&self, event: &Event) -> Vec<Parsed>;
    /// A whole reply (a request sent without streaming).
    fn parse_whole(&self, body: &serde_json::Value) -> Vec<Parsed>;
}

/// The dialect, the HTTP client and the timeouts a conversation uses.
pub struct Link<D> {
    dialect: D,
    client: reqwest::Client,
    first_byte: Duration,
    idle: Duration,
    max_retries: u32,
}

/// A language model over HTTP with one dialect, and the tools when it serves the chat.
pub struct HttpLlm<D: Dialect> {
    link: Arc<Link<D>>,
    tools: Option<(Toolbox, Arc<Vec<ToolSpec>>)>,
}

impl<D: Dialect> HttpLlm<D> {
    pub fn new(dialect: D, settings: &AssistantSettings) -> Self {
        let client = reqwest::Client::builder()
            .connect_timeout(settings.connect_timeout)
            .build()
            .unwrap_or_default();
        HttpLlm {
            link: Arc::new(Link {
                dialect,
                client,
                first_byte: settings.first_byte_timeout,
                idle: settings.idle_timeout,
                max_retries: settings.max_retries,
            }),
            tools: None,
        }
    }

    /// Offers the toolbox's tools to the model as function calls.
    pub fn with_tools(mut self, toolbox: Toolbox) -> Self {
        self.tools = Some((toolbox, Arc::new(super::tools::calls::specs())));
        self
    }
}

impl<D: Dialect> Provider for HttpLlm<D> {
    fn model(&self) -> String {
        self.link.dialect.name().to_string()
    }

    fn is_generative(&self) -> bool {
        true
    }

    /// Starts the conversation in a task and resolves at the first text (or the failure
    /// before it, which refunds the query).
    fn reply(
        &self,
        request: ChatRequest,
    ) -> BoxFuture<'static, Result<ReplyStream, ProviderError>> {
        let (tx, mut rx) = mpsc::channel(64);
        tokio::spawn(conversation::run(
            self.link.clone(),
            self.tools.clone(),
            request,
            tx,
        ));
        async move {
            let mut head = Vec::new();
            loop {
                match rx.recv().await {
                    Some(Ok(ReplyEvent::Text(text))) => {
                        head.push(Ok(ReplyEvent::Text(text)));
                        break;
                    }
                    Some(Ok(other)) => head.push(Ok(other)),
                    Some(Err(
                        ProviderError::Unavailable(why) | ProviderError::Interrupted(why),
                    )) => {
                        return Err(ProviderError::Unavailable(why));
                    }
                    None => return Err(ProviderError::Unavailable("the reply was empty".into())),
                }
            }
            let rest = futures::stream::unfold(rx, |mut rx| async move {
                rx.recv().await.map(|item| (item, rx))
            });
            Ok(futures::stream::iter(head).chain(rest).boxed())
        }
        .boxed()
    }
}
