//! The admin's document calls on both databases: uploads judged by content,
//! bounded in size, stored, extracted by the `ExtractDocument` job (the Uber 10-K PDF in the
//! limited child process) and indexed for the assistant; listed, replaced and deleted.

use std::time::{Duration, Instant};

use reqwest::{Client, StatusCode};
use serde_json::Value;

use crate::{
    accounts::support::{browser, get, message, read, register, sign_in_admin},
    api_test,
    helpers::{InProcessWorker, TestApp, market_data_dir, spawn_app_with_tickers},
};

/// One part of a multipart body: field name, file name (for files) and bytes.
type Part<'a> = (&'a str, Option<&'a str>, Vec<u8>);

/// POSTs `parts` as `multipart/form-data`, as the admin page does (with `X-Requested-With`,
/// which the CSRF guard asks of non-JSON writes).
async fn upload(client: &Client, url: &str, parts: &[Part<'_>]) -> (StatusCode, Value) {
    read(send_upload(client, url, parts).await.unwrap()).await
}

/// The request of [`upload`], with the client's error if the server closed the connection
/// before the client had sent the whole body.
async fn send_upload(
    client: &Client,
    url: &str,
    parts: &[Part<'_>],
) -> reqwest::Result<reqwest::Response> {
    let boundary = "----askbubba-test-boundary-7d2f";
    let mut body = Vec::new();
    for (name, file_name, bytes) in parts {
        body.extend_from_slice(format!("--{boundary}\r\n").as_bytes());
        match file_name {
            Some(file) => body.extend_from_slice(
                format!("Content-Disposition: form-data; name=\"{name}\"; filename=\"{file}\"\r\nContent-Type: application/octet-stream\r\n\r\n").as_bytes(),
            ),
            None => body.extend_from_slice(
                format!("Content-Disposition: form-data; name=\"{name}\"\r\n\r\n").as_bytes(),
            ),
        }
        body.extend_from_slice(bytes);
        body.extend_from_slice(b"\r\n");
    }
    body.extend_from_slice(format!("--{boundary}--\r\n").as_bytes());
    client
        .post(url)
        .header(
            "content-type",
            format!("multipart/form-data; boundary={boundary}"),
        )
        .header("x-requested-with", "XMLHttpRequest")
        .body(body)
        .send()
        .await
}

fn snapshot(path: &str) -> Vec<u8> {
    std::fs::read(market_data_dir().join(path)).unwrap()
}

fn gunzip(bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    std::io::Read::read_to_end(&mut flate2::read::GzDecoder::new(bytes), &mut out).unwrap();
    out
}

/// The stock's document list once no document is still 'extracting'.
async fn settled(app: &TestApp, admin: &Client, symbol: &str) -> Vec<Value> {
    let url = app.url(&format!("/api/admin/rag-docs/{symbol}"));
    let started = Instant::now();
    loop {
        let (status, body) = get(admin, &url).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        let docs = body.as_array().unwrap().clone();
        if docs.iter().all(|d| d["status"] != "extracting") {
            return docs;
        }
        assert!(
            started.elapsed() < Duration::from_secs(180),
            "still extracting: {body}"
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

fn by_name<'a>(docs: &'a [Value], name: &str) -> &'a Value {
    docs.iter()
        .find(|d| d["fileName"] == name)
        .unwrap_or_else(|| panic!("{name} not in {docs:?}"))
}

api_test!(
    uploads_are_extracted_indexed_listed_replaced_and_deleted,
    |backend| async move {
        let app = spawn_app_with_tickers(backend).await;
        let _worker = InProcessWorker::start(&app.store, "documents");
        let admin = browser();
        sign_in_admin(&app.address, &app.store, &admin).await;
        let url = app.url("/api/admin/upload-rag/uber");

        let uber = snapshot("documents/pdf/uber_2021.pdf");
        let wfc = gunzip(&snapshot("documents/10-K/wfc-10-k-2025-02-25.html.gz"));
        let notes = "Bubba's notes on Uber.\r\n\r\nMobility gross bookings recovered in 2021."
            .as_bytes()
            .to_vec();
        let xml = br#"<?xml version="1.0"?><!DOCTYPE n [<!ENTITY co "Uber Technologies">]><note><p>&co; runs Delivery.</p></note>"#.to_vec();
        let (status, body) = upload(
            &admin,
            &url,
            &[
                ("filingDate", None, b"2022-02-24".to_vec()),
                ("file", Some("uber_2021.pdf"), uber.clone()),
                // Named .txt but HTML inside: the content decides.
                ("file", Some("wfc-10k.txt"), wfc.clone()),
                ("file", Some("notes.txt"), notes.clone()),
                ("file", Some("note.xml"), xml.clone()),
            ],
        )
        .await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
        assert_eq!(body["symbol"], "UBER");
        let types: Vec<&str> = body["documents"]
            .as_array()
            .unwrap()
            .iter()
            .map(|d| d["fileType"].as_str().unwrap())
            .collect();
        assert_eq!(types, ["pdf", "html", "txt", "xml"]);
        assert_eq!(body["documents"][0]["originalSize"], uber.len());

        let docs = settled(&app, &admin, "UBER").await;
        assert_eq!(docs.len(), 4);
        let pdf = by_name(&docs, "uber_2021.pdf");
        assert_eq!(pdf["status"], "ready", "{pdf}");
        assert_eq!(pdf["originalSize"], uber.len());
        assert_eq!(pdf["filingDate"], "2022-02-24");
        assert!(pdf["extractedSize"].as_u64().unwrap() > 500_000, "{pdf}");
        assert!(
            pdf["contentPreview"]
                .as_str()
                .unwrap()
                .contains("UNITED STATES"),
            "{pdf}"
        );
        let html = by_name(&docs, "wfc-10k.txt");
        assert_eq!(html["status"], "ready");
        let html_preview = html["contentPreview"].as_str().unwrap();
        assert!(
            !html_preview.contains("dei:") && !html_preview.contains('<'),
            "{html_preview}"
        );
        assert_eq!(
            by_name(&docs, "notes.txt")["contentPreview"],
            "Bubba's notes on Uber.\n\nMobility gross bookings recovered in 2021."
        );
        assert_eq!(
            by_name(&docs, "note.xml")["contentPreview"],
            "Uber Technologies runs Delivery."
        );

        // The assistant's retrieval finds the PDF's words.
        let found = app
            .store
            .search_passages(
                "UBER",
                "What are the risks of the driver classification?",
                5,
            )
            .await
            .unwrap();
        assert!(
            found.iter().any(|p| p.file_name == "uber_2021.pdf"),
            "{found:?}"
        );

        // A re-upload of the same name replaces the document.
        let (status, body) = upload(
            &admin,
            &url,
            &[("file", Some("notes.txt"), b"Freight was sold.".to_vec())],
        )
        .await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
        let docs = settled(&app, &admin, "UBER").await;
        assert_eq!(docs.len(), 4);
        assert_eq!(
            by_name(&docs, "notes.txt")["contentPreview"],
            "Freight was sold."
        );
        assert!(
            app.store
                .search_passages("UBER", "mobility gross bookings recovered", 5)
                .await
                .unwrap()
                .iter()
                .all(|p| p.file_name != "notes.txt")
        );

        // Delete removes it and its chunks; a second delete is a 404.
        let id = by_name(&docs, "notes.txt")["id"].as_i64().unwrap();
        let delete = app.url(&format!("/api/admin/rag-docs/{id}"));
        let (status, body) = read(
            admin
                .delete(&delete)
                .header("x-requested-with", "XMLHttpRequest")
                .send()
                .await
                .unwrap(),
        )
        .await;
        assert_eq!((status, body["id"].as_i64()), (StatusCode::OK, Some(id)));
        let (status, _) = read(
            admin
                .delete(&delete)
                .header("x-requested-with", "XMLHttpRequest")
                .send()
                .await
                .unwrap(),
        )
        .await;
        assert_eq!(status, StatusCode::NOT_FOUND);
        assert_eq!(settled(&app, &admin, "UBER").await.len(), 3);
        assert!(
            app.store
                .search_passages("UBER", "freight was sold", 5)
                .await
                .unwrap()
                .iter()
                .all(|p| p.file_name != "notes.txt"),
            "the deleted document's chunks are gone"
        );
    }
);

api_test!(
    bad_uploads_are_refused_whole_with_an_error_field,
    |backend| async move {
        let app = spawn_app_with_tickers(backend).await;
        // No connection reuse: the server closes a connection whose body it refused at the
        // size limit, and a pooled client would send the next request into it.
        let admin = Client::builder()
            .cookie_store(true)
            .pool_max_idle_per_host(0)
            .build()
            .unwrap();
        sign_in_admin(&app.address, &app.store, &admin).await;
        let url = app.url("/api/admin/upload-rag/UBER");
        let text = ("file", Some("ok.txt"), b"Fine text.".to_vec());

        // A PNG named .pdf: refused by its content, nothing stored (not even the good file).
        let png = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x01".to_vec();
        let (status, body) = upload(
            &admin,
            &url,
            &[text.clone(), ("file", Some("chart.pdf"), png)],
        )
        .await;
        assert_eq!(status, StatusCode::UNSUPPORTED_MEDIA_TYPE, "{body}");
        assert!(
            body["error"]
                .as_str()
                .unwrap()
                .starts_with("chart.pdf is not a PDF, text, HTML or XML file"),
            "{body}"
        );
        assert_eq!(body["error"], body["message"]);

        let (status, body) = upload(
            &admin,
            &url,
            &[("filingDate", None, b"2022-02-24".to_vec())],
        )
        .await;
        assert_eq!(
            (status, message(&body)),
            (
                StatusCode::BAD_REQUEST,
                "Please select files to upload first"
            )
        );
        let (status, body) = upload(
            &admin,
            &url,
            &[("filingDate", None, b"24/02/2022".to_vec()), text.clone()],
        )
        .await;
        assert_eq!(status, StatusCode::BAD_REQUEST);
        assert_eq!(
            body["error"],
            "The filing date must be a date like 2025-02-07."
        );
        let (status, body) = upload(&admin, &url, &[("file", Some("empty.txt"), Vec::new())]).await;
        assert_eq!(
            (status, message(&body)),
            (StatusCode::BAD_REQUEST, "empty.txt is empty.")
        );

        let (status, body) = get(&admin, &app.url("/api/admin/rag-docs/UBER")).await;
        assert_eq!(
            (status, body),
            (StatusCode::OK, serde_json::json!([])),
            "nothing was stored"
        );

        // A member is refused before anything is read.
        let member = browser();
        register(&app.address, &member, "member@example.com").await;
        let (status, _) = upload(&member, &url, std::slice::from_ref(&text)).await;
        assert_eq!(status, StatusCode::FORBIDDEN);
        let (status, _) = upload(&browser(), &url, &[]).await;
        assert_eq!(status, StatusCode::UNAUTHORIZED);

        // Over the per-file limit (25 MB), then over the per-request limit (60 MB).
        let big = vec![b'a'; 26 * 1024 * 1024];
        let (status, body) = upload(&admin, &url, &[("file", Some("big.txt"), big)]).await;
        assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE, "{body}");
        assert_eq!(
            body["error"],
            "big.txt is larger than 25 MB, the limit per file."
        );
        // Just over: the server stops reading at the limit and answers, and the 1.5 MB it
        // leaves unread usually fits in the sockets' buffers, so the client reads the answer;
        // when it does not, the client sees the connection closed while still sending.
        let part = vec![b'a'; 20 * 1024 * 1024 + 512 * 1024];
        let parts: Vec<Part> = ["a.txt", "b.txt", "c.txt"]
            .iter()
            .map(|n| ("file", Some(*n), part.clone()))
            .collect();
        match send_upload(&admin, &url, &parts).await {
            Ok(response) => {
                let (status, body) = read(response).await;
                assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE, "{body}");
                assert!(
                    body["error"]
                        .as_str()
                        .unwrap()
                        .starts_with("This upload is larger than 60 MB in all"),
                    "{body}"
                );
            }
            Err(err) => assert!(err.is_request(), "{err:?}"),
        }

        // The refused bodies were never stored (the server stops reading at the limit and
        // closes the connection, so this is checked in the store).
        assert!(app.store.documents("UBER").await.unwrap().is_empty());

        // A symbol no one can look up, or a security the product does not analyse, takes no
        // documents: they would never be read.
        let unknown = app.url("/api/admin/upload-rag/ZZQX");
        let (status, body) = upload(&admin, &unknown, std::slice::from_ref(&text)).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{body}");
        assert!(
            message(&body).starts_with("I couldn't find a company with the ticker ZZQX."),
            "{body}"
        );
        let preferred = app.url("/api/admin/upload-rag/JPM-PC");
        let (status, body) = upload(&admin, &preferred, std::slice::from_ref(&text)).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
        assert!(app.store.documents("ZZQX").await.unwrap().is_empty());
        assert!(app.store.documents("JPM-PC").await.unwrap().is_empty());
        // Another share class files under the company's main ticker, where the assistant
        // reads it.
        let (status, body) = upload(&admin, &app.url("/api/admin/upload-rag/GOOG"), &[text]).await;
        assert_eq!(
            (status, &body["symbol"]),
            (StatusCode::CREATED, &"GOOGL".into()),
            "{body}"
        );
    }
);

api_test!(
    a_hostile_pdf_fails_with_a_stored_reason_and_the_worker_goes_on,
    |backend| async move {
        let app = spawn_app_with_tickers(backend).await;
        let _worker = InProcessWorker::start(&app.store, "documents");
        let admin = browser();
        sign_in_admin(&app.address, &app.store, &admin).await;
        let url = app.url("/api/admin/upload-rag/LYFT");
        // A PDF header, then an object nested two million arrays deep and no page.
        let mut hostile = b"%PDF-1.7\n1 0 obj\n".to_vec();
        hostile.extend(std::iter::repeat_n(b'[', 2_000_000));
        hostile.extend_from_slice(b"\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n");
        let (status, body) = upload(&admin, &url, &[("file", Some("hostile.pdf"), hostile)]).await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
        let docs = settled(&app, &admin, "LYFT").await;
        let failed = by_name(&docs, "hostile.pdf");
        assert_eq!(failed["status"], "failed", "{failed}");
        assert!(!failed["failure"].as_str().unwrap().is_empty());
        assert_eq!(failed["extractedSize"], Value::Null);

        // The same worker still extracts the next upload.
        let (status, _) = upload(
            &admin,
            &url,
            &[("file", Some("after.txt"), b"Lyft sold its bikes.".to_vec())],
        )
        .await;
        assert_eq!(status, StatusCode::CREATED);
        let docs = settled(&app, &admin, "LYFT").await;
        assert_eq!(by_name(&docs, "after.txt")["status"], "ready");
    }
);
