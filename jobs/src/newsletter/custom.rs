//! What a custom prompt asks for beyond the questions its topics name (`custom_questions` in
//! `offline.rs`): a comparison of the stocks, a subject the records cannot answer (dividends),
//! and who will read it (a retiree, a beginner, someone in for the long haul). The offline
//! writer builds the piece around these: a side-by-side table of the asked questions with who
//! comes out ahead (scores from the records), a plain line for what the data cannot support,
//! and the reader's questions first.

use super::request::Format;
use crate::analysis::{AnalysisRecord, record::TITLES};

/// Who the piece is for, as the prompt says it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reader {
    /// Lives off the money: bills paid in a bad year, real cash coming in.
    Retiree,
    /// New to this: what the grades mean.
    Beginner,
    /// In for decades: growth, and a share count that does not melt the slice.
    LongHaul,
}

/// What a custom prompt asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Ask {
    pub compare: bool,
    pub dividends: bool,
    pub reader: Option<Reader>,
}

const COMPARE: &[&str] = &[
    "compare",
    "comparison",
    " vs",
    "versus",
    "side by side",
    "head to head",
    "which is better",
    "which one",
    "better buy",
    "against each other",
];
const DIVIDENDS: &[&str] = &["dividend", "payout", "pays out"];
const READERS: &[(Reader, &[&str])] = &[
    (
        Reader::Retiree,
        &[
            "retire",
            "pension",
            "steady income",
            "live off",
            "living off",
            "fixed income",
        ],
    ),
    (
        Reader::Beginner,
        &[
            "beginner",
            "new to investing",
            "first stock",
            "just starting",
            "starting out",
        ],
    ),
    (
        Reader::LongHaul,
        &[
            "long haul",
            "long term",
            "long-term",
            "decades",
            "young",
            "grandkid",
        ],
    ),
];

/// Reads a custom prompt.
pub fn read(prompt: &str) -> Ask {
    let lower = prompt.to_lowercase();
    let has = |words: &[&str]| words.iter().any(|w| lower.contains(w));
    Ask {
        compare: has(COMPARE),
        dividends: has(DIVIDENDS),
        reader: READERS
            .iter()
            .find(|(_, words)| has(words))
            .map(|(reader, _)| *reader),
    }
}

/// The prompt with the words that name a reader or dividends taken out, for reading its
/// topics: a retiree's "steady income" is about dividends, not the company's net income.
pub fn topic_text(prompt: &str) -> String {
    let mut lower = prompt.to_lowercase();
    for word in READERS
        .iter()
        .flat_map(|(_, words)| words.iter())
        .chain(DIVIDENDS)
    {
        lower = lower.replace(word, " ");
    }
    lower
}

impl Reader {
    /// The questions this reader cares about most, first.
    pub fn questions(self) -> &'static [u8] {
        match self {
            Reader::Retiree => &[6, 5],
            Reader::Beginner => &[],
            Reader::LongHaul => &[1, 10],
        }
    }

    fn line(self) -> &'static str {
        match self {
            Reader::Retiree => {
                "For somebody living off their savings, I'd look hardest at two things: can the \
                 company pay its bills in a bad year (cash and debt), and does it bring in real \
                 cash (free cash flow), because that's the well any dividend gets drawn from."
            }
            Reader::Beginner => {
                "If you're just starting out: each question below gets a grade out of 10, and \
                 7 or better is a good sign, under 5 a worry. The score out of 100 adds them up."
            }
            Reader::LongHaul => {
                "If you're in for the long haul, the things that compound are growing sales and \
                 a share count that doesn't keep getting watered down."
            }
        }
    }
}

/// The lines that frame the piece: what the records cannot support, and who it is for.
pub fn framing(ask: &Ask) -> Vec<String> {
    let mut lines = Vec::new();
    if ask.dividends {
        lines.push(
            "You asked about dividends, and I'll be straight with you: my records don't carry \
             dividend payments, so I can't tell you who pays more or who raised it last. The \
             closest I've got is free cash flow, the money a dividend comes out of."
                .to_string(),
        );
    }
    if let Some(reader) = ask.reader {
        lines.push(reader.line().to_string());
    }
    lines
}

/// The stocks side by side on `questions` (every question when empty): each one's grade, the
/// overall score, and who comes out ahead on each, from the records' own scores.
pub fn side_by_side(records: &[AnalysisRecord], questions: &[u8], format: Format) -> String {
    let all: Vec<u8> = (1..=12).collect();
    let questions = if questions.is_empty() {
        &all[..]
    } else {
        questions
    };
    let title = |n: u8| TITLES[usize::from(n - 1)];
    let grade = |r: &AnalysisRecord, n: u8| {
        r.questions
            .iter()
            .find(|q| q.number == n)
            .and_then(|q| q.score)
    };
    let mut out = match format {
        Format::Sections => "## Side by side\n\n".to_string(),
        Format::Bullets => "**Side by side**\n\n".to_string(),
    };
    let symbols: Vec<&str> = records.iter().map(|r| r.symbol.as_str()).collect();
    out.push_str(&format!(
        "| | {} |\n|---|{}\n",
        symbols.join(" | "),
        "---|".repeat(records.len())
    ));
    for &n in questions {
        let cells: Vec<String> = records
            .iter()
            .map(|r| grade(r, n).map_or_else(|| "no grade".into(), |s| format!("{s}/10")))
            .collect();
        out.push_str(&format!("| {} | {} |\n", title(n), cells.join(" | ")));
    }
    let overall: Vec<String> = records.iter().map(|r| r.score.to_string()).collect();
    out.push_str(&format!(
        "| Score out of 100 | {} |\n\n",
        overall.join(" | ")
    ));
    for &n in questions {
        out.push_str(&format!(
            "{}\n",
            verdict(records, title(n), |r| grade(r, n))
        ));
    }
    out.push('\n');
    out
}

/// "On Cash & Debt, PepsiCo (PEP) comes out ahead, 6 to 4." / "…it's a tie at 5 between …" /
/// "…only Coca-Cola (KO) has a grade (6)."
fn verdict(
    records: &[AnalysisRecord],
    title: &str,
    grade: impl Fn(&AnalysisRecord) -> Option<u8>,
) -> String {
    let mut graded: Vec<(&AnalysisRecord, u8)> = records
        .iter()
        .filter_map(|r| Some((r, grade(r)?)))
        .collect();
    graded.sort_by_key(|g| std::cmp::Reverse(g.1));
    let name = |r: &AnalysisRecord| format!("{} ({})", r.company_name, r.symbol);
    match graded.as_slice() {
        [] => format!("On {title}, the filings don't give either one a grade."),
        [(only, score)] => format!("On {title}, only {} has a grade ({score}).", name(only)),
        [(_, top), (_, second), ..] if top == second => {
            let tied: Vec<String> = graded
                .iter()
                .filter(|(_, s)| s == top)
                .map(|(r, _)| name(r))
                .collect();
            format!(
                "On {title}, it's a tie at {top} between {}.",
                tied.join(" and ")
            )
        }
        [(best, top), (_, second), ..] => format!(
            "On {title}, {} comes out ahead, {top} to {second}.",
            name(best)
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_prompt_says_what_it_wants() {
        let ask = read(
            "Compare Coca-Cola and PepsiCo on debt and dividends for a retiree who wants steady income",
        );
        assert_eq!(
            ask,
            Ask {
                compare: true,
                dividends: true,
                reader: Some(Reader::Retiree)
            }
        );
        assert_eq!(read("What's the debt situation?"), Ask::default());
        assert_eq!(
            read("KO vs PEP for my grandkids").reader,
            Some(Reader::LongHaul)
        );
        assert!(read("KO vs PEP").compare);
        // Net income is earnings, not dividends; a retiree's steady income is not earnings.
        assert!(!read("How did net income do?").dividends);
        assert!(!topic_text("debt for a retiree who wants steady income").contains("income"));
    }
}
