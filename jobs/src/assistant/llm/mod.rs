//! Language-model providers over HTTP with server-sent events: an OpenAI-compatible client
//! (OpenAI, Ollama's `/v1`, vLLM, llama.cpp server, OpenRouter) and an Anthropic Messages
//! client. Both share the transport here: a connect timeout, a first-byte timeout, an idle
//! timeout between events, retries only before the first text arrives (honouring
//! `Retry-After` on 429), and a mid-stream failure reported as such (never retried: the user
//! already sees part of the reply).

pub mod anthropic;
pub mod openai;
pub mod prompt;

use std::{sync::Arc, time::Duration};

use eventsource_stream::{Event, Eventsource};
use futures::{FutureExt, Stream, StreamExt, future::BoxFuture};

use super::{AssistantSettings, ChatRequest, Provider, ProviderError, ReplyEvent, ReplyStream};

/// The longest `Retry-After` we wait before the first byte (the user is waiting too).
const MAX_RETRY_AFTER: Duration = Duration::from_secs(20);

/// What one server-sent event means, as a provider's dialect reads it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Parsed {
    Event(ReplyEvent),
    /// The reply is complete (`[DONE]`, `message_stop`).
    Done,
    /// Nothing for us (pings, role announcements, unknown event types, malformed data).
    Skip,
    /// The provider reports an error inside the stream.
    Failed(String),
}

/// A provider's wire dialect: how to ask and how to read the events.
pub trait Dialect: Send + Sync + 'static {
    /// The model name stored with exchanges.
    fn name(&self) -> &str;
    fn request(&self, client: &reqwest::Client, request: &ChatRequest) -> reqwest::RequestBuilder;
    fn parse(&self, event: &Event) -> Parsed;
}

/// A language model over HTTP with one dialect.
pub struct HttpLlm<D: Dialect> {
    dialect: Arc<D>,
    client: reqwest::Client,
    first_byte_timeout: Duration,
    idle_timeout: Duration,
    max_retries: u32,
}

impl<D: Dialect> HttpLlm<D> {
    pub fn new(dialect: D, settings: &AssistantSettings) -> Self {
        let client = reqwest::Client::builder()
            .connect_timeout(settings.connect_timeout)
            .build()
            .unwrap_or_default();
        HttpLlm {
            dialect: Arc::new(dialect),
            client,
            first_byte_timeout: settings.first_byte_timeout,
            idle_timeout: settings.idle_timeout,
            max_retries: settings.max_retries,
        }
    }
}

impl<D: Dialect> Provider for HttpLlm<D> {
    fn model(&self) -> String {
        self.dialect.name().to_string()
    }

    fn is_generative(&self) -> bool {
        true
    }

    fn reply(
        &self,
        request: ChatRequest,
    ) -> BoxFuture<'static, Result<ReplyStream, ProviderError>> {
        let dialect = self.dialect.clone();
        let client = self.client.clone();
        let (first_byte, idle, retries) =
            (self.first_byte_timeout, self.idle_timeout, self.max_retries);
        async move {
            let mut last_error = String::new();
            for attempt in 0..=retries {
                match open(&dialect, &client, &request, first_byte, idle).await {
                    Ok(stream) => return Ok(stream),
                    Err(Attempt::Fatal(why)) => return Err(ProviderError::Unavailable(why)),
                    Err(Attempt::Retry { why, after }) => {
                        tracing::warn!(attempt, %why, "language model unavailable, retrying");
                        last_error = why;
                        if attempt < retries {
                            let pause = after.unwrap_or(Duration::from_millis(250 << attempt));
                            tokio::time::sleep(pause.min(MAX_RETRY_AFTER)).await;
                        }
                    }
                }
            }
            Err(ProviderError::Unavailable(last_error))
        }
        .boxed()
    }
}

/// Why an attempt failed before the first text.
enum Attempt {
    Retry {
        why: String,
        after: Option<Duration>,
    },
    Fatal(String),
}

/// One attempt: send, check the status, wait for the first text (all within the first-byte
/// timeout), then hand back a stream of the first text and the rest.
async fn open<D: Dialect>(
    dialect: &Arc<D>,
    client: &reqwest::Client,
    request: &ChatRequest,
    first_byte: Duration,
    idle: Duration,
) -> Result<ReplyStream, Attempt> {
    let attempt = async {
        let response =
            dialect
                .request(client, request)
                .send()
                .await
                .map_err(|e| Attempt::Retry {
                    why: format!("request failed: {e}"),
                    after: None,
                })?;
        let status = response.status();
        if status.as_u16() == 429 || status.is_server_error() {
            return Err(Attempt::Retry {
                why: format!("status {status}"),
                after: retry_after(response.headers()),
            });
        }
        if !status.is_success() {
            let body = response.text().await.unwrap_or_default();
            return Err(Attempt::Fatal(format!(
                "status {status}: {}",
                body.chars().take(300).collect::<String>()
            )));
        }
        let mut events = read_events(dialect.clone(), response.bytes_stream().eventsource(), idle);
        let mut head = Vec::new();
        // Usage or other events may come first; the attempt counts as answered at the first text.
        loop {
            match events.next().await {
                Some(Ok(ReplyEvent::Text(t))) => {
                    head.push(Ok(ReplyEvent::Text(t)));
                    break;
                }
                Some(Ok(other)) => head.push(Ok(other)),
                Some(Err(e)) => {
                    return Err(Attempt::Retry {
                        why: e.to_string(),
                        after: None,
                    });
                }
                None => {
                    return Err(Attempt::Retry {
                        why: "the reply was empty".into(),
                        after: None,
                    });
                }
            }
        }
        Ok(futures::stream::iter(head).chain(events).boxed())
    };
    match tokio::time::timeout(first_byte, attempt).await {
        Ok(result) => result,
        Err(_) => Err(Attempt::Retry {
            why: format!("no answer within {} s", first_byte.as_secs_f32()),
            after: None,
        }),
    }
}

/// The provider's events as reply events: each wait bounded by `idle`; the stream ends at
/// the dialect's end marker, and a stream that stops without one is a failure.
fn read_events<D, S, E>(dialect: Arc<D>, source: S, idle: Duration) -> ReplyStream
where
    D: Dialect,
    S: Stream<Item = Result<Event, E>> + Send + 'static,
    E: std::fmt::Display,
{
    let state = (dialect, Box::pin(source), false);
    futures::stream::unfold(state, move |(dialect, mut source, finished)| async move {
        if finished {
            return None;
        }
        loop {
            let failure = match tokio::time::timeout(idle, source.next()).await {
                Err(_) => format!("no data for {} s", idle.as_secs_f32()),
                Ok(None) => "the connection closed before the reply finished".to_string(),
                Ok(Some(Err(e))) => format!("stream error: {e}"),
                Ok(Some(Ok(event))) => match dialect.parse(&event) {
                    Parsed::Event(e) => return Some((Ok(e), (dialect, source, false))),
                    Parsed::Done => return None,
                    Parsed::Skip => continue,
                    Parsed::Failed(why) => why,
                },
            };
            let item = Err(ProviderError::Interrupted(failure));
            return Some((item, (dialect, source, true)));
        }
    })
    .boxed()
}

/// `Retry-After` in seconds or as an HTTP date.
fn retry_after(headers: &reqwest::header::HeaderMap) -> Option<Duration> {
    let value = headers
        .get(reqwest::header::RETRY_AFTER)?
        .to_str()
        .ok()?
        .trim();
    if let Ok(secs) = value.parse::<u64>() {
        return Some(Duration::from_secs(secs));
    }
    let when = httpdate::parse_http_date(value).ok()?;
    Some(
        when.duration_since(std::time::SystemTime::now())
            .unwrap_or_default(),
    )
}
