//! PDF to plain text with lopdf: lenient loading (a broken cross-reference table is rebuilt
//! by scanning the file), an empty user password tried for encrypted files (annual-report
//! PDFs are often "encrypted" only to forbid editing), every stream's decompressed size
//! bounded, and the text of each page that can be read. lopdf itself can still recurse on
//! deeply nested objects and allocate a lot on crafted files, so the worker never calls this
//! directly: [`super::sandbox`] runs it in a child process with memory and time limits.

use lopdf::{Document, LoadOptions};

use super::{ExtractError, MAX_TEXT_BYTES};

/// Most bytes one stream (a page's content, an object stream) may inflate to: a real page
/// needs well under 1 MB; a "zip bomb" stream stops here instead of filling memory.
const MAX_STREAM_BYTES: usize = 64 * 1024 * 1024;

/// Most pages read from one file.
const MAX_PAGES: usize = 5000;

/// The text of every readable page of `bytes`, pages separated by a blank line.
pub fn pdf_to_text(bytes: &[u8]) -> Result<String, ExtractError> {
    let options = LoadOptions {
        max_decompressed_size: Some(MAX_STREAM_BYTES),
        ..LoadOptions::default()
    };
    let mut document = Document::load_mem_with_options(bytes, options)
        .map_err(|err| ExtractError::new(format!("This PDF could not be opened: {err}.")))?;
    if document.is_encrypted() && document.decrypt("").is_err() {
        return Err(ExtractError::new(
            "This PDF is protected by a password; upload a copy without one.",
        ));
    }
    let pages: Vec<u32> = document.get_pages().into_keys().take(MAX_PAGES).collect();
    if pages.is_empty() {
        return Err(ExtractError::new("This PDF has no pages."));
    }
    let mut text = String::new();
    let mut unreadable = 0;
    for page in &pages {
        match document.extract_text_with_limit(&[*page], MAX_STREAM_BYTES) {
            Ok(page_text) => {
                let page_text = tidy_page(&page_text);
                if !page_text.is_empty() {
                    if !text.is_empty() {
                        text.push_str("\n\n");
                    }
                    text.push_str(&page_text);
                }
            }
            Err(_) => unreadable += 1,
        }
        if text.len() > MAX_TEXT_BYTES {
            return Err(ExtractError::new(
                "This PDF holds more text than we index for one file.",
            ));
        }
    }
    if text.trim().is_empty() && unreadable > 0 {
        return Err(ExtractError::new(format!(
            "None of the {} pages of this PDF could be read.",
            pages.len()
        )));
    }
    Ok(text)
}

/// One page's text with its lines trimmed, empty lines and control characters dropped.
fn tidy_page(text: &str) -> String {
    text.lines()
        .map(|line| {
            line.chars()
                .filter(|c| !c.is_control() || *c == '\t')
                .collect::<String>()
                .split_whitespace()
                .collect::<Vec<_>>()
                .join(" ")
        })
        .filter(|line| !line.is_empty())
        .collect::<Vec<_>>()
        .join("\n")
}
