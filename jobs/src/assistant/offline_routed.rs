//! The offline responder's routing: a message goes to the tools it needs (find the companies
//! it names, a score, a question in depth, a comparison, the Top 25, the documents, the
//! glossary, the basics) and the answer is written from what they return. A message none of
//! them can answer is declined honestly, and a declined message costs no query.

use std::sync::Arc;

use super::{
    Citation, Grounding,
    answer::Answer,
    grounding::passage_citation,
    intent::{self, Intent},
    knowledge, offline_stock,
    tools::{
        Tool, Toolbox,
        company::CompanyMatch,
        compare::Comparison,
        documents::{DocumentHits, matches_well, well_matched},
        glossary,
        question::{question_detail, question_number},
        score::{Reason, StockScore},
    },
    topics::{Topic, topics_of},
};
use crate::{analysis::Band, store::StoreResult};

/// Said at the end of every decline: the question was free.
pub const FREE_NOTE: &str = "This one's on the house: it didn't cost you a question.";

/// The answer to `message`, using `tools` when there are any (without them, only the
/// grounding's own stock and the glossary and basics are known).
pub async fn answer(
    message: &str,
    g: &Arc<Grounding>,
    tools: Option<&Toolbox>,
) -> StoreResult<Answer> {
    let page = g.symbol.clone();
    let mut mentions = match tools {
        Some(t) => t.find_companies(message).await?,
        None => Vec::new(),
    };
    if mentions.is_empty()
        && let Some((symbol, name)) = &g.mentioned_stock
    {
        mentions.push(CompanyMatch {
            symbol: symbol.clone(),
            name: name.clone(),
            matched: symbol.clone(),
        });
    }
    let page_named = mentions.iter().any(|m| Some(&m.symbol) == page.as_ref());
    // What the message asks about a company, without its name ("Realty Income" is not a
    // question about income).
    let asked = mentions.iter().fold(message.to_lowercase(), |text, m| {
        text.replace(&m.matched.to_lowercase(), " ")
    });
    let others: Vec<CompanyMatch> = mentions
        .into_iter()
        .filter(|m| Some(&m.symbol) != page.as_ref())
        .collect();
    // On a stock page the page's company is one side, unless the message names two others.
    let compared: Vec<CompanyMatch> = if page.is_none() || (others.len() >= 2 && !page_named) {
        others.clone()
    } else {
        let mut list = vec![page_company(g)];
        list.extend(others.iter().cloned());
        list
    };
    let intents = intent::intents(message, compared.len());
    let wants = |i: Intent| intents.contains(&i);

    // The stock the question is about: one it names, else the page's.
    let subject: Option<(CompanyMatch, Option<Arc<Grounding>>)> = match (others.first(), &page) {
        (Some(other), _) => {
            let record = match tools {
                Some(t) => t.record(&other.symbol).await?,
                None => None,
            };
            let grounding = record.map(|r| {
                Arc::new(Grounding {
                    symbol: Some(other.symbol.clone()),
                    company_name: Some(other.name.clone()),
                    record: Some(r),
                    ..Grounding::default()
                })
            });
            Some((other.clone(), grounding))
        }
        (None, Some(_)) => Some((page_company(g), g.record.as_ref().map(|_| g.clone()))),
        (None, None) => None,
    };
    let on_page = |c: &CompanyMatch| Some(&c.symbol) == page.as_ref();

    if wants(Intent::Injection) {
        // The page's stock when the named one has no analysis to stand on.
        let subject = match &subject {
            Some((_, None)) if g.record.is_some() => Some((page_company(g), Some(g.clone()))),
            other => other.clone(),
        };
        return Ok(injection(g, subject.as_ref()));
    }
    if wants(Intent::Compare) {
        let comparison = match tools {
            Some(t) => t.compare(&compared).await?,
            None => Comparison::default(),
        };
        return Ok(compare(&comparison, &compared));
    }
    if wants(Intent::Top) {
        return Ok(match tools {
            Some(t) => top(&t.top().await?),
            None => decline(g),
        });
    }
    let topics = topics_of(&asked);
    let specific: Vec<Topic> = topics
        .iter()
        .copied()
        .filter(|t| *t != Topic::Score)
        .collect();
    let term = glossary::lookup(message);
    match &subject {
        Some((company, Some(sg))) => {
            let record = sg
                .record
                .as_ref()
                .expect("a subject grounding has a record");
            if wants(Intent::Advice) {
                return Ok(with_page_link(
                    case_for_and_against(&StockScore::of(record)),
                    company,
                    on_page(company),
                ));
            }
            if let Some(number) = question_number(message)
                && let Some(detail) = question_detail(record, number)
            {
                let mut text = format!(
                    "Question {}, \"{}\", for {}: {}",
                    detail.number, detail.title, record.company_name, detail.comment
                );
                match detail.score {
                    Some(s) => text.push_str(&format!(" I give it {s} out of 10.")),
                    None => text.push_str(" It stays ungraded: not enough data."),
                }
                text.push_str(&format!(" What the question asks: {}", detail.explainer));
                return Ok(Answer {
                    text,
                    citations: detail.sources.into_iter().take(3).collect(),
                    tools: vec![Tool::Question],
                    declined: false,
                });
            }
            if let Some(term) = term
                && intent::asks_meaning(message)
            {
                let mut out = glossary_answer(term);
                if !specific.is_empty() && !specific.contains(&Topic::Notes) {
                    let stock = offline_stock::answer(message, sg);
                    out.text.push_str(&format!(
                        "\n\nAs for {}: {}",
                        record.company_name, stock.text
                    ));
                    out.citations = stock.citations;
                    out.tools.push(Tool::Question);
                }
                return Ok(with_page_link(out, company, on_page(company)));
            }
            if on_page(company) && (wants(Intent::Documents) || specific == [Topic::Notes]) {
                return documents(message, g, tools).await;
            }
            if !specific.is_empty() {
                // Only passages that answer the question are quoted alongside the figures.
                let mut focused = (**sg).clone();
                focused
                    .passages
                    .retain(|p| matches_well(message, &p.content));
                let mut out = offline_stock::answer(message, &Arc::new(focused));
                out.tools = vec![Tool::Question];
                return Ok(with_page_link(out, company, on_page(company)));
            }
            if !topics.is_empty() || !on_page(company) {
                let (text, citations) = offline_stock::score(sg);
                let out = Answer {
                    text,
                    citations,
                    tools: vec![Tool::Score],
                    declined: false,
                };
                return Ok(with_page_link(out, company, on_page(company)));
            }
            if let Some(term) = term {
                return Ok(glossary_answer(term));
            }
            Ok(decline(g))
        }
        Some((company, None)) => {
            if let Some(term) = term.filter(|_| intent::asks_meaning(message)) {
                return Ok(glossary_answer(term));
            }
            Ok(not_analysed(company))
        }
        _ => {
            if wants(Intent::Advice) {
                return Ok(no_picks(term));
            }
            if let Some(term) = term {
                return Ok(glossary_answer(term));
            }
            if let Some(entry) = knowledge::strong_match(message) {
                return Ok(Answer {
                    text: format!(
                        "{}\n\nWant the numbers on a particular company? Ask me about it by name \
                         (\"How does Apple score?\") or open its page.",
                        entry.answer
                    ),
                    citations: Vec::new(),
                    tools: vec![Tool::Basics],
                    declined: false,
                });
            }
            Ok(decline(g))
        }
    }
}

/// The page's own company as a match.
fn page_company(g: &Grounding) -> CompanyMatch {
    let symbol = g.symbol.clone().unwrap_or_default();
    CompanyMatch {
        name: g.company(),
        matched: symbol.clone(),
        symbol,
    }
}

/// A link to a named company's page when the chat is not already on it.
fn with_page_link(mut out: Answer, company: &CompanyMatch, on_page: bool) -> Answer {
    if !on_page {
        out.text.push_str(&format!(
            "\n\nThe whole breakdown, chart by chart, is on [{}'s page](/stock/{}).",
            company.symbol, company.symbol
        ));
    }
    out
}

/// The case for and against owning a stock, from its strongest and weakest questions; no
/// advice either way.
pub fn case_for_and_against(s: &StockScore) -> Answer {
    let line = |r: &Reason| {
        format!(
            "- {} ({}/10): {}",
            r.title,
            r.score.unwrap_or_default(),
            r.comment
        )
    };
    let strengths: Vec<&Reason> = s
        .strongest()
        .into_iter()
        .filter(|r| r.score.is_some_and(|x| x >= 6))
        .take(3)
        .collect();
    let weaknesses: Vec<&Reason> = s
        .weakest()
        .into_iter()
        .filter(|r| r.score.is_some_and(|x| x <= 5))
        .take(3)
        .collect();
    let mut text = format!(
        "Whether to buy is your call, and I won't make it for you: I'm a guy on a porch, not \
         your financial adviser. What I can do is lay out both sides of {} from my 12 questions, \
         so you can weigh them yourself.\n\nThe case for:",
        s.company
    );
    if strengths.is_empty() {
        text.push_str("\n- Honestly, none of the 12 questions comes out clearly strong.");
    }
    for r in &strengths {
        text.push_str(&format!("\n{}", line(r)));
    }
    text.push_str("\n\nThe case against:");
    if weaknesses.is_empty() {
        text.push_str("\n- I couldn't find a question where it clearly falls down.");
    }
    for r in &weaknesses {
        text.push_str(&format!("\n{}", line(r)));
    }
    let ungraded = s.ungraded();
    if !ungraded.is_empty() {
        let titles: Vec<&str> = ungraded.iter().map(|r| r.title.as_str()).collect();
        text.push_str(&format!(
            "\n\nI couldn't grade {}: the filings don't say enough, so I won't pretend.",
            titles.join("; ")
        ));
    }
    let band = match s.band {
        Band::Green => "green: the numbers mostly hold up",
        Band::Yellow => "yellow: worth a closer look before you lean on it",
        Band::Red => "red: there are real soft spots",
    };
    text.push_str(&format!(
        "\n\nAll in, that's {} out of 100 ({}), {band}. Ask yourself which of the weak spots you \
         could live with for years, and what price you'd be paying.",
        s.score, s.basis
    ));
    let citations = strengths
        .iter()
        .chain(weaknesses.iter())
        .filter_map(|r| r.sources.first().cloned())
        .fold(Vec::new(), |mut acc: Vec<Citation>, c| {
            if !acc.contains(&c) {
                acc.push(c);
            }
            acc
        });
    Answer {
        text,
        citations,
        tools: vec![Tool::Score],
        declined: false,
    }
}

fn compare(c: &Comparison, asked: &[CompanyMatch]) -> Answer {
    let links = |list: &[(String, String)]| {
        list.iter()
            .map(|(s, n)| format!("{n} ([{s}'s page](/stock/{s}))"))
            .collect::<Vec<_>>()
            .join(" and ")
    };
    if c.stocks.len() < 2 {
        let mut missing = c.missing.clone();
        if missing.is_empty() {
            missing = asked
                .iter()
                .map(|m| (m.symbol.clone(), m.name.clone()))
                .collect();
        }
        let mut text = format!(
            "I can't line those up yet: I haven't analysed {}. Open a page, let the analysis \
             finish, and ask me again.",
            links(&missing)
        );
        if let Some(s) = c.stocks.first() {
            text.push_str(&format!(
                " For what it's worth, {} ({}) scores {} out of 100, {}.",
                s.company, s.symbol, s.score, s.basis
            ));
        }
        text.push_str(&format!(" {FREE_NOTE}"));
        return Answer {
            text,
            citations: Vec::new(),
            tools: vec![Tool::FindCompany, Tool::Compare],
            declined: true,
        };
    }
    let mut text = String::from("Side by side on my 12 questions:");
    for s in &c.stocks {
        text.push_str(&format!(
            "\n- {} ({}): {} out of 100, {}",
            s.company, s.symbol, s.score, s.basis
        ));
    }
    let mut rows: Vec<_> = c
        .rows()
        .into_iter()
        .filter(|r| r.grades.iter().all(Option::is_some))
        .collect();
    rows.sort_by_key(|r| {
        let grades: Vec<u8> = r.grades.iter().flatten().copied().collect();
        let spread = grades.iter().max().unwrap_or(&0) - grades.iter().min().unwrap_or(&0);
        (std::cmp::Reverse(spread), r.number)
    });
    text.push_str("\n\nWhere they differ most:");
    for r in rows.iter().take(3) {
        let grades: Vec<String> = c
            .stocks
            .iter()
            .zip(&r.grades)
            .map(|(s, g)| format!("{} {}/10", s.symbol, g.unwrap_or_default()))
            .collect();
        text.push_str(&format!("\n- {}: {}", r.title, grades.join(", ")));
    }
    let best = c.stocks.iter().max_by_key(|s| s.score).expect("two stocks");
    text.push_str(&format!(
        "\n\n{} comes out ahead on my score, but a higher score is homework, not a tip: look at \
         which weak spots each one has and which you could live with.",
        best.company
    ));
    if !c.missing.is_empty() {
        text.push_str(&format!(" I haven't analysed {} yet.", links(&c.missing)));
    }
    Answer {
        text,
        citations: Vec::new(),
        tools: vec![Tool::Compare],
        declined: false,
    }
}

fn top(list: &[crate::ranking::TopStock]) -> Answer {
    if list.is_empty() {
        return Answer {
            text: format!(
                "My Top 25 is empty right now: nothing has been scored fully enough to rank. \
                 {FREE_NOTE}"
            ),
            tools: vec![Tool::Top],
            declined: true,
            ..Answer::default()
        };
    }
    let mut text = String::from(
        "Here's my Top 25 as it stands, highest safety score first (only stocks graded on \
         enough questions make the list):",
    );
    for s in list {
        text.push_str(&format!(
            "\n- {} ({}): {} out of 100, {}",
            s.company_name, s.symbol, s.score, s.score_basis
        ));
    }
    text.push_str(
        "\n\nA high score means sturdy numbers, not a promise the price goes up. Ask me about \
         any of them by name for the why.",
    );
    Answer {
        text,
        tools: vec![Tool::Top],
        ..Answer::default()
    }
}

fn glossary_answer(term: &glossary::Term) -> Answer {
    Answer {
        text: format!("{}: {}", term.term, term.explanation),
        tools: vec![Tool::Glossary],
        ..Answer::default()
    }
}

/// Glossary terms too general to answer a request for picks with.
const GENERAL_TERMS: &[&str] = &["Stock", "Safety score"];

/// An opinion asked with no company named: no picks, but what to look for.
fn no_picks(term: Option<&glossary::Term>) -> Answer {
    let mut text = String::from(
        "I don't pick stocks for folks: I'm a guy on a porch, not your financial adviser, and \
         what suits you depends on your money, your years and your nerves.",
    );
    let mut tools = vec![Tool::Basics];
    if let Some(term) = term.filter(|t| !GENERAL_TERMS.contains(&t.term.as_str())) {
        text.push_str(&format!(
            " Here's what to know first. {}: {}",
            term.term, term.explanation
        ));
        tools = vec![Tool::Glossary];
    } else if let Some(entry) = knowledge::entries()
        .iter()
        .find(|e| e.title == "Getting advice")
    {
        text.push_str(&format!(" {}", entry.answer));
    }
    text.push_str(
        " When you have a company in mind, ask me about it by name and I'll lay out the case \
         for and against from its filings, or ask for my Top 25.",
    );
    Answer {
        text,
        tools,
        ..Answer::default()
    }
}

async fn documents(
    message: &str,
    g: &Arc<Grounding>,
    tools: Option<&Toolbox>,
) -> StoreResult<Answer> {
    let symbol = g.symbol.clone().unwrap_or_default();
    let hits: DocumentHits = match tools {
        Some(t) => t.search_documents(&symbol, message).await?,
        None => well_matched(message, g.passages.clone()),
    };
    let mut out = Answer {
        tools: vec![Tool::Documents],
        ..Answer::default()
    };
    let mut text = String::new();
    for (p, _) in hits.passages.iter().take(2) {
        text.push_str(&format!(
            "From {}: \"{}\" ",
            p.file_name,
            excerpt(&p.content)
        ));
        out.citations.push(passage_citation(p));
    }
    if hits.held_back {
        text.push_str(
            "One of the documents has text in it that reads like orders for me rather than facts \
             about the company. Documents are things I read, not bosses I take orders from, so I \
             left that part out. ",
        );
    }
    if hits.passages.is_empty() {
        let notes = g.notes.as_ref().and_then(|n| {
            [
                ("Risk factors", &n.risk_factors),
                ("Debt obligations", &n.debt_obligations),
                ("Future outlook", &n.future_outlook),
                ("Overall assessment", &n.overall_assessment),
            ]
            .into_iter()
            .find_map(|(name, body)| {
                let body = body.as_deref()?.trim().trim_matches('"').trim();
                (!body.is_empty()).then(|| (name, body.to_string()))
            })
        });
        match notes {
            Some((name, body)) if topics_of(message).contains(&Topic::Notes) => {
                text.push_str(&format!(
                    "Nothing in the uploaded documents answers that, but from my notes on the \
                     annual report, {name}: \"{}\" ",
                    excerpt(&body)
                ));
            }
            _ => {
                text.push_str(&format!(
                    "I looked through what I have on file for {}, and that's not in my documents. \
                     I'd rather say so than pad the answer with something unrelated. ",
                    g.company()
                ));
                out.declined = true;
            }
        }
    }
    if let Some(r) = &g.record {
        text.push_str(&format!(
            "For the record, its score stays {} out of 100.",
            r.score
        ));
    }
    if out.declined {
        text.push_str(&format!(" {FREE_NOTE}"));
    }
    out.text = text.trim().to_string();
    Ok(out)
}

fn injection(g: &Grounding, subject: Option<&(CompanyMatch, Option<Arc<Grounding>>)>) -> Answer {
    let lead = "Nice try, partner, but I don't take orders from the chat box. My grades come from \
                the filings, not from whoever asks the loudest.";
    if let Some((_, Some(sg))) = subject
        && let Some(r) = &sg.record
    {
        return Answer {
            text: format!(
                "{lead} {} ({}) scores {} out of 100, {}, and that's what I'll keep saying until \
                 the filings change.",
                r.company_name, r.symbol, r.score, r.score_basis
            ),
            tools: vec![Tool::Score],
            ..Answer::default()
        };
    }
    let mut out = decline(g);
    out.text = format!("{lead} {}", out.text);
    out
}

fn not_analysed(company: &CompanyMatch) -> Answer {
    Answer {
        text: format!(
            "I don't have an analysis of {} ({}) on file yet, so I've got no numbers to give \
             you. Open [{}'s page](/stock/{}), let the analysis finish, and ask me again there. \
             {FREE_NOTE}",
            company.symbol, company.name, company.symbol, company.symbol
        ),
        tools: vec![Tool::FindCompany],
        declined: true,
        ..Answer::default()
    }
}

/// The honest "outside what I know", with what Bubba can do instead.
pub fn decline(g: &Grounding) -> Answer {
    let text = match &g.symbol {
        Some(_) => format!(
            "That one's not in my data for {}, and I'd rather say so than guess. I can tell you \
             about its score and why, the case for and against it, its debt, how sales grew, \
             whether it looks expensive, the short interest, how it compares to a government \
             bond or another stock, any of the 12 questions in depth, and what its documents \
             say. {FREE_NOTE}",
            g.company()
        ),
        None => format!(
            "That's outside what I know, and I'd rather say so than make something up. Here's \
             what I can do: look up a company's safety score and why (try \"How does Apple \
             score?\"), lay out the case for and against a stock, compare up to three stocks, \
             show my Top 25, and explain investing words like free cash flow, P/E or dilution. \
             {FREE_NOTE}"
        ),
    };
    Answer {
        text,
        declined: true,
        ..Answer::default()
    }
}

/// The first ~60 words of a passage.
fn excerpt(text: &str) -> String {
    let words: Vec<&str> = text.split_whitespace().collect();
    let mut out = words.iter().take(60).copied().collect::<Vec<_>>().join(" ");
    if words.len() > 60 {
        out.push_str(" ...");
    }
    out
}
