//! Splits a 10-K's text into its Items (1, 1A, 1B, 1C, 2 ... 9C, 10 ... 16). The text is
//! what [`crate::documents::html::html_to_text`] gives (one block per line) or an uploaded
//! document's extracted text.
//!
//! A heading is a short line that starts with "Item", a number from 1 to 16 and an optional
//! letter, then nothing, punctuation or a capitalised title ("Item 7 of Part II ..." in a
//! sentence is not one). A 10-K names every Item twice, in its table of contents and in its
//! body: the body occurrence is the one followed by the most text before the next heading
//! (table-of-contents entries are followed at once by the next entry). The chosen headings
//! must then run in the Items' order; any that do not are dropped. An Item whose body only
//! says where the text really is (Wells Fargo puts its risk factors, MD&A and statements in
//! the annual report exhibit) is marked as incorporated by reference, with that sentence.

/// Every Item of Form 10-K, in order.
pub const ITEM_IDS: [&str; 23] = [
    "1", "1A", "1B", "1C", "2", "3", "4", "5", "6", "7", "7A", "8", "9", "9A", "9B", "9C", "10",
    "11", "12", "13", "14", "15", "16",
];

/// A heading line is never longer than this (a title like Item 5's is about 130 characters).
const MAX_HEADING_CHARS: usize = 220;
/// An Item whose body is shorter than this and says "incorporated ... by reference" has its
/// text elsewhere.
const REFERENCE_ONLY_CHARS: usize = 1_500;
/// Fewer headings than this and the text is not a 10-K we can read.
const MIN_ITEMS: usize = 3;

/// One Item of the 10-K.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Item {
    /// "1", "1A", ... (see [`ITEM_IDS`]).
    pub id: &'static str,
    /// The heading line as written ("Item 1A. Risk Factors").
    pub heading: String,
    /// The body, one block per line, without the heading.
    pub text: String,
    /// When the body only points elsewhere: the sentence that says where.
    pub incorporated_by_reference: Option<String>,
}

/// The Items found, in document order.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct TenKItems {
    pub items: Vec<Item>,
}

impl TenKItems {
    pub fn get(&self, id: &str) -> Option<&Item> {
        self.items.iter().find(|item| item.id == id)
    }
}

/// Why a text could not be split.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SplitError {
    #[error(
        "the document has no 10-K Item headings we can read (found {found}; a 10-K has 'Item 1. Business' through 'Item 16'), so it does not look like a 10-K"
    )]
    TooFewItems { found: usize },
}

/// A heading candidate: its line, its place in [`ITEM_IDS`] and the line as written.
#[derive(Debug, Clone, Copy)]
struct Candidate {
    line: usize,
    order: usize,
}

/// Splits `text` into Items (see the module comment for the rules).
pub fn split_items(text: &str) -> Result<TenKItems, SplitError> {
    let lines: Vec<&str> = text.lines().map(str::trim).collect();
    // Characters before each line, so spans are cheap to measure.
    let mut offsets = Vec::with_capacity(lines.len() + 1);
    let mut total = 0usize;
    for line in &lines {
        offsets.push(total);
        total += line.len() + 1;
    }
    offsets.push(total);

    let candidates: Vec<Candidate> = lines
        .iter()
        .enumerate()
        .filter_map(|(line, text)| heading_order(text).map(|order| Candidate { line, order }))
        .collect();

    // For each Item, the candidate followed by the most text before the next candidate.
    let mut best: Vec<Option<(usize, Candidate)>> = vec![None; ITEM_IDS.len()];
    for (i, candidate) in candidates.iter().enumerate() {
        let end = candidates.get(i + 1).map_or(lines.len(), |next| next.line);
        let span = offsets[end] - offsets[candidate.line];
        let slot = &mut best[candidate.order];
        if slot.is_none_or(|(best_span, _)| span >= best_span) {
            *slot = Some((span, *candidate));
        }
    }
    let mut chosen: Vec<Candidate> = best.into_iter().flatten().map(|(_, c)| c).collect();
    chosen.sort_by_key(|c| c.line);
    let mut chosen = in_order(&chosen);
    // An Item whose longest occurrence was out of place (Walmart's contents entry for Item 16
    // is followed by the cover page's text) takes its occurrence between its neighbours.
    for order in 0..ITEM_IDS.len() {
        if chosen.iter().any(|c| c.order == order) {
            continue;
        }
        let after = chosen
            .iter()
            .filter(|c| c.order < order)
            .map(|c| c.line)
            .max();
        let before = chosen
            .iter()
            .filter(|c| c.order > order)
            .map(|c| c.line)
            .min();
        let fits = candidates.iter().enumerate().filter(|(_, c)| {
            c.order == order
                && after.is_none_or(|a| c.line > a)
                && before.is_none_or(|b| c.line < b)
        });
        let span = |i: usize| {
            let end = candidates.get(i + 1).map_or(lines.len(), |next| next.line);
            offsets[end] - offsets[candidates[i].line]
        };
        if let Some((_, found)) = fits.max_by_key(|(i, _)| span(*i)) {
            chosen.push(*found);
            chosen.sort_by_key(|c| c.line);
        }
    }
    if chosen.len() < MIN_ITEMS {
        return Err(SplitError::TooFewItems {
            found: chosen.len(),
        });
    }

    let items = chosen
        .iter()
        .enumerate()
        .map(|(i, c)| {
            let end = chosen.get(i + 1).map_or(lines.len(), |next| next.line);
            let body: Vec<&str> = lines[c.line + 1..end]
                .iter()
                .copied()
                .filter(|l| !is_page_furniture(l))
                .collect();
            let text = body.join("\n");
            Item {
                id: ITEM_IDS[c.order],
                heading: lines[c.line].to_string(),
                incorporated_by_reference: reference_only(&text),
                text,
            }
        })
        .collect();
    Ok(TenKItems { items })
}

/// The longest run of `chosen` (sorted by line) whose Items are in increasing order.
fn in_order(chosen: &[Candidate]) -> Vec<Candidate> {
    let n = chosen.len();
    // Longest increasing subsequence by order, O(n^2) on at most 23 candidates.
    let mut length = vec![1usize; n];
    let mut previous = vec![usize::MAX; n];
    for i in 0..n {
        for j in 0..i {
            if chosen[j].order < chosen[i].order && length[j] + 1 > length[i] {
                length[i] = length[j] + 1;
                previous[i] = j;
            }
        }
    }
    let Some(mut at) = (0..n).max_by_key(|&i| (length[i], i)) else {
        return Vec::new();
    };
    let mut run = vec![chosen[at]];
    while previous[at] != usize::MAX {
        at = previous[at];
        run.push(chosen[at]);
    }
    run.reverse();
    run
}

/// The place in [`ITEM_IDS`] of the Item `line` is a heading of, if it is one.
fn heading_order(line: &str) -> Option<usize> {
    if line.len() > MAX_HEADING_CHARS {
        return None;
    }
    let rest = strip_prefix_ignore_case(line, "item")?;
    let rest = rest.trim_start();
    let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
    if digits.is_empty() || digits.len() > 2 {
        return None;
    }
    let rest = rest[digits.len()..].trim_start();
    // An optional letter (1A, 7A, 9C; "1 C" too), not the start of a word.
    let mut chars = rest.chars();
    let (letter, rest) = match (chars.next(), chars.next()) {
        (Some(c), next)
            if matches!(c.to_ascii_uppercase(), 'A'..='C')
                && next.is_none_or(|n| !n.is_alphabetic()) =>
        {
            (Some(c.to_ascii_uppercase()), &rest[1..])
        }
        _ => (None, rest),
    };
    let rest = rest.trim_start();
    // After the number: nothing, punctuation, or a title that starts with a capital.
    let fits = match rest.chars().next() {
        None => true,
        Some(c) => ".:-–—|(".contains(c) || c.is_uppercase() || c == '[',
    };
    if !fits {
        return None;
    }
    let id = match letter {
        Some(l) => format!("{digits}{l}"),
        None => digits,
    };
    ITEM_IDS.iter().position(|known| *known == id)
}

/// Lines a printed page adds: blank, a page number, the running "Table of Contents" link.
fn is_page_furniture(line: &str) -> bool {
    line.is_empty()
        || line.eq_ignore_ascii_case("table of contents")
        || (line.len() <= 4 && line.chars().all(|c| c.is_ascii_digit()))
}

fn strip_prefix_ignore_case<'a>(text: &'a str, prefix: &str) -> Option<&'a str> {
    let head = text.get(..prefix.len())?;
    head.eq_ignore_ascii_case(prefix)
        .then(|| &text[prefix.len()..])
}

/// The sentence saying where the text really is, when a short body only points elsewhere.
fn reference_only(text: &str) -> Option<String> {
    if text.len() > REFERENCE_ONLY_CHARS {
        return None;
    }
    let lower = text.to_lowercase();
    if !(lower.contains("incorporated") && lower.contains("by reference")) {
        return None;
    }
    let sentence = text
        .split_inclusive(". ")
        .find(|s| {
            let s = s.to_lowercase();
            s.contains("can be found") || s.contains("included in") || s.contains("set forth")
        })
        .unwrap_or(text);
    Some(sentence.trim().to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headings_are_short_lines_that_name_an_item() {
        let order = |l| heading_order(l).map(|i| ITEM_IDS[i]);
        assert_eq!(order("Item 1. Business"), Some("1"));
        assert_eq!(order("ITEM 1A. RISK FACTORS"), Some("1A"));
        assert_eq!(order("Item 1 C."), Some("1C"));
        assert_eq!(order("Item 12 ."), Some("12"));
        assert_eq!(order("Item 7A"), Some("7A"));
        assert_eq!(order("Item 6. [Reserved]"), Some("6"));
        assert_eq!(order("Item 7 of Part II discusses results."), None);
        assert_eq!(order("Item 601(b)(32) of Regulation S-K"), None);
        assert_eq!(order("Item 17. Nothing"), None);
        assert_eq!(order("Items 1 and 2"), None);
        assert_eq!(order("Item 1and more"), None);
        assert_eq!(order(""), None);
    }

    #[test]
    fn the_body_wins_over_the_table_of_contents() {
        let text = "Table of Contents\nItem 1. Business\n1\nItem 1A. Risk Factors\n5\nItem 7. MD&A\n20\n\
            PART I\nItem 1. Business\nWe sell widgets to everyone in town and the next town over.\n\
            Item 1A. Risk Factors\nWidgets may go out of fashion, which would hurt sales a great deal.\n\
            Item 7. MD&A\nSales rose because people bought more widgets than ever before.";
        let items = split_items(text).unwrap();
        let ids: Vec<_> = items.items.iter().map(|i| i.id).collect();
        assert_eq!(ids, ["1", "1A", "7"]);
        assert!(items.get("1").unwrap().text.starts_with("We sell widgets"));
        assert!(items.get("7").unwrap().text.contains("more widgets"));
    }

    #[test]
    fn text_without_items_is_refused_with_a_reason() {
        let err = split_items("Just a letter.\nItem 1. Hello").unwrap_err();
        assert_eq!(err, SplitError::TooFewItems { found: 1 });
        assert!(err.to_string().contains("does not look like a 10-K"));
    }
}
