//! PDF extraction in a child process: the `worker` binary re-executed with the
//! hidden `__extract-document` argument reads real 10-K PDFs, and hostile ones (deep nesting, a
//! decompression bomb, more memory or time than allowed) end in a stored-worthy reason while
//! this process, standing in for the worker, carries on.

use std::{io::Write, path::Path, time::Duration};

use jobs::documents::{
    DocumentType,
    sandbox::{Limits, extract},
};

fn worker() -> &'static Path {
    Path::new(env!("CARGO_BIN_EXE_worker"))
}

fn snapshot_pdf(name: &str) -> Vec<u8> {
    let dir = jobs::testing::market_data_dir().join("documents/pdf");
    std::fs::read(dir.join(name)).unwrap()
}

async fn extract_pdf(bytes: Vec<u8>, limits: Limits) -> Result<String, String> {
    extract(worker(), DocumentType::Pdf, bytes, limits)
        .await
        .expect("the child starts")
        .map_err(|e| e.0)
}

/// A one-page PDF whose page content is `content` (already encoded, with `filter`).
fn pdf_with_page(content: &[u8], filter: &str, extra_object: &str) -> Vec<u8> {
    let mut out = Vec::new();
    let mut offsets = Vec::new();
    out.extend_from_slice(b"%PDF-1.4\n");
    let objects: Vec<Vec<u8>> = vec![
        b"<< /Type /Catalog /Pages 2 0 R >>".to_vec(),
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>".to_vec(),
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>".to_vec(),
        [format!("<< /Length {} {filter} >>\nstream\n", content.len()).as_bytes(), content, b"\nendstream"].concat(),
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>".to_vec(),
        extra_object.as_bytes().to_vec(),
    ];
    for (i, body) in objects.iter().enumerate() {
        offsets.push(out.len());
        out.extend_from_slice(format!("{} 0 obj\n", i + 1).as_bytes());
        out.extend_from_slice(body);
        out.extend_from_slice(b"\nendobj\n");
    }
    let xref = out.len();
    out.extend_from_slice(
        format!("xref\n0 {}\n0000000000 65535 f \n", objects.len() + 1).as_bytes(),
    );
    for offset in offsets {
        out.extend_from_slice(format!("{offset:010} 00000 n \n").as_bytes());
    }
    out.extend_from_slice(
        format!(
            "trailer\n<< /Size {} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n",
            objects.len() + 1
        )
        .as_bytes(),
    );
    out
}

#[tokio::test]
async fn real_10k_pdfs_give_their_sentences() {
    // Uber's FY2021 10-K: encrypted with an empty user password.
    let uber = extract_pdf(snapshot_pdf("uber_2021.pdf"), Limits::default())
        .await
        .unwrap();
    assert!(uber.contains("UBER TECHNOLOGIES, INC."), "{}", &uber[..500]);
    assert!(uber.len() > 500_000, "{} bytes", uber.len());
    // Lyft's: a broken cross-reference table, rebuilt by scanning.
    let lyft = extract_pdf(snapshot_pdf("lyft_2021.pdf"), Limits::default())
        .await
        .unwrap();
    assert!(lyft.contains("Lyft, Inc."), "{}", &lyft[..500]);
    assert!(lyft.len() > 500_000, "{} bytes", lyft.len());
}

#[tokio::test]
async fn a_small_made_pdf_reads() {
    let pdf = pdf_with_page(
        b"BT /F1 12 Tf 72 720 Td (Bubba says revenue grew.) Tj ET",
        "",
        "null",
    );
    let text = extract_pdf(pdf, Limits::default()).await.unwrap();
    assert!(text.contains("Bubba says revenue grew."), "{text}");
}

#[tokio::test]
async fn deep_nesting_is_refused_without_hurting_the_parent() {
    let depth = 2_000_000;
    let nested = "[".repeat(depth) + &"]".repeat(depth);
    let pdf = pdf_with_page(b"BT /F1 12 Tf (x) Tj ET", "", &nested);
    let started = std::time::Instant::now();
    let outcome = extract_pdf(pdf, Limits::default()).await;
    // lopdf either skips the object or the child dies of it; the parent always gets an answer.
    if let Err(reason) = &outcome {
        assert!(!reason.is_empty());
    }
    assert!(started.elapsed() < Duration::from_secs(120));
}

#[tokio::test]
async fn a_decompression_bomb_is_refused() {
    // 512 MB of spaces deflate to about 500 KB; the per-stream bound stops it at 64 MB.
    let mut encoder = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::best());
    let block = vec![b' '; 1024 * 1024];
    for _ in 0..512 {
        encoder.write_all(&block).unwrap();
    }
    let bomb = encoder.finish().unwrap();
    let pdf = pdf_with_page(&bomb, "/Filter /FlateDecode", "null");
    let reason = extract_pdf(pdf, Limits::default()).await.unwrap_err();
    assert!(
        reason.contains("could be read") || reason.contains("No readable text"),
        "{reason}"
    );
}

#[tokio::test]
async fn memory_and_time_limits_stop_the_child() {
    let small = Limits {
        memory_bytes: 48 * 1024 * 1024,
        ..Limits::default()
    };
    let reason = extract_pdf(snapshot_pdf("lyft_2021.pdf"), small)
        .await
        .unwrap_err();
    assert!(reason.contains("more than 48 MB of memory"), "{reason}");

    let short = Limits {
        time: Duration::from_millis(200),
        ..Limits::default()
    };
    let reason = extract_pdf(snapshot_pdf("lyft_2021.pdf"), short)
        .await
        .unwrap_err();
    assert!(reason.contains("took longer than"), "{reason}");

    // Garbage is refused with the reader's reason, not a crash.
    let reason = extract_pdf(b"%PDF-1.7\n garbage".to_vec(), Limits::default())
        .await
        .unwrap_err();
    assert!(
        reason.contains("could not be opened") || reason.contains("no pages"),
        "{reason}"
    );
}

#[tokio::test]
async fn deeply_nested_html_is_read_within_the_time_limit() {
    // The HTML parser is quadratic in nesting depth: 400k nested divs once took minutes and
    // were stopped by the time limit. Tags past the nesting bound are dropped before parsing
    // (their text kept), so the text comes back inside the limit. The limit is generous (a
    // debug build on a loaded machine took over 2 s), and still far below the minutes a
    // quadratic parse takes.
    let html = "<div>".repeat(400_000) + "deep" + &"</div>".repeat(400_000);
    let limits = Limits {
        time: Duration::from_secs(20),
        ..Limits::default()
    };
    let text = extract(worker(), DocumentType::Html, html.into_bytes(), limits)
        .await
        .unwrap()
        .unwrap_or_else(|reason| panic!("refused: {reason}"));
    assert_eq!(text.trim(), "deep");
}
