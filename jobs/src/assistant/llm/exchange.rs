//! Tool calls as they arrive and as they go back: fragments of a streamed call put together
//! (by `id` when the server sends one, else by `index`: some servers number every call 0),
//! and the rounds of calls and results a conversation carries to the next request.

/// A piece of a tool call as a provider streams it: the first piece usually carries the id
/// and name, the rest pieces of the arguments' JSON text.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct CallFragment {
    /// `index` (OpenAI-compatible) or the content block's index (Anthropic).
    pub index: Option<u64>,
    pub id: Option<String>,
    pub name: Option<String>,
    pub arguments: String,
}

/// A complete tool call the model asked for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ToolCall {
    pub id: String,
    pub name: String,
    /// The arguments as the model wrote them (JSON text, possibly malformed).
    pub arguments: String,
}

/// One round of tool use: what the model said and asked, and what the tools answered (in the
/// order of the calls, one result per call).
#[derive(Debug, Clone, PartialEq)]
pub struct Exchange {
    pub text: String,
    pub calls: Vec<ToolCall>,
    pub results: Vec<crate::assistant::tools::calls::CallOutput>,
}

#[derive(Debug, Default)]
struct Pending {
    index: Option<u64>,
    id: Option<String>,
    name: String,
    arguments: String,
}

/// Puts streamed fragments together into calls.
#[derive(Debug, Default)]
pub struct CallAccumulator {
    calls: Vec<Pending>,
}

impl CallAccumulator {
    /// Adds a fragment: a new id starts a new call even when its index repeats one already
    /// seen (servers that number every call 0); a fragment without an id continues the latest
    /// call with its index, else the latest call.
    pub fn push(&mut self, fragment: CallFragment) {
        let id = fragment.id.filter(|id| !id.is_empty());
        let target = match &id {
            Some(id) => self
                .calls
                .iter()
                .rposition(|c| c.id.as_deref() == Some(id.as_str())),
            None => match fragment.index {
                Some(index) => self.calls.iter().rposition(|c| c.index == Some(index)),
                None => self.calls.len().checked_sub(1),
            },
        };
        let call = match target {
            Some(at) => &mut self.calls[at],
            None => {
                self.calls.push(Pending {
                    index: fragment.index,
                    id: id.clone(),
                    ..Pending::default()
                });
                let last = self.calls.len() - 1;
                &mut self.calls[last]
            }
        };
        if call.id.is_none() {
            call.id = id;
        }
        if let Some(name) = fragment.name.filter(|n| !n.is_empty()) {
            call.name = name;
        }
        call.arguments.push_str(&fragment.arguments);
    }

    pub fn is_empty(&self) -> bool {
        self.calls.is_empty()
    }

    /// The calls, each with an id (`call_{round}_{n}` when the server sent none: the result
    /// must name the call it answers).
    pub fn finish(self, round: usize) -> Vec<ToolCall> {
        self.calls
            .into_iter()
            .enumerate()
            .map(|(n, c)| ToolCall {
                id: c.id.unwrap_or_else(|| format!("call_{round}_{n}")),
                name: c.name,
                arguments: c.arguments,
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fragment(
        index: Option<u64>,
        id: Option<&str>,
        name: Option<&str>,
        args: &str,
    ) -> CallFragment {
        CallFragment {
            index,
            id: id.map(str::to_string),
            name: name.map(str::to_string),
            arguments: args.to_string(),
        }
    }

    #[test]
    fn parallel_calls_are_put_together_by_index() {
        let mut acc = CallAccumulator::default();
        acc.push(fragment(Some(0), Some("a"), Some("score"), ""));
        acc.push(fragment(Some(1), Some("b"), Some("glossary"), ""));
        acc.push(fragment(Some(0), None, None, "{\"symbol\":"));
        acc.push(fragment(Some(1), None, None, "{\"term\":\"P/E\"}"));
        acc.push(fragment(Some(0), None, None, "\"AAPL\"}"));
        let calls = acc.finish(0);
        assert_eq!(calls.len(), 2);
        assert_eq!(
            (calls[0].id.as_str(), calls[0].arguments.as_str()),
            ("a", "{\"symbol\":\"AAPL\"}")
        );
        assert_eq!(
            (calls[1].name.as_str(), calls[1].arguments.as_str()),
            ("glossary", "{\"term\":\"P/E\"}")
        );
    }

    #[test]
    fn calls_all_numbered_zero_are_told_apart_by_id() {
        let mut acc = CallAccumulator::default();
        acc.push(fragment(
            Some(0),
            Some("x1"),
            Some("score"),
            "{\"symbol\":\"KO\"}",
        ));
        acc.push(fragment(Some(0), Some("x2"), Some("score"), "{\"symbol\":"));
        acc.push(fragment(Some(0), None, None, "\"PEP\"}"));
        let calls = acc.finish(0);
        assert_eq!(calls.len(), 2);
        assert_eq!(calls[0].arguments, "{\"symbol\":\"KO\"}");
        assert_eq!(calls[1].arguments, "{\"symbol\":\"PEP\"}");
    }

    #[test]
    fn calls_without_ids_get_one() {
        let mut acc = CallAccumulator::default();
        acc.push(fragment(None, Some(""), Some("top"), ""));
        let calls = acc.finish(2);
        assert_eq!(calls[0].id, "call_2_0");
    }
}
