//! Writes the 14 sections of the notes from a 10-K's Items, as the bulk editor's text
//! (`## Label` headers). Offline it quotes the most informative
//! sentences of the right Items under a short line in Bubba's voice; with a language model
//! it asks for each section in Bubba's voice from the same Items' passages, and keeps the
//! answer only when every figure in it appears in those passages (otherwise, or when the model
//! fails, that section is the offline one).

use std::{collections::HashSet, sync::Arc};

use futures::StreamExt;

use super::{
    extract::{best_sentences, leading_sentences},
    items::{Item, TenKItems},
    sections::{SECTIONS, Section, TEN_K_DATE_LABEL},
};
use crate::{
    assistant::{ChatRequest, Grounding, Provider, ReplyEvent, numbers},
    store::passages::Passage,
};

/// Sentences quoted per section offline.
const SENTENCES_PER_SECTION: usize = 3;
/// Characters of 10-K text a language model gets per section.
const LLM_EXCERPT_CHARS: usize = 8_000;

/// Bubba's opening line per section (same order as [`SECTIONS`]); `{company}` is filled in.
/// No figures: those come only from the filing's own sentences below the line.
const LEADS: [&str; 14] = [
    "Here's what {company} says it does, in its own words from the 10-K:",
    "Follow the money. Here's where the 10-K says the dollars come from:",
    "Is the pond getting any bigger? Here's what the 10-K says about growth:",
    "Every roof leaks somewhere. These are risks {company} itself points to:",
    "How the year went, straight from management's own report:",
    "Nobody builds everything in their own garage. On suppliers, the 10-K says:",
    "What they owe and when it comes due, per the 10-K:",
    "Loans come with house rules. On those promises, the 10-K says:",
    "Here's management telling the story their way:",
    "The gauges management keeps an eye on, from the 10-K:",
    "There's always another store down the road. On competition, the 10-K says:",
    "Nobody has a crystal ball, but here's what management says it expects:",
    "Any trouble down at the courthouse? The 10-K says:",
    "Putting it together from the filing itself (I'm a guy on a porch, not your financial adviser, so read the whole 10-K before you decide anything):",
];

/// The notes drafted from one 10-K.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Draft {
    /// The fiscal year end the 10-K covers (YYYY-MM-DD), when known.
    pub ten_k_date: Option<String>,
    /// (label, text) for each of the 14 sections, in the editor's order.
    pub sections: Vec<(&'static str, String)>,
}

impl Draft {
    /// The bulk editor's text: the date, then every section under its `## Label` header.
    pub fn to_bulk_text(&self) -> String {
        let mut out = format!(
            "## {TEN_K_DATE_LABEL}\n{}\n",
            self.ten_k_date.as_deref().unwrap_or("")
        );
        for (label, text) in &self.sections {
            out.push_str(&format!("\n## {label}\n{}\n", no_headers(text)));
        }
        out
    }
}

/// A line of section text never starts a new section: leading '#'s are dropped.
fn no_headers(text: &str) -> String {
    text.lines()
        .map(|line| line.trim_start_matches('#').trim_start())
        .collect::<Vec<_>>()
        .join("\n")
}

/// The Items a section reads, in its order of relevance, that the 10-K has.
fn items_of<'a>(items: &'a TenKItems, section: &Section) -> Vec<&'a Item> {
    section
        .items
        .iter()
        .filter_map(|id| items.get(id))
        .collect()
}

/// The offline draft: for each section, Bubba's line and the filing's best sentences.
pub fn offline_draft(company: &str, items: &TenKItems, ten_k_date: Option<String>) -> Draft {
    let mut used = HashSet::new();
    let sections = SECTIONS
        .iter()
        .zip(LEADS)
        .map(|(section, lead)| {
            let text = offline_section(company, items, section, lead, &mut used);
            (section.label, text)
        })
        .collect();
    Draft {
        ten_k_date,
        sections,
    }
}

fn offline_section(
    company: &str,
    items: &TenKItems,
    section: &Section,
    lead: &str,
    used: &mut HashSet<String>,
) -> String {
    let sources = items_of(items, section);
    let readable: Vec<&Item> = sources
        .iter()
        .copied()
        .filter(|i| i.incorporated_by_reference.is_none())
        .collect();
    let mut sentences = match (section.opening, readable.first()) {
        (true, Some(first)) => leading_sentences(first, 1, used),
        _ => Vec::new(),
    };
    let wanted = SENTENCES_PER_SECTION - sentences.len();
    sentences.extend(best_sentences(
        &readable,
        section.subject,
        section.keywords,
        wanted,
        used,
    ));
    let lead = lead.replace("{company}", company);
    // Where the 10-K only points elsewhere (Wells Fargo's annual report exhibit), say so.
    let elsewhere: Vec<String> = sources
        .iter()
        .filter_map(|i| {
            i.incorporated_by_reference.as_ref().map(|where_| {
                format!(
                    "{company}'s 10-K does not print Item {} itself; it says: \"{where_}\"",
                    i.id
                )
            })
        })
        .collect();
    if sentences.is_empty() && elsewhere.is_empty() {
        let wanted = item_list(section.items);
        return if readable.is_empty() {
            format!(
                "The filings don't tell me enough here, so I won't pretend: this 10-K has no readable text on this in {wanted}."
            )
        } else {
            format!(
                "I read {wanted} of this 10-K and found nothing on {}, so I won't fill this in with something that isn't.",
                section.brief
            )
        };
    }
    let mut parts = Vec::new();
    if !sentences.is_empty() {
        parts.push(format!("{lead}\n{}", sentences.join(" ")));
    }
    parts.extend(elsewhere);
    parts.join("\n\n")
}

/// "Item 7", "Items 7 and 8", "Items 7, 1A and 1".
fn item_list(ids: &[&str]) -> String {
    match ids {
        [] => String::new(),
        [one] => format!("Item {one}"),
        [rest @ .., last] => format!("Items {} and {last}", rest.join(", ")),
    }
}

/// The draft written by a language model, section by section; `on_section` hears after each
/// one (for the job's progress). Sections the model fails or makes figures up for are the
/// offline ones.
pub async fn llm_draft(
    provider: Arc<dyn Provider>,
    symbol: &str,
    company: &str,
    items: &TenKItems,
    ten_k_date: Option<String>,
    mut on_section: impl FnMut(usize),
) -> Draft {
    let offline = offline_draft(company, items, ten_k_date.clone());
    let mut sections = Vec::with_capacity(SECTIONS.len());
    for (index, (section, (label, fallback))) in SECTIONS.iter().zip(offline.sections).enumerate() {
        let written = llm_section(provider.as_ref(), symbol, company, items, section).await;
        sections.push((label, written.unwrap_or(fallback)));
        on_section(index + 1);
    }
    Draft {
        ten_k_date,
        sections,
    }
}

/// One section from the model, or `None` when it failed, said nothing or wrote a figure the
/// passages do not have.
async fn llm_section(
    provider: &dyn Provider,
    symbol: &str,
    company: &str,
    items: &TenKItems,
    section: &Section,
) -> Option<String> {
    let passages = excerpt_passages(symbol, items, section);
    if passages.is_empty() {
        return None;
    }
    let corpus: String = passages.iter().map(|p| p.content.as_str()).collect();
    let message = format!(
        "Write the '{}' part of my notes on {company}'s latest 10-K: {}. Use only the 10-K \
         passages in the data. 60 to 120 words, plain text, no headings, no lists, no advice \
         to buy or sell. If the passages do not cover it, say so plainly.",
        section.label, section.brief
    );
    let request = ChatRequest {
        message,
        history: Vec::new(),
        grounding: Arc::new(Grounding {
            symbol: Some(symbol.to_string()),
            company_name: Some(company.to_string()),
            passages,
            ..Grounding::default()
        }),
        system: None,
    };
    let mut stream = match provider.reply(request).await {
        Ok(stream) => stream,
        Err(err) => {
            tracing::warn!(%err, section = section.label, "10-K section: the language model failed");
            return None;
        }
    };
    let mut text = String::new();
    while let Some(event) = stream.next().await {
        match event {
            Ok(ReplyEvent::Text(chunk)) => text.push_str(&chunk),
            Ok(ReplyEvent::Usage(_) | ReplyEvent::Declined | ReplyEvent::ToolData(_)) => {}
            Err(err) => {
                tracing::warn!(%err, section = section.label, "10-K section: the reply broke off");
                return None;
            }
        }
    }
    let text = text.trim().to_string();
    let invented = numbers::unverified(&text, &corpus, &[]);
    if text.is_empty() || !invented.is_empty() {
        tracing::warn!(
            ?invented,
            section = section.label,
            "10-K section: reply not grounded, quoting the filing instead"
        );
        return None;
    }
    Some(text)
}

/// The section's Items as passages for the model: their most relevant sentences first, up
/// to [`LLM_EXCERPT_CHARS`].
fn excerpt_passages(symbol: &str, items: &TenKItems, section: &Section) -> Vec<Passage> {
    let mut passages = Vec::new();
    let mut budget = LLM_EXCERPT_CHARS;
    for (ordinal, item) in items_of(items, section).into_iter().enumerate() {
        let content = match &item.incorporated_by_reference {
            Some(where_) => where_.clone(),
            None => {
                let mut used = HashSet::new();
                best_sentences(&[item], section.subject, section.keywords, 12, &mut used).join(" ")
            }
        };
        let content: String = content.chars().take(budget).collect();
        if content.is_empty() {
            continue;
        }
        budget = budget.saturating_sub(content.len());
        passages.push(Passage {
            chunk_id: 0,
            document_id: 0,
            file_name: format!("{symbol} 10-K, {}", item.heading),
            ordinal: ordinal as i32,
            content,
        });
        if budget == 0 {
            break;
        }
    }
    passages
}
