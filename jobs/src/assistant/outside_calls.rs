//! The chat's tools for outside assistants (the API's MCP endpoint): the same specs and the
//! same dispatcher a language model gets in the chat ([`tools::calls`]), paid for the way a
//! chat message is. A call spends one query from the same ledger (free ones first, then
//! purchased, one guarded write per pot, so a burst never overdraws), and a call that answers
//! an error (bad arguments, an unknown ticker, a failed look-up) gives it back, as a chat
//! reply that never got going does. Listing the tools costs nothing. The per-minute limit
//! is the caller's (it lives with the chat's, in the API).

use chrono::Utc;

use super::tools::{
    Toolbox,
    calls::{CallOutput, ToolSpec, specs},
};
use crate::{
    accounts::FREE_CHAT_QUERIES,
    store::{Store, StoreError},
};

/// Why a call was not run.
#[derive(Debug, thiserror::Error)]
pub enum OutsideCallError {
    /// Neither free nor purchased queries are left (the chat's 'Well shoot...').
    #[error("no chat queries left")]
    NoQueries,
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// The tools over one store, with the query ledger. Cheap to clone.
#[derive(Debug, Clone)]
pub struct OutsideTools {
    store: Store,
    toolbox: Toolbox,
}

impl OutsideTools {
    pub fn new(store: Store) -> Self {
        OutsideTools {
            toolbox: Toolbox::new(store.clone()),
            store,
        }
    }

    /// The tools offered, in the chat's order (free to read).
    pub fn specs(&self) -> Vec<ToolSpec> {
        specs()
    }

    /// Runs `name` with `arguments` (a JSON object as text) for `user_id`, spending one chat
    /// query; an error result refunds it. An unknown name is answered without spending.
    #[tracing::instrument(skip(self, arguments), err)]
    pub async fn call(
        &self,
        user_id: i64,
        name: &str,
        arguments: &str,
    ) -> Result<CallOutput, OutsideCallError> {
        if !specs().iter().any(|s| s.name == name) {
            // The dispatcher's own answer names the tools there are.
            return Ok(self.toolbox.call(name, arguments).await);
        }
        let asked_at = Utc::now();
        let Some(spent) = self
            .store
            .spend_chat_query(user_id, FREE_CHAT_QUERIES, asked_at)
            .await?
        else {
            return Err(OutsideCallError::NoQueries);
        };
        let output = self.toolbox.call(name, arguments).await;
        if output.is_error {
            if let Err(err) = self.store.refund_chat_query(user_id, spent, asked_at).await {
                tracing::error!(%err, user_id, "could not refund a tool call's query");
            }
        } else if let Err(err) = self.store.log_tool_use(user_id, name, asked_at).await {
            // The answer is given and paid for; a missing log row must not take it back.
            tracing::error!(%err, user_id, name, "could not log a tool call");
        }
        Ok(output)
    }
}
