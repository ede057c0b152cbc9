//! The offline summary: the most informative sentences of the right Items, cleaned of what
//! HTML-to-text leaves behind in a 10-K (page numbers, running footers, table rows, headings).

use std::collections::HashSet;

use super::items::Item;

/// A sentence worth quoting has this many words at least, and at most the second figure.
const MIN_WORDS: usize = 8;
const MAX_WORDS: usize = 70;
/// Lines where this share of the characters are digits and money signs are table rows.
const MAX_FIGURE_SHARE: f64 = 0.25;

/// Boilerplate that says nothing about the company.
const BOILERPLATE: &[&str] = &[
    "forward-looking",
    "incorporated by reference",
    "incorporated herein",
    "table of contents",
    "see note",
    "refer to note",
    "part ii",
    "part i,",
    "this form 10-k",
    "this annual report",
    "should be read in conjunction",
    "following table",
    "table below",
    "as follows:",
];

/// Abbreviations after which a period does not end a sentence.
const ABBREVIATIONS: &[&str] = &[
    "inc", "corp", "co", "no", "nos", "u.s", "e.g", "i.e", "ltd", "mr", "ms", "dr", "st", "vs",
    "jr", "sr", "approx", "fig", "n.a", "l.p", "s.a",
];

/// A sentence and where it came from (Item order, then position), so picks keep the
/// document's order.
#[derive(Debug, Clone)]
struct Candidate {
    text: String,
    place: (usize, usize),
    score: f64,
}

/// Openings that lean on the sentence before ("This analysis may be based on…", "In
/// addition, …"): quoted alone they point at nothing.
const LEANS_BACK: &[&str] = &[
    "this ",
    "these ",
    "that ",
    "those ",
    "such ",
    "it ",
    "its ",
    "they ",
    "their ",
    "also",
    "additionally",
    "however",
    "further",
    "furthermore",
    "accordingly",
    "consequently",
    "therefore",
    "thus",
    "otherwise",
    "similarly",
    "likewise",
    "in addition",
    "as a result",
    "as such",
    "as discussed",
    "as noted",
];

/// Whether `lower` (a lower-cased sentence) has `term` starting at a word: "restrict" is in
/// "restrictions" but not in "unrestricted".
pub fn has_term(lower: &str, term: &str) -> bool {
    lower.match_indices(term).any(|(at, _)| {
        lower[..at]
            .chars()
            .next_back()
            .is_none_or(|c| !c.is_alphanumeric())
    })
}

/// Whether a sentence can be quoted on its own: it starts with a capital (not a fragment) and
/// does not lean on the sentence before it.
fn stands_alone(text: &str) -> bool {
    let lower = text.to_lowercase();
    text.chars()
        .next()
        .is_some_and(|c| c.is_uppercase() || c.is_ascii_digit() || c == '“' || c == '"')
        && !LEANS_BACK.iter().any(|opening| lower.starts_with(opening))
}

/// Up to `count` sentences of `items` about `subject` (each has one of its terms), ranked by
/// how many of `subject` and `keywords` they carry, in document order, none of them in `used`
/// (which gains them): sections of one 10-K do not repeat each other. Fewer, or none, when
/// the filing says little on the subject: a short section beats one filled with other topics.
pub fn best_sentences(
    items: &[&Item],
    subject: &[&str],
    keywords: &[&str],
    count: usize,
    used: &mut HashSet<String>,
) -> Vec<String> {
    let mut candidates = Vec::new();
    for (item_rank, item) in items.iter().enumerate() {
        let sentences = sentences(&item.text);
        let n = sentences.len().max(1) as f64;
        for (position, text) in sentences.into_iter().enumerate() {
            if used.contains(&text) || !stands_alone(&text) {
                continue;
            }
            let lower = text.to_lowercase();
            let about = subject.iter().filter(|t| has_term(&lower, t)).count() as f64;
            if about == 0.0 {
                continue;
            }
            let hits = about + keywords.iter().filter(|k| has_term(&lower, k)).count() as f64;
            // Keyword hits first; then earlier Items and earlier sentences (10-Ks lead with
            // what matters); a figure or two makes a sentence concrete.
            let figures = text.chars().filter(char::is_ascii_digit).count().min(6) as f64 / 6.0;
            let score =
                hits * 3.0 + 1.5 * (1.0 - position as f64 / n) + figures - item_rank as f64 * 0.75;
            candidates.push(Candidate {
                text,
                place: (item_rank, position),
                score,
            });
        }
    }
    candidates.sort_by(|a, b| b.score.total_cmp(&a.score));
    let mut picked: Vec<Candidate> = Vec::new();
    for candidate in candidates {
        if picked.len() == count {
            break;
        }
        if picked.iter().all(|p| !similar(&p.text, &candidate.text)) {
            picked.push(candidate);
        }
    }
    picked.sort_by_key(|c| c.place);
    picked
        .into_iter()
        .map(|c| {
            used.insert(c.text.clone());
            c.text
        })
        .collect()
}

/// The first `count` clean sentences of `item` (a section that opens with its Item's own
/// first sentence: Item 1 says what the company does).
pub fn leading_sentences(item: &Item, count: usize, used: &mut HashSet<String>) -> Vec<String> {
    let picked: Vec<String> = sentences(&item.text)
        .into_iter()
        .filter(|s| !used.contains(s))
        .take(count)
        .collect();
    used.extend(picked.iter().cloned());
    picked
}

/// Two sentences that share most of their words say the same thing.
fn similar(a: &str, b: &str) -> bool {
    let words =
        |s: &str| -> HashSet<String> { s.split_whitespace().map(|w| w.to_lowercase()).collect() };
    let (a, b) = (words(a), words(b));
    let shared = a.intersection(&b).count() as f64;
    shared / (a.len().min(b.len()).max(1) as f64) > 0.8
}

/// The clean sentences of an Item's text, in order.
pub fn sentences(text: &str) -> Vec<String> {
    text.lines()
        .map(str::trim)
        .filter(|line| is_prose(line))
        .flat_map(split_sentences)
        .filter(|s| is_quotable(s))
        .collect()
}

/// Whether a line is running text (not a page number, footer, heading or table row).
fn is_prose(line: &str) -> bool {
    let chars = line.chars().count();
    if chars < 40 || line.contains(" | ") {
        return false;
    }
    let figures = line
        .chars()
        .filter(|c| c.is_ascii_digit() || "$%(),.".contains(*c))
        .count();
    (figures as f64) / (chars as f64) <= MAX_FIGURE_SHARE
}

/// Splits a line at sentence ends: '.', '?' or '!' then a space and a capital or a quote,
/// unless the period ends a known abbreviation or a single letter.
fn split_sentences(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut start = 0;
    let chars: Vec<(usize, char)> = line.char_indices().collect();
    for i in 0..chars.len() {
        let (at, c) = chars[i];
        if !matches!(c, '.' | '?' | '!') {
            continue;
        }
        let next = chars.get(i + 1).map(|&(_, c)| c);
        let after = chars.get(i + 2).map(|&(_, c)| c);
        let ends =
            next == Some(' ') && after.is_some_and(|a| a.is_uppercase() || a == '“' || a == '"');
        if !ends {
            continue;
        }
        let word = line[start..at]
            .rsplit(|c: char| c.is_whitespace() || c == '(')
            .next()
            .unwrap_or("")
            .to_lowercase();
        if c == '.' && (ABBREVIATIONS.contains(&word.as_str()) || word.chars().count() == 1) {
            continue;
        }
        out.push(line[start..=at].trim().to_string());
        start = at + c.len_utf8();
    }
    let tail = line[start..].trim();
    if !tail.is_empty() {
        out.push(tail.to_string());
    }
    out
}

/// Whether a sentence is worth quoting: whole, of a readable length, not boilerplate.
fn is_quotable(sentence: &str) -> bool {
    let words = sentence.split_whitespace().count();
    if !(MIN_WORDS..=MAX_WORDS).contains(&words) {
        return false;
    }
    if !sentence.ends_with(['.', '?', '!', '”', '"']) {
        return false;
    }
    let first = sentence.chars().next().unwrap_or(' ');
    if !(first.is_uppercase() || first == '“' || first == '"') {
        return false;
    }
    let lower = sentence.to_lowercase();
    !BOILERPLATE.iter().any(|b| lower.contains(b))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn item(text: &str) -> Item {
        Item {
            id: "1",
            heading: "Item 1. Business".into(),
            text: text.into(),
            incorporated_by_reference: None,
        }
    }

    #[test]
    fn page_numbers_footers_and_table_rows_are_not_sentences() {
        let text = "12\nApple Inc. | 2024 Form 10-K | 5\nNet sales $ 391,035 $ 383,285 2 %\n\
            Products and Services Performance\n\
            The Company designs, manufactures and markets smartphones, personal computers, tablets and wearables. \
            It sells through its retail and online stores, Inc. and direct sales force.\n\
            See Note 5 of the Notes to Consolidated Financial Statements in Part II, Item 8 of this Form 10-K.";
        let got = sentences(text);
        assert_eq!(
            got,
            [
                "The Company designs, manufactures and markets smartphones, personal computers, tablets and wearables.",
                "It sells through its retail and online stores, Inc. and direct sales force."
            ]
        );
    }

    #[test]
    fn picks_keyword_sentences_in_document_order_without_repeats() {
        let text = "Our suppliers are located in many countries around the world today.\n\
            The weather in our home town was pleasant for most of the year.\n\
            We depend on a single source supplier for some components of our devices.";
        let it = item(text);
        let mut used = HashSet::new();
        let got = best_sentences(&[&it], &["supplier"], &["component"], 2, &mut used);
        assert_eq!(got.len(), 2);
        assert!(got[0].starts_with("Our suppliers"));
        assert!(got[1].starts_with("We depend"));
        let again = best_sentences(&[&it], &["supplier"], &[], 2, &mut used);
        assert!(again.is_empty(), "already used: {again:?}");
    }

    #[test]
    fn a_section_with_nothing_on_its_subject_gets_nothing() {
        // "unrestricted" is not about restrictions, and ranking words alone don't qualify a
        // sentence: covenants are not found in a cash sentence.
        let it = item(
            "The Company believes its balances of unrestricted cash will be sufficient for its needs.\n\
             Our compliance with laws in many countries requires considerable time and resources.",
        );
        let got = best_sentences(
            &[&it],
            &["covenant", "indenture", "credit agreement"],
            &["restrict", "complian"],
            3,
            &mut HashSet::new(),
        );
        assert!(got.is_empty(), "{got:?}");
        assert!(has_term("restrictions on dividends", "restrict"));
        assert!(!has_term("unrestricted cash", "restrict"));
    }

    #[test]
    fn a_sentence_leaning_on_the_one_before_is_not_quoted() {
        let it = item(
            "This analysis may be based on factors such as the expected future growth of sales.\n\
             The Company expects competition to intensify as competitors imitate its approach.",
        );
        let got = best_sentences(
            &[&it],
            &["expects", "expected to"],
            &[],
            3,
            &mut HashSet::new(),
        );
        assert_eq!(
            got,
            ["The Company expects competition to intensify as competitors imitate its approach."]
        );
    }
}
