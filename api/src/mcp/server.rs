//! The MCP server: `tools/list` answers the chat's tool specs (free); `tools/call` runs the
//! chat's dispatcher for the token's owner under the chat's rules, in the chat's order: the
//! per-minute limit (`CHAT_MESSAGES_PER_MINUTE`, the same window as the chat's messages),
//! then one query spent (free ones first, then purchased), given back when the call answers
//! an error. Running out of queries, or over the limit, is a tool result marked as an error
//! holding the chat's own words, so the assistant can tell its user; an unknown tool is a
//! protocol error (invalid params), as the protocol asks.

use std::sync::Arc;

use jobs::{
    assistant::{
        outside_calls::{OutsideCallError, OutsideTools},
        service::TECHNICAL_DIFFICULTIES,
        tools::calls::ToolSpec,
    },
    store::access_tokens::TokenOwner,
};
use rmcp::{
    ErrorData, RoleServer, ServerHandler,
    model::{
        CallToolRequestParams, CallToolResponse, CallToolResult, ContentBlock, Implementation,
        JsonObject, ListToolsResult, PaginatedRequestParams, ServerCapabilities, ServerConfig,
        Tool, ToolAnnotations,
    },
    service::RequestContext,
};

use crate::{AppState, routes::chat};

/// What the instructions tell an outside assistant about this server.
const INSTRUCTIONS: &str = "Ask Bubba's stock research: a safety score out of 100 for US-listed \
    companies, built from 12 plain-language questions about their SEC filings, with every figure \
    sourced. Find a company with find_company, then ask for its score, one question, a comparison, \
    the Top 25, its documents, or a term from the glossary. Each tool call spends one of the \
    user's Ask Bubba chat queries. Educational only, not financial advice.";

/// What every request's handler shares: the app and the tools (whose name index is loaded
/// once a minute, not per request).
pub struct Shared {
    state: AppState,
    tools: OutsideTools,
}

impl Shared {
    pub fn new(state: AppState) -> Self {
        Shared {
            tools: OutsideTools::new(state.store.clone()),
            state,
        }
    }
}

/// The handler the SDK makes for each request (stateless: one per POST).
#[derive(Clone)]
pub struct BubbaMcp(Arc<Shared>);

impl BubbaMcp {
    pub fn new(shared: Arc<Shared>) -> Self {
        BubbaMcp(shared)
    }
}

/// A tool spec as the protocol lists it: read-only look-ups in our own data.
fn tool_of(spec: ToolSpec) -> Tool {
    let schema: JsonObject = match spec.parameters {
        serde_json::Value::Object(map) => map,
        _ => JsonObject::new(),
    };
    Tool::new(spec.name, spec.description, schema).with_annotations(
        ToolAnnotations::new()
            .read_only(true)
            .destructive(false)
            .idempotent(true)
            .open_world(false),
    )
}

/// A result the assistant reads as a failed call: `text` is meant for its user.
fn refusal(text: impl Into<String>) -> CallToolResponse {
    CallToolResult::error(vec![ContentBlock::text(text)]).into()
}

impl ServerHandler for BubbaMcp {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(ServerCapabilities::builder().enable_tools().build())
            .with_server_info(
                Implementation::new("ask-bubba", env!("CARGO_PKG_VERSION")).with_title("Ask Bubba"),
            )
            .with_instructions(INSTRUCTIONS)
    }

    fn get_tool(&self, name: &str) -> Option<Tool> {
        self.0
            .tools
            .specs()
            .into_iter()
            .find(|s| s.name == name)
            .map(tool_of)
    }

    async fn list_tools(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, ErrorData> {
        let tools = self.0.tools.specs().into_iter().map(tool_of).collect();
        Ok(ListToolsResult::with_all_items(tools))
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        // Set by the token check in front of every request; never absent behind it.
        let Some(owner) = context
            .extensions
            .get::<axum::http::request::Parts>()
            .and_then(|parts| parts.extensions.get::<TokenOwner>())
            .copied()
        else {
            tracing::error!("an MCP call reached the handler without a token's owner");
            return Err(ErrorData::internal_error(TECHNICAL_DIFFICULTIES, None));
        };
        if self.get_tool(&request.name).is_none() {
            let names: Vec<&str> = self.0.tools.specs().iter().map(|s| s.name).collect();
            return Err(ErrorData::invalid_params(
                format!(
                    "There is no tool named '{}'. The tools are {}.",
                    request.name,
                    names.join(", ")
                ),
                None,
            ));
        }
        if let Err(text) = chat::within_message_rate(&self.0.state, owner.user_id).await {
            return Ok(refusal(text));
        }
        let arguments = request
            .arguments
            .map(|args| serde_json::Value::Object(args).to_string())
            .unwrap_or_default();
        match self
            .0
            .tools
            .call(owner.user_id, &request.name, &arguments)
            .await
        {
            Ok(output) => {
                let content = vec![ContentBlock::text(output.content)];
                Ok(if output.is_error {
                    CallToolResult::error(content)
                } else {
                    CallToolResult::success(content)
                }
                .into())
            }
            Err(OutsideCallError::NoQueries) => Ok(refusal(chat::OUT_OF_QUERIES)),
            Err(OutsideCallError::Store(err)) => {
                tracing::error!(%err, user_id = owner.user_id, "an MCP tool call failed");
                Err(ErrorData::internal_error(TECHNICAL_DIFFICULTIES, None))
            }
        }
    }
}
