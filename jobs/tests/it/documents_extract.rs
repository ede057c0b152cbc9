//! The document extractors on the snapshot's real filings: the encrypted Uber and
//! the broken-xref Lyft 10-K PDFs give their sentences, an inline-XBRL 10-K gives its prose
//! without the hidden XBRL header, a billion-laughs XML is refused within its bounds, and
//! the chunks stay within size.

use std::time::{Duration, Instant};

use jobs::{
    documents::{
        DocumentType,
        chunk::{MAX_CHUNK, chunks},
        extract_in_process,
        html::html_to_text,
        pdf::pdf_to_text,
        sniff,
        xml::xml_to_text,
    },
    testing::market_data_dir,
};

fn snapshot(path: &str) -> Vec<u8> {
    std::fs::read(market_data_dir().join(path)).unwrap()
}

/// The start of an extracted text, for failure messages.
fn head(text: &str) -> String {
    text.chars().take(2000).collect()
}

fn gunzip(bytes: &[u8]) -> String {
    let mut out = String::new();
    std::io::Read::read_to_string(&mut flate2::read::GzDecoder::new(bytes), &mut out).unwrap();
    out
}

#[test]
fn the_encrypted_uber_10k_gives_its_sentences() {
    let bytes = snapshot("documents/pdf/uber_2021.pdf");
    assert_eq!(sniff(&bytes), Some(DocumentType::Pdf));
    let text = pdf_to_text(&bytes).unwrap();
    // The cover page and a sentence of Item 1 ("Business").
    assert!(text.contains("UBER TECHNOLOGIES, INC."), "{}", head(&text));
    assert!(
        text.contains("For the fiscal year ended\nDecember 31, 2021"),
        "{}",
        head(&text)
    );
    assert!(text.len() > 500_000, "{} bytes", text.len());
    let pieces = chunks(&text);
    assert!(pieces.len() > 200, "{}", pieces.len());
    assert!(
        pieces
            .iter()
            .all(|c| !c.trim().is_empty() && c.len() <= MAX_CHUNK)
    );
}

#[test]
fn the_broken_xref_lyft_10k_gives_its_sentences() {
    let bytes = snapshot("documents/pdf/lyft_2021.pdf");
    let text = pdf_to_text(&bytes).unwrap();
    assert!(text.contains("Lyft, Inc."), "{}", head(&text));
    assert!(
        text.contains("For the fiscal year ended") && text.contains("December 31, 2021"),
        "{}",
        head(&text)
    );
    assert!(text.len() > 500_000, "{} bytes", text.len());
}

#[test]
fn an_inline_xbrl_10k_gives_prose_without_its_hidden_header() {
    let html = gunzip(&snapshot("documents/10-K/amzn-10-k-2025-02-07.html.gz"));
    assert_eq!(sniff(html.as_bytes()), Some(DocumentType::Html));
    assert!(html.contains("ix:header"), "the file has the hidden header");
    let text = html_to_text(&html);
    assert!(text.contains("AMAZON.COM, INC."), "{}", head(&text));
    assert!(
        !text.contains("dei:") && !text.contains("us-gaap:"),
        "no hidden XBRL facts"
    );
    assert!(!text.contains('<'), "no markup");
    assert_eq!(
        extract_in_process(DocumentType::Html, html.as_bytes()).unwrap(),
        text
    );
}

#[test]
fn a_billion_laughs_xml_is_refused_quickly() {
    let mut xml =
        String::from("<?xml version=\"1.0\"?>\n<!DOCTYPE lolz [\n<!ENTITY lol \"lol\">\n");
    for level in 1..10 {
        let previous = if level == 1 {
            "lol".to_string()
        } else {
            format!("lol{}", level - 1)
        };
        xml.push_str(&format!(
            "<!ENTITY lol{level} \"{}\">\n",
            format!("&{previous};").repeat(10)
        ));
    }
    xml.push_str("]>\n<lolz>&lol9;</lolz>\n");
    let started = Instant::now();
    let err = xml_to_text(&xml).unwrap_err();
    assert!(err.0.contains("billion laughs"), "{err}");
    assert!(
        started.elapsed() < Duration::from_secs(1),
        "{:?}",
        started.elapsed()
    );
    assert_eq!(sniff(xml.as_bytes()), Some(DocumentType::Xml));
}

#[test]
fn plain_text_is_taken_as_it_is() {
    let text = extract_in_process(DocumentType::Text, b"Revenue grew.\r\nCaf\xe9.").unwrap();
    assert_eq!(text, "Revenue grew.\nCaf\u{fffd}.");
    let err = extract_in_process(DocumentType::Text, b"   \n ").unwrap_err();
    assert!(err.0.starts_with("No readable text"), "{err}");
}

/// The rule that holds back planted orders (`assistant::injection`) stays quiet on real
/// filings: not one passage of the snapshot's five annual reports (three inline-XBRL 10-Ks,
/// the Uber and Lyft PDFs) would be held back from a visitor.
#[test]
fn no_passage_of_the_snapshot_annual_reports_reads_like_orders() {
    let mut texts: Vec<(String, String)> =
        std::fs::read_dir(market_data_dir().join("documents/10-K"))
            .unwrap()
            .map(|entry| entry.unwrap().path())
            .map(|path| {
                let html = gunzip(&std::fs::read(&path).unwrap());
                (path.display().to_string(), html_to_text(&html))
            })
            .collect();
    for pdf in ["documents/pdf/uber_2021.pdf", "documents/pdf/lyft_2021.pdf"] {
        texts.push((pdf.into(), pdf_to_text(&snapshot(pdf)).unwrap()));
    }
    let mut passages = 0;
    let mut held_back = Vec::new();
    for (file, text) in &texts {
        for chunk in chunks(text) {
            passages += 1;
            if let Some(sentence) = jobs::assistant::injection::first_order(&chunk) {
                held_back.push(format!("{file}: {sentence}"));
            }
        }
    }
    assert!(held_back.is_empty(), "held back: {held_back:#?}");
    assert!(passages > 1000, "only {passages} passages read");
}
