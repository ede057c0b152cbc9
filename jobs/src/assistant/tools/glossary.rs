//! Investing terms explained in Bubba's voice, from a glossary file in the repository
//! (`jobs/assets/glossary.md`): free cash flow, P/E, market cap, dilution, the 10-K...

use std::sync::LazyLock;

use serde::Deserialize;
use serde_json::{Value, json};

use super::{Tool, spec::ToolSpec};

const SOURCE: &str = include_str!("../../../assets/glossary.md");

static TERMS: LazyLock<Vec<Term>> = LazyLock::new(|| parse(SOURCE));

/// One glossary entry.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Term {
    /// The term as a heading ("Free cash flow").
    pub term: String,
    /// Lower-case ways of writing it, the term itself first.
    pub names: Vec<String>,
    pub explanation: String,
}

/// Every term of the glossary.
pub fn terms() -> &'static [Term] {
    &TERMS
}

/// The term `message` names: the longest name found as whole words (so "free cash flow"
/// wins over "cash flow"), first in the file on a tie.
pub fn lookup(message: &str) -> Option<&'static Term> {
    let text = format!(" {} ", words(message));
    terms()
        .iter()
        .flat_map(|t| t.names.iter().map(move |n| (t, n)))
        .filter(|(_, n)| text.contains(&format!(" {} ", words(n))))
        .max_by(|(ta, a), (tb, b)| {
            a.len().cmp(&b.len()).then_with(|| {
                let pos = |t: &Term| terms().iter().position(|x| x == t);
                pos(tb).cmp(&pos(ta))
            })
        })
        .map(|(t, _)| t)
}

/// Lower-case words joined by single spaces (`/`, `&`, `-` and `(`/`)` stay inside words).
fn words(text: &str) -> String {
    text.to_lowercase()
        .split(|c: char| !(c.is_alphanumeric() || "/&-()".contains(c)))
        .map(|w| w.trim_end_matches(['-', ')']).trim_start_matches('('))
        .filter(|w| !w.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}

fn parse(source: &str) -> Vec<Term> {
    source
        .split("\n## ")
        .skip(1)
        .map(|block| {
            let mut lines = block.lines();
            let term = lines.next().unwrap_or_default().trim().to_string();
            let mut names = vec![term.to_lowercase()];
            let mut body = Vec::new();
            for line in lines {
                if let Some(list) = line.strip_prefix("also:") {
                    names.extend(
                        list.split(',')
                            .map(|n| n.trim().to_lowercase())
                            .filter(|n| !n.is_empty()),
                    );
                } else if !line.trim().is_empty() {
                    body.push(line.trim());
                }
            }
            Term {
                term,
                names,
                explanation: body.join(" "),
            }
        })
        .collect()
}

/// The arguments of `glossary` as a function call.
#[derive(Debug, Deserialize)]
pub struct TermArgs {
    pub term: String,
}

/// `glossary` as a language model is offered it.
pub fn spec() -> ToolSpec {
    ToolSpec::new(
        Tool::Glossary,
        "Explains an investing term in Bubba's words (free cash flow, P/E ratio, market cap, \
         dilution, short interest, 10-K...). Answers found: false with the known terms when \
         the glossary does not have it.",
    )
    .param(
        "term",
        json!({"type": "string"}),
        "The term, e.g. free cash flow",
    )
}

/// Runs `glossary`.
pub fn call(args: TermArgs) -> Value {
    match lookup(&args.term) {
        Some(t) => json!({"found": true, "term": t.term, "explanation": t.explanation}),
        None => {
            let known: Vec<&str> = terms().iter().map(|t| t.term.as_str()).collect();
            json!({"found": false, "term": args.term, "known_terms": known})
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::assistant::numbers;

    #[test]
    fn the_glossary_has_the_terms_retail_investors_ask_about() {
        assert!(terms().len() >= 25, "{}", terms().len());
        for t in terms() {
            assert!(!t.explanation.is_empty(), "{}", t.term);
            // Figures come from the data: the glossary writes none of its own.
            assert!(
                numbers::unverified(&t.explanation, "", &[]).is_empty(),
                "{}: {}",
                t.term,
                t.explanation
            );
        }
        for asked in [
            ("what's free cash flow?", "Free cash flow"),
            ("What is a P/E ratio", "P/E ratio"),
            ("explain market cap", "Market cap"),
            ("what does dilution mean", "Dilution"),
            ("what is short interest", "Short interest"),
            ("what's the float", "Float"),
            ("debt-to-equity?", "Debt-to-equity"),
            ("earnings yield", "Earnings yield"),
            ("what is the 10-year treasury yield", "Treasury yield"),
            ("what's CAGR", "CAGR"),
            ("what is an ETF", "ETF"),
            ("what's a 10-K", "10-K"),
            ("and a 10-Q?", "10-Q"),
            ("index fund or stocks?", "Index fund"),
        ] {
            assert_eq!(
                lookup(asked.0).map(|t| t.term.as_str()),
                Some(asked.1),
                "{}",
                asked.0
            );
        }
        assert!(lookup("tell me a joke about ducks").is_none());
    }
}
