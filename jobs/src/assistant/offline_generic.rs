//! Offline answers on the home page: investing basics from the curated knowledge file, and
//! a pointer to the stock pages, where the company-specific answers live.

use std::sync::Arc;

use super::{Grounding, answer::Answer, knowledge};

/// The answer to a generic (home page) question.
pub fn answer(message: &str, g: &Arc<Grounding>) -> Answer {
    let mut text = match knowledge::best_match(message) {
        Some(entry) => entry.answer.clone(),
        None => "That one's not in my porch notes, and I'd rather say so than make something up. \
                 I can explain the basics: stocks, the safety score, P/E ratios, debt, dividends, \
                 bonds, index funds, short selling, cash flow and share dilution."
            .to_string(),
    };
    match &g.mentioned_stock {
        Some((symbol, name)) => text.push_str(&format!(
            "\n\nFor the numbers on {name}, open [{symbol}'s page](/stock/{symbol}) and ask me there: \
             I'll answer from its filings."
        )),
        None => text.push_str(
            "\n\nWant the numbers on a particular company? Type its name in the search box and \
             open its page; I'll answer questions about it there.",
        ),
    }
    Answer {
        text,
        citations: Vec::new(),
    }
}
