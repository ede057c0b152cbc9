//! Splits a document's text into chunks for the full-text index: whole paragraphs packed up
//! to [`MAX_CHUNK`] bytes, so a retrieved passage reads as prose; a paragraph longer than
//! that (a PDF page often has no blank line) is cut at sentence ends, else at a space.

/// A chunk is at most this many bytes (about 300 words: enough context for a quote, small
/// enough that several fit in the assistant's prompt).
pub const MAX_CHUNK: usize = 2000;
/// Paragraphs are packed together until a chunk holds at least this much.
pub const MIN_CHUNK: usize = 1000;

/// The chunks of `text`, in order; none is empty or longer than [`MAX_CHUNK`] bytes.
pub fn chunks(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut current = String::new();
    for paragraph in paragraphs(text) {
        if paragraph.len() > MAX_CHUNK {
            flush(&mut out, &mut current);
            out.extend(split_long(&paragraph));
            continue;
        }
        if !current.is_empty() && current.len() + 2 + paragraph.len() > MAX_CHUNK {
            flush(&mut out, &mut current);
        }
        if !current.is_empty() {
            current.push_str("\n\n");
        }
        current.push_str(&paragraph);
        if current.len() >= MIN_CHUNK {
            flush(&mut out, &mut current);
        }
    }
    flush(&mut out, &mut current);
    out
}

fn flush(out: &mut Vec<String>, current: &mut String) {
    if !current.trim().is_empty() {
        out.push(std::mem::take(current));
    }
    current.clear();
}

/// Paragraphs: runs of non-blank lines, each line trimmed, joined by one space when the line
/// break was only a wrap.
fn paragraphs(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut current = String::new();
    for line in text.lines() {
        let line = line.trim();
        if line.is_empty() {
            if !current.is_empty() {
                out.push(std::mem::take(&mut current));
            }
            continue;
        }
        if !current.is_empty() {
            current.push('\n');
        }
        current.push_str(line);
    }
    if !current.is_empty() {
        out.push(current);
    }
    out
}

/// Cuts one long paragraph into pieces of at most [`MAX_CHUNK`] bytes, preferring the last
/// sentence end, then the last white space, then any character boundary.
fn split_long(paragraph: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = paragraph.trim();
    while rest.len() > MAX_CHUNK {
        let mut limit = MAX_CHUNK;
        while !rest.is_char_boundary(limit) {
            limit -= 1;
        }
        let window = &rest[..limit];
        let cut = window
            .rfind(". ")
            .filter(|&at| at >= MIN_CHUNK / 2)
            .map(|at| at + 1)
            .or_else(|| window.rfind(char::is_whitespace).filter(|&at| at > 0))
            .unwrap_or(limit);
        let piece = rest[..cut].trim();
        if !piece.is_empty() {
            out.push(piece.to_string());
        }
        rest = rest[cut..].trim_start();
    }
    if !rest.is_empty() {
        out.push(rest.to_string());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn packs_paragraphs_and_cuts_long_ones_at_sentences() {
        let short = "Revenue grew. ".repeat(20);
        let text = format!(
            "{short}\n\n{short}\n\n{}",
            "A long sentence here. ".repeat(300)
        );
        let pieces = chunks(&text);
        assert!(pieces.iter().all(|c| !c.is_empty() && c.len() <= MAX_CHUNK));
        // The two short paragraphs travel together; the long one ends on full sentences.
        assert!(pieces[0].contains("\n\n"));
        assert!(pieces[1].ends_with("here."));
        let words: usize = pieces.iter().map(|c| c.split_whitespace().count()).sum();
        assert_eq!(words, text.split_whitespace().count());
    }

    #[test]
    fn never_cuts_inside_a_character() {
        let text = "é".repeat(5000);
        let pieces = chunks(&text);
        assert_eq!(pieces.concat(), text);
    }
}
