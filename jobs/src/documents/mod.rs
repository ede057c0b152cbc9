//! Documents for the assistant's retrieval: an uploaded file's
//! type is decided by its content (never by its name), one extractor per type turns it into
//! plain text, and [`chunk::chunks`] splits the text for the full-text index
//! (`store::passages`), which searches it by a question's [`search_words`]. Every extractor is bounded: it returns an [`ExtractError`] with a
//! reason the admin can read and never panics on hostile input, and the worker runs them in
//! a child process with memory and time limits ([`sandbox`]): lopdf can recurse and allocate
//! without bound on a crafted PDF, and the HTML parser is quadratic on deep nesting.

pub mod chunk;
pub mod html;
pub mod pdf;
pub mod sandbox;
mod search_words;
pub mod text;
pub mod xml;

pub use search_words::search_words;

/// The kinds of document the admin may upload (pdf, txt, html, xml).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DocumentType {
    Pdf,
    Text,
    Html,
    Xml,
}

impl DocumentType {
    /// The stored `file_type` (and the list's "type" column).
    pub fn as_str(self) -> &'static str {
        match self {
            DocumentType::Pdf => "pdf",
            DocumentType::Text => "txt",
            DocumentType::Html => "html",
            DocumentType::Xml => "xml",
        }
    }

    /// The type stored as `file_type`; `None` for anything else.
    pub fn parse(stored: &str) -> Option<Self> {
        match stored {
            "pdf" => Some(DocumentType::Pdf),
            "txt" => Some(DocumentType::Text),
            "html" => Some(DocumentType::Html),
            "xml" => Some(DocumentType::Xml),
            _ => None,
        }
    }
}

/// Why a document gave no text, in words the admin can act on (stored with the document).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct ExtractError(pub String);

impl ExtractError {
    pub fn new(reason: impl Into<String>) -> Self {
        ExtractError(reason.into())
    }
}

/// Most text one document may produce (a 300-page 10-K gives about 1 MB): beyond this an
/// extractor stops with an error instead of filling memory and the index.
pub const MAX_TEXT_BYTES: usize = 16 * 1024 * 1024;

/// How many leading bytes decide the type: PDF readers accept junk before `%PDF-` within the
/// first kilobyte, and an XHTML file names its `<html>` root after the XML declaration.
const SNIFF_BYTES: usize = 4096;

/// The type of `bytes` judged by their content, or `None` when they are none of the four
/// (an image, an archive, an executable, a spreadsheet...). The file name plays no part: a
/// renamed binary is refused, and a PDF named `.txt` is still read as a PDF.
pub fn sniff(bytes: &[u8]) -> Option<DocumentType> {
    let head = &bytes[..bytes.len().min(SNIFF_BYTES)];
    if find(&head[..head.len().min(1024)], b"%PDF-").is_some() {
        return Some(DocumentType::Pdf);
    }
    if !text::looks_like_text(head) {
        return None;
    }
    let start = text::strip_bom(head);
    let start = &start[start
        .iter()
        .position(|b| !b.is_ascii_whitespace())
        .unwrap_or(start.len())..];
    let lower = start.to_ascii_lowercase();
    if lower.starts_with(b"<!doctype html") || lower.starts_with(b"<html") {
        return Some(DocumentType::Html);
    }
    if lower.starts_with(b"<") && start.len() > 1 {
        // An XML declaration, a comment or a root element: XHTML (inline-XBRL 10-Ks start
        // `<?xml ...?><html ...>`) is read as HTML so its hidden headers are dropped.
        if find(&lower, b"<html").is_some() {
            return Some(DocumentType::Html);
        }
        if lower.starts_with(b"<?xml") || lower.starts_with(b"<!--") || is_name_start(start[1]) {
            return Some(DocumentType::Xml);
        }
    }
    Some(DocumentType::Text)
}

fn is_name_start(byte: u8) -> bool {
    byte.is_ascii_alphabetic() || byte == b'_' || byte == b'!' || byte >= 0x80
}

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).position(|w| w == needle)
}

/// The text of a document, in this process, bounded by [`MAX_TEXT_BYTES`] (the worker calls
/// it through [`sandbox`]).
pub fn extract_in_process(kind: DocumentType, bytes: &[u8]) -> Result<String, ExtractError> {
    let text = match kind {
        DocumentType::Pdf => pdf::pdf_to_text(bytes)?,
        DocumentType::Text => text::plain_text(bytes),
        DocumentType::Html => html::html_to_text(&text::plain_text(bytes)),
        DocumentType::Xml => xml::xml_to_text(&text::plain_text(bytes))?,
    };
    checked(text)
}

/// Refuses an empty or oversized result with a reason.
pub fn checked(text: String) -> Result<String, ExtractError> {
    if text.len() > MAX_TEXT_BYTES {
        return Err(ExtractError::new(format!(
            "The document gives more than {} MB of text, more than we index for one file.",
            MAX_TEXT_BYTES / (1024 * 1024)
        )));
    }
    if text.trim().is_empty() {
        return Err(ExtractError::new(
            "No readable text was found in this file (a scanned PDF needs OCR first).",
        ));
    }
    Ok(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sniffing_goes_by_content_not_name() {
        assert_eq!(
            sniff(b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n"),
            Some(DocumentType::Pdf)
        );
        assert_eq!(sniff(b"  <!DOCTYPE html><p>hi"), Some(DocumentType::Html));
        assert_eq!(
            sniff(b"<?xml version=\"1.0\"?><html xmlns=\"http://www.w3.org/1999/xhtml\">"),
            Some(DocumentType::Html)
        );
        assert_eq!(
            sniff(b"<?xml version=\"1.0\"?><filing/>"),
            Some(DocumentType::Xml)
        );
        assert_eq!(sniff(b"<rss><item/></rss>"), Some(DocumentType::Xml));
        assert_eq!(
            sniff("Revenue grew 12%.\n".as_bytes()),
            Some(DocumentType::Text)
        );
        assert_eq!(sniff(b"\xef\xbb\xbfHello"), Some(DocumentType::Text));
        // PNG, ZIP (xlsx/docx), ELF: refused.
        assert_eq!(sniff(b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR"), None);
        assert_eq!(sniff(b"PK\x03\x04\x14\0\x06\0\x08\0\0\0!\0"), None);
        assert_eq!(sniff(b"\x7fELF\x02\x01\x01\0\0\0\0\0\0\0\0\0"), None);
    }
}
