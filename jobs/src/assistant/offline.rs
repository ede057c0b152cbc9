//! The offline grounded responder (the default provider): answers from the stock's stored
//! analysis record, its notes and retrieved passages, in Bubba's voice, and says plainly
//! when the answer is not in its data. It never computes a number of its own: every figure
//! is copied from the record through the record's own formatting. Document text is quoted
//! as data and never followed as instructions.

use std::sync::Arc;

use futures::{StreamExt, future::BoxFuture};

use super::{
    ChatRequest, Grounding, Provider, ProviderError, ReplyEvent, ReplyStream, answer::Answer,
    sources_block,
};

/// The model name stored with offline answers.
pub const MODEL: &str = "offline-grounded";

/// Characters per streamed chunk: small enough that the reply visibly grows.
const CHUNK_CHARS: usize = 48;

/// The grounded responder. Stateless; cheap to share.
#[derive(Debug, Clone, Default)]
pub struct OfflineResponder;

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
        Box::pin(async move {
            let answer = answer(&request.message, &request.grounding);
            let full = format!("{}{}", answer.text, sources_block(&answer.citations));
            Ok(chunked(full))
        })
    }
}

/// The whole answer to `message` (what the stream carries, before the sources block).
pub fn answer(message: &str, grounding: &Arc<Grounding>) -> Answer {
    match &grounding.symbol {
        None => super::offline_generic::answer(message, grounding),
        Some(_) => super::offline_stock::answer(message, grounding),
    }
}

/// Splits `text` into stream chunks on character boundaries.
fn chunked(text: String) -> ReplyStream {
    let chars: Vec<char> = text.chars().collect();
    let chunks: Vec<Result<ReplyEvent, ProviderError>> = chars
        .chunks(CHUNK_CHARS)
        .map(|c| Ok(ReplyEvent::Text(c.iter().collect())))
        .collect();
    futures::stream::iter(chunks).boxed()
}
