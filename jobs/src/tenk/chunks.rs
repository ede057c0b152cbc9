//! Splits a document's text into passages for full-text retrieval: whole paragraphs (lines)
//! packed up to a target size, a paragraph longer than the limit cut at word boundaries. The
//! fetched 10-K is indexed with it so the chat can quote it.

/// A passage aims at this many characters and never exceeds the second figure.
const TARGET_CHARS: usize = 1_200;
const MAX_CHARS: usize = 2_000;

/// The passages of `text`, in order; none empty, none over [`MAX_CHARS`] characters.
pub fn paragraph_chunks(text: &str) -> Vec<String> {
    let mut chunks = Vec::new();
    let mut current = String::new();
    for paragraph in text.lines().map(str::trim).filter(|l| !l.is_empty()) {
        for piece in pieces(paragraph) {
            let len = current.chars().count();
            if len > 0 && len + 1 + piece.chars().count() > TARGET_CHARS {
                chunks.push(std::mem::take(&mut current));
            }
            if !current.is_empty() {
                current.push('\n');
            }
            current.push_str(&piece);
        }
    }
    if !current.is_empty() {
        chunks.push(current);
    }
    chunks
}

/// A paragraph in pieces of at most [`MAX_CHARS`] characters, cut between words (a single
/// word longer than that is cut where it must be).
fn pieces(paragraph: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut piece = String::new();
    let mut len = 0;
    for word in paragraph.split_whitespace() {
        let mut word: Vec<char> = word.chars().collect();
        while word.len() > MAX_CHARS {
            let rest = word.split_off(MAX_CHARS);
            if !piece.is_empty() {
                out.push(std::mem::take(&mut piece));
            }
            out.push(word.iter().collect());
            word = rest;
            len = 0;
        }
        if len > 0 && len + 1 + word.len() > MAX_CHARS {
            out.push(std::mem::take(&mut piece));
            len = 0;
        }
        if len > 0 {
            piece.push(' ');
            len += 1;
        }
        piece.extend(word.iter());
        len += word.len();
    }
    if !piece.is_empty() {
        out.push(piece);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn packs_paragraphs_and_cuts_long_ones() {
        let text = format!(
            "a b c\n\n{}\nshort\n{}",
            "word ".repeat(700),
            "x".repeat(4_500)
        );
        let chunks = paragraph_chunks(&text);
        assert!(
            chunks
                .iter()
                .all(|c| !c.is_empty() && c.chars().count() <= MAX_CHARS)
        );
        let joined: String = chunks.concat();
        assert_eq!(joined.matches("word").count(), 700, "nothing lost");
        assert_eq!(joined.matches('x').count(), 4_500);
        assert!(chunks[0].starts_with("a b c"));
        assert!(paragraph_chunks(" \n\n").is_empty());
    }
}
