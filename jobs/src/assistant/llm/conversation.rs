//! The tool loop of one answer: offer the tools, run the calls the model asks for (at most
//! [`MAX_CALLS_PER_ROUND`] a round, at most the provider's rounds), send the results back, and
//! stream the final answer. The last request offers no calls, so the model must answer.
//! Every result the model read goes to the caller as [`ReplyEvent::ToolData`]: its figures
//! count as grounded in the invented-number check.

use std::sync::Arc;

use serde_json::json;
use tokio::sync::mpsc;

use super::{
    Dialect, Link, Turn,
    exchange::{Exchange, ToolCall},
    flavor::{Ending, MAX_CALLS_PER_ROUND, ending},
    round::{self, Out},
};
use crate::assistant::{
    ChatRequest, ProviderError, ReplyEvent,
    tools::{
        Toolbox,
        calls::{CallOutput, ToolSpec},
    },
};

/// Runs the conversation, sending its events (and a failure, if any) to `tx`.
pub async fn run<D: Dialect>(
    link: Arc<Link<D>>,
    tools: Option<(Toolbox, Arc<Vec<ToolSpec>>)>,
    request: ChatRequest,
    tx: mpsc::Sender<Result<ReplyEvent, ProviderError>>,
) {
    let mut out = Out::new(tx);
    if let Err(error) = converse(&link, tools.as_ref(), &request, &mut out).await {
        out.fail(error).await;
    }
}

async fn converse<D: Dialect>(
    link: &Link<D>,
    tools: Option<&(Toolbox, Arc<Vec<ToolSpec>>)>,
    request: &ChatRequest,
    out: &mut Out,
) -> Result<(), ProviderError> {
    let caps = link.dialect.capabilities();
    let specs: &[ToolSpec] = tools.map_or(&[], |(_, specs)| specs.as_slice());
    let rounds = if specs.is_empty() {
        0
    } else {
        caps.tool_rounds()
    };
    let mut exchanges: Vec<Exchange> = Vec::new();
    for round in 0..=rounds {
        let may_call = round < rounds;
        let turn = Turn {
            request,
            exchanges: &exchanges,
            tools: specs,
            may_call,
            // A server that drops streamed tool calls is asked without streaming while it
            // may call; the answer after the calls streams.
            stream: !may_call || caps.streams_tool_calls,
        };
        let outcome = round::run(link, &turn, out, round).await?;
        let calls_arrived = !outcome.calls.is_empty();
        let answered =
            !may_call || ending(outcome.reason.as_deref(), calls_arrived) == Ending::Stop;
        if answered {
            if outcome.text.trim().is_empty() {
                return Err(out.failure("the reply held tool calls but no answer".into()));
            }
            if calls_arrived {
                tracing::warn!(
                    round,
                    "the model asked for tools it may not call now; ignored"
                );
            }
            return Ok(());
        }
        let Some((toolbox, _)) = tools else {
            return Ok(());
        };
        let results = run_calls(toolbox, &outcome.calls, out).await;
        if !outcome.text.trim().is_empty() {
            out.needs_break = true;
        }
        exchanges.push(Exchange {
            text: outcome.text,
            calls: outcome.calls,
            results,
        });
    }
    Ok(())
}

/// Runs the first calls of a round together; the rest are answered with an error saying so.
async fn run_calls(toolbox: &Toolbox, calls: &[ToolCall], out: &Out) -> Vec<CallOutput> {
    let runs = calls.iter().take(MAX_CALLS_PER_ROUND).map(|call| async move {
        let output = toolbox.call(&call.name, &call.arguments).await;
        tracing::info!(tool = %call.name, is_error = output.is_error, "a language model called a tool");
        output
    });
    let mut results = futures::future::join_all(runs).await;
    for _ in results.len()..calls.len() {
        results.push(CallOutput {
            content: json!({
                "error": format!(
                    "too many calls at once: only the first {MAX_CALLS_PER_ROUND} were run; \
                     ask for the rest in the next round"
                )
            })
            .to_string(),
            is_error: true,
        });
    }
    for result in results.iter().filter(|r| !r.is_error) {
        out.event(ReplyEvent::ToolData(result.content.clone()))
            .await;
    }
    results
}
