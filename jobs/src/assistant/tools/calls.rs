//! The tools as function calls, for language models (and any caller that speaks JSON): each
//! tool file declares its [`ToolSpec`] (name, description, JSON-schema parameters) and the
//! typed arguments it reads, next to the tool itself; [`Toolbox::call`] runs a call by name
//! with its JSON arguments. Bad arguments, an unknown name or a failed look-up answer an
//! error result the model can read and correct; nothing here panics on what a model sends.

use serde::de::DeserializeOwned;
use serde_json::{Map, Value, json};

pub use super::spec::{CallError, ToolSpec};
use super::{Tool, Toolbox, company, compare, documents, glossary, question, score, top};

/// The tools a language model is offered, in a stable order.
pub fn specs() -> Vec<ToolSpec> {
    vec![
        company::spec(),
        score::spec(),
        question::spec(),
        compare::spec(),
        top::spec(),
        documents::spec(),
        glossary::spec(),
    ]
}

/// What a call answered: JSON text for the model, and whether it is an error.
#[derive(Debug, Clone, PartialEq)]
pub struct CallOutput {
    pub content: String,
    pub is_error: bool,
}

impl Toolbox {
    /// Runs the tool `name` with `arguments` (a JSON object as text; empty means `{}`).
    #[tracing::instrument(skip(self, arguments))]
    pub async fn call(&self, name: &str, arguments: &str) -> CallOutput {
        let result = match parse_object(arguments) {
            Ok(args) => self.dispatch(name, args).await,
            Err(e) => Err(e),
        };
        match result {
            Ok(value) => CallOutput {
                content: value.to_string(),
                is_error: false,
            },
            Err(CallError::Invalid(why)) => error_output(&why),
            Err(CallError::Store(err)) => {
                tracing::error!(%err, name, "a tool's look-up failed");
                error_output("the look-up failed on my side; say you could not look it up")
            }
        }
    }

    async fn dispatch(&self, name: &str, args: Value) -> Result<Value, CallError> {
        match CALLABLE.iter().find(|t| t.name() == name) {
            Some(Tool::FindCompany) => company::call(self, parse(args)?).await,
            Some(Tool::Score) => score::call(self, parse(args)?).await,
            Some(Tool::Question) => question::call(self, parse(args)?).await,
            Some(Tool::Compare) => compare::call(self, parse(args)?).await,
            Some(Tool::Top) => top::call(self).await,
            Some(Tool::Documents) => documents::call(self, parse(args)?).await,
            Some(Tool::Glossary) => Ok(glossary::call(parse(args)?)),
            Some(Tool::Basics) | None => {
                // The basics are the offline responder's, not a call.
                let names: Vec<&str> = specs().iter().map(|s| s.name).collect();
                Err(CallError::Invalid(format!(
                    "there is no tool named '{name}'; the tools are {}",
                    names.join(", ")
                )))
            }
        }
    }

    /// The main ticker of a symbol a model wrote ("aapl", "$GOOG" -> "GOOGL"), or an error
    /// naming what to do instead.
    pub async fn resolve_symbol(&self, raw: &str) -> Result<String, CallError> {
        let cleaned = raw.trim().trim_start_matches('$').to_uppercase();
        let invalid = || {
            CallError::Invalid(format!(
                "'{raw}' is not a ticker I know; call find_company with the company's name first"
            ))
        };
        if cleaned.is_empty() || cleaned.len() > 10 {
            return Err(invalid());
        }
        if let Some((main, _)) = self.name_index().await?.by_ticker(&cleaned) {
            return Ok(main);
        }
        // Not in the directory (or no directory loaded): a stored analysis still counts.
        match self.record(&cleaned).await? {
            Some(_) => Ok(cleaned),
            None => Err(invalid()),
        }
    }
}

/// The tools callable by name, in the order of [`specs`].
const CALLABLE: [Tool; 7] = [
    Tool::FindCompany,
    Tool::Score,
    Tool::Question,
    Tool::Compare,
    Tool::Top,
    Tool::Documents,
    Tool::Glossary,
];

fn error_output(why: &str) -> CallOutput {
    CallOutput {
        content: json!({ "error": why }).to_string(),
        is_error: true,
    }
}

/// The arguments as a JSON object: empty text (some servers send none for a call without
/// parameters) is `{}`, anything but an object is refused.
fn parse_object(arguments: &str) -> Result<Value, CallError> {
    if arguments.trim().is_empty() {
        return Ok(Value::Object(Map::new()));
    }
    match serde_json::from_str::<Value>(arguments) {
        Ok(v @ Value::Object(_)) => Ok(v),
        Ok(_) => Err(CallError::Invalid(
            "the arguments must be a JSON object".into(),
        )),
        Err(e) => Err(CallError::Invalid(format!(
            "the arguments are not valid JSON ({e})"
        ))),
    }
}

fn parse<A: DeserializeOwned>(args: Value) -> Result<A, CallError> {
    serde_json::from_value(args)
        .map_err(|e| CallError::Invalid(format!("the arguments do not fit the tool: {e}")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_tool_is_offered_once_with_an_object_schema() {
        let specs = specs();
        assert_eq!(specs.len(), CALLABLE.len());
        for (spec, tool) in specs.iter().zip(CALLABLE) {
            assert_eq!(spec.name, tool.name());
            assert!(spec.description.len() > 20, "{}", spec.name);
            assert_eq!(spec.parameters["type"], "object");
            for required in spec.parameters["required"].as_array().unwrap() {
                let name = required.as_str().unwrap();
                let param = &spec.parameters["properties"][name];
                assert!(param["type"].is_string(), "{}.{name}", spec.name);
                assert!(param["description"].is_string(), "{}.{name}", spec.name);
            }
        }
    }

    #[test]
    fn arguments_that_are_not_an_object_are_refused_not_panicked_on() {
        assert!(parse_object("").unwrap().is_object());
        assert!(matches!(parse_object("[1]"), Err(CallError::Invalid(_))));
        assert!(matches!(
            parse_object("{\"symbol\": \"AA"),
            Err(CallError::Invalid(_))
        ));
    }
}
