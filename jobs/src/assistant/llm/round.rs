//! One request to the provider and its reply, streamed or whole: text goes to the caller as it
//! arrives, tool-call fragments are put together, the stated ending is kept. A request is
//! retried (honouring `Retry-After` on 429) only while nothing of it reached the caller;
//! each wait is bounded (the first-byte timeout until the reply starts, then the idle one).

use std::time::Duration;

use eventsource_stream::Eventsource;
use futures::StreamExt;
use tokio::sync::mpsc;

use super::{
    Dialect, Link, Parsed, Turn,
    exchange::{CallAccumulator, ToolCall},
};
use crate::assistant::{ProviderError, ReplyEvent};

/// The longest `Retry-After` we wait (the user is waiting too).
const MAX_RETRY_AFTER: Duration = Duration::from_secs(20);

/// What one request produced.
#[derive(Debug)]
pub struct Outcome {
    pub text: String,
    pub calls: Vec<ToolCall>,
    /// `finish_reason` / `stop_reason` as the server wrote it.
    pub reason: Option<String>,
}

/// The caller's end of a conversation: what has been sent so far.
pub struct Out {
    tx: mpsc::Sender<Result<ReplyEvent, ProviderError>>,
    /// Some text reached the caller: a failure from now on is an interruption.
    pub text_sent: bool,
    /// Start the next text on a new paragraph (a round of calls came after some text).
    pub needs_break: bool,
}

impl Out {
    pub fn new(tx: mpsc::Sender<Result<ReplyEvent, ProviderError>>) -> Out {
        Out {
            tx,
            text_sent: false,
            needs_break: false,
        }
    }

    pub async fn text(&mut self, mut text: String) {
        if self.needs_break && !text.trim().is_empty() {
            self.needs_break = false;
            text.insert_str(0, "\n\n");
        }
        self.text_sent = true;
        // A closed receiver means nobody reads on; the conversation simply ends unread.
        let _ = self.tx.send(Ok(ReplyEvent::Text(text))).await;
    }

    pub async fn event(&self, event: ReplyEvent) {
        let _ = self.tx.send(Ok(event)).await;
    }

    pub async fn fail(&self, error: ProviderError) {
        let _ = self.tx.send(Err(error)).await;
    }

    /// A failure as the caller must see it: before any text the query is refunded.
    pub fn failure(&self, why: String) -> ProviderError {
        if self.text_sent {
            ProviderError::Interrupted(why)
        } else {
            ProviderError::Unavailable(why)
        }
    }
}

/// Why an attempt failed.
enum Attempt {
    Retry {
        why: String,
        after: Option<Duration>,
    },
    Fatal(String),
}

/// Sends `turn`, retrying while nothing reached the caller.
pub async fn run<D: Dialect>(
    link: &Link<D>,
    turn: &Turn<'_>,
    out: &mut Out,
    round: usize,
) -> Result<Outcome, ProviderError> {
    let mut last_error = String::new();
    for attempt in 0..=link.max_retries {
        let sent_before = out.text_sent;
        match once(link, turn, out, round).await {
            Ok(outcome) => return Ok(outcome),
            Err(Attempt::Retry { why, after }) if out.text_sent == sent_before => {
                tracing::warn!(attempt, round, %why, "language model unavailable, retrying");
                last_error = why;
                if attempt < link.max_retries {
                    let pause = after.unwrap_or(Duration::from_millis(250 << attempt));
                    tokio::time::sleep(pause.min(MAX_RETRY_AFTER)).await;
                }
            }
            Err(Attempt::Retry { why, .. } | Attempt::Fatal(why)) => {
                return Err(out.failure(why));
            }
        }
    }
    Err(out.failure(last_error))
}

/// One attempt: send, check the status, read the reply.
async fn once<D: Dialect>(
    link: &Link<D>,
    turn: &Turn<'_>,
    out: &mut Out,
    round: usize,
) -> Result<Outcome, Attempt> {
    let started = tokio::time::Instant::now();
    let deadline = started + link.first_byte;
    let timed_out = || Attempt::Retry {
        why: format!("no answer within {} s", link.first_byte.as_secs_f32()),
        after: None,
    };
    let send = link.dialect.request(&link.client, turn).send();
    let response = tokio::time::timeout_at(deadline, send)
        .await
        .map_err(|_| timed_out())?
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
    let mut reply = Reply::default();
    if turn.stream {
        let mut events = response.bytes_stream().eventsource();
        loop {
            // Until the reply starts the first-byte deadline holds, then the idle timeout.
            let wait = if reply.started {
                tokio::time::timeout(link.idle, events.next()).await
            } else {
                tokio::time::timeout_at(deadline, events.next()).await
            };
            let event = match wait {
                Err(_) if reply.started => {
                    return Err(reply.broken(format!("no data for {} s", link.idle.as_secs_f32())));
                }
                Err(_) => return Err(timed_out()),
                Ok(None) if reply.reason.is_some() => break,
                Ok(None) => {
                    return Err(
                        reply.broken("the connection closed before the reply finished".into())
                    );
                }
                Ok(Some(Err(e))) => return Err(reply.broken(format!("stream error: {e}"))),
                Ok(Some(Ok(event))) => event,
            };
            if reply.take(link.dialect.parse(&event), out).await? {
                break;
            }
        }
    } else {
        let body = tokio::time::timeout_at(deadline, response.json::<serde_json::Value>())
            .await
            .map_err(|_| timed_out())?
            .map_err(|e| Attempt::Retry {
                why: format!("unreadable reply: {e}"),
                after: None,
            })?;
        reply.take(link.dialect.parse_whole(&body), out).await?;
    }
    if reply.text.trim().is_empty() && reply.calls.is_empty() {
        return Err(Attempt::Retry {
            why: "the reply was empty".into(),
            after: None,
        });
    }
    Ok(Outcome {
        text: reply.text,
        calls: reply.calls.finish(round),
        reason: reply.reason,
    })
}

/// A reply as it is read.
#[derive(Default)]
struct Reply {
    text: String,
    calls: CallAccumulator,
    reason: Option<String>,
    /// Text or a call arrived (the first byte, for the timeouts).
    started: bool,
}

impl Reply {
    /// Takes what one event meant; `true` at the reply's end marker.
    async fn take(&mut self, items: Vec<Parsed>, out: &mut Out) -> Result<bool, Attempt> {
        for item in items {
            match item {
                Parsed::Event(ReplyEvent::Text(text)) => {
                    self.started = true;
                    self.text.push_str(&text);
                    out.text(text).await;
                }
                Parsed::Event(other) => out.event(other).await,
                Parsed::Call(fragment) => {
                    self.started = true;
                    self.calls.push(fragment);
                }
                Parsed::Finished(reason) => self.reason = Some(reason),
                Parsed::Done => return Ok(true),
                Parsed::Failed(why) => return Err(self.broken(why)),
            }
        }
        Ok(false)
    }

    /// A failure mid-reply: retried by [`run`] only if no text reached the caller.
    fn broken(&self, why: String) -> Attempt {
        Attempt::Retry { why, after: None }
    }
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
