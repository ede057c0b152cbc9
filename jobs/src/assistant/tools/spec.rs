//! A tool's description as a function call, and why a call can fail: what each tool file
//! declares next to the tool (the dispatcher is in [`super::calls`]).

use serde_json::{Value, json};

use super::Tool;
use crate::store::StoreError;

/// A tool as a language model is offered it.
#[derive(Debug, Clone, PartialEq)]
pub struct ToolSpec {
    pub name: &'static str,
    pub description: String,
    /// A JSON schema of type `object`.
    pub parameters: Value,
}

impl ToolSpec {
    /// A tool without parameters yet.
    pub fn new(tool: Tool, description: impl Into<String>) -> ToolSpec {
        ToolSpec {
            name: tool.name(),
            description: description.into(),
            parameters: json!({"type": "object", "properties": {}, "required": []}),
        }
    }

    /// Adds a required parameter with its JSON schema (`type`, bounds...) and a description.
    pub fn param(mut self, name: &str, mut schema: Value, description: &str) -> ToolSpec {
        schema["description"] = Value::from(description);
        self.parameters["properties"][name] = schema;
        if let Some(required) = self.parameters["required"].as_array_mut() {
            required.push(Value::from(name));
        }
        self
    }
}

/// Why a call could not be answered.
#[derive(Debug, thiserror::Error)]
pub enum CallError {
    /// The arguments do not fit (the text tells the model what to change).
    #[error("{0}")]
    Invalid(String),
    #[error(transparent)]
    Store(#[from] StoreError),
}
