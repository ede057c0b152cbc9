//! The offline grounded responder (the default provider): routes a message to the tools
//! (`offline_routed`) and answers from what they return, in Bubba's voice; says plainly when
//! the answer is not in its data, and marks such a decline so it costs no query. It never
//! computes a number of its own: every figure is copied from a stored record through the
//! record's own formatting. Document text is quoted as data and never followed as
//! instructions.

use std::sync::Arc;

use futures::{StreamExt, future::BoxFuture};

use super::{
    ChatRequest, Grounding, Provider, ProviderError, ReplyEvent, ReplyStream, answer::Answer,
    sources_block, tools::Toolbox,
};

/// The model name stored with offline answers.
pub const MODEL: &str = "offline-grounded";

/// Characters per streamed chunk: small enough that the reply visibly grows.
const CHUNK_CHARS: usize = 48;

/// The grounded responder; with tools (the chat) it also finds companies by name, compares
/// stocks, lists the Top 25 and searches documents. Cheap to share.
#[derive(Debug, Clone, Default)]
pub struct OfflineResponder {
    tools: Option<Toolbox>,
}

impl OfflineResponder {
    /// The responder with the tools over a store.
    pub fn with_tools(tools: Toolbox) -> Self {
        OfflineResponder { tools: Some(tools) }
    }

    /// The whole answer to `message` (what the stream carries, before the sources block).
    pub async fn answer(
        &self,
        message: &str,
        grounding: &Arc<Grounding>,
    ) -> crate::store::StoreResult<Answer> {
        super::offline_routed::answer(message, grounding, self.tools.as_ref()).await
    }
}

impl Provider for OfflineResponder {
    fn model(&self) -> String {
        MODEL.into()
    }

    fn is_generative(&self) -> bool {
        false
    }

    fn reply(
        &self,
        request: ChatRequest,
    ) -> BoxFuture<'static, Result<ReplyStream, ProviderError>> {
        let responder = self.clone();
        Box::pin(async move {
            let answer = responder
                .answer(&request.message, &request.grounding)
                .await
                .map_err(|e| ProviderError::Unavailable(e.to_string()))?;
            let full = format!("{}{}", answer.text, sources_block(&answer.citations));
            let mut events = chunked(full);
            if answer.declined {
                events.push(Ok(ReplyEvent::Declined));
            }
            Ok(futures::stream::iter(events).boxed())
        })
    }
}

/// The answer to `message` from the grounding alone (no tools: its own stock, the glossary
/// and the basics).
pub async fn answer(message: &str, grounding: &Arc<Grounding>) -> Answer {
    super::offline_routed::answer(message, grounding, None)
        .await
        .expect("without tools nothing is read from the store")
}

/// Splits `text` into stream events on character boundaries.
fn chunked(text: String) -> Vec<Result<ReplyEvent, ProviderError>> {
    let chars: Vec<char> = text.chars().collect();
    chars
        .chunks(CHUNK_CHARS)
        .map(|c| Ok(ReplyEvent::Text(c.iter().collect())))
        .collect()
}
