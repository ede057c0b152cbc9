//! Uploaded documents in the store on SQLite and Postgres: stored as 'extracting',
//! finished with text and chunks the assistant's retrieval finds, failed with a reason,
//! replaced by a re-upload of the same name, deleted with their chunks.

use chrono::{NaiveDate, Utc};
use jobs::{
    documents::{chunk::chunks, html::html_to_text},
    store::documents::NewUpload,
    store_test,
    testing::{TestDb, market_data_dir},
};

/// Wells Fargo's FY2024 10-K from the snapshot, as text.
fn wfc_10k_text() -> String {
    let path = market_data_dir().join("documents/10-K/wfc-10-k-2025-02-25.html.gz");
    let file = std::fs::File::open(path).unwrap();
    let mut html = String::new();
    std::io::Read::read_to_string(&mut flate2::read::GzDecoder::new(file), &mut html).unwrap();
    html_to_text(&html)
}

fn upload<'a>(name: &'a str, bytes: &'a [u8]) -> NewUpload<'a> {
    NewUpload {
        symbol: "WFC",
        file_name: name,
        file_type: "html",
        bytes,
        filing_date: NaiveDate::from_ymd_opt(2025, 2, 25),
    }
}

store_test!(
    uploads_are_extracted_indexed_replaced_and_deleted,
    |db: TestDb| async move {
        let store = &db.store;
        let original = b"<p>placeholder, the job reads these bytes</p>".to_vec();
        let id = store
            .save_upload(&upload("wfc-10k.html", &original), Utc::now())
            .await
            .unwrap();

        let input = store.extraction_input(id).await.unwrap().unwrap();
        assert_eq!(input.status, "extracting");
        assert_eq!(input.original.as_deref(), Some(&original[..]));
        let listed = store.documents("WFC").await.unwrap();
        assert_eq!(listed.len(), 1);
        assert_eq!(listed[0].status, "extracting");
        assert_eq!(listed[0].extracted_size, None);
        assert_eq!(listed[0].original_size, Some(original.len() as i32));
        assert_eq!(listed[0].filing_date, NaiveDate::from_ymd_opt(2025, 2, 25));

        let text = wfc_10k_text();
        let pieces = chunks(&text);
        assert!(store.finish_extraction(id, &text, &pieces).await.unwrap());
        let doc = store.document(id).await.unwrap().unwrap();
        assert_eq!(doc.status, "ready");
        assert_eq!(doc.extracted_size, Some(text.len() as i32));
        let preview = doc.content_preview.unwrap();
        assert!(
            text.starts_with(&preview) && preview.chars().count() == 200,
            "{preview}"
        );

        // The assistant's retrieval finds the filing's own words.
        let found = store
            .search_passages("WFC", "mortgage banking noninterest income", 3)
            .await
            .unwrap();
        assert!(!found.is_empty(), "the chunks are indexed");
        assert!(
            found
                .iter()
                .all(|p| p.document_id == id && p.file_name == "wfc-10k.html")
        );
        assert!(found[0].content.to_lowercase().contains("mortgage"));

        // A re-upload of the same name replaces the document and drops the old chunks.
        let again = store
            .save_upload(&upload("wfc-10k.html", b"second"), Utc::now())
            .await
            .unwrap();
        assert_ne!(again, id);
        assert!(store.extraction_input(id).await.unwrap().is_none());
        assert!(
            !store
                .finish_extraction(id, "late", &["late".into()])
                .await
                .unwrap(),
            "a stale job writes nothing"
        );
        assert!(
            store
                .search_passages("WFC", "mortgage", 3)
                .await
                .unwrap()
                .is_empty()
        );
        assert_eq!(store.documents("WFC").await.unwrap().len(), 1);

        // A failure is stored with its reason.
        assert!(
            store
                .fail_extraction(again, "This PDF has no pages.")
                .await
                .unwrap()
        );
        let failed = store.document(again).await.unwrap().unwrap();
        assert_eq!(
            (failed.status.as_str(), failed.failure.as_deref()),
            ("failed", Some("This PDF has no pages."))
        );

        // Deleting removes the document and its chunks.
        let other = store
            .save_upload(&upload("notes.html", b"x"), Utc::now())
            .await
            .unwrap();
        assert!(
            store
                .finish_extraction(
                    other,
                    "Deposit costs rose.",
                    &["Deposit costs rose.".into()]
                )
                .await
                .unwrap()
        );
        assert_eq!(
            store
                .search_passages("WFC", "deposit costs", 3)
                .await
                .unwrap()
                .len(),
            1
        );
        assert!(store.delete_document(other).await.unwrap());
        assert!(!store.delete_document(other).await.unwrap());
        assert!(
            store
                .search_passages("WFC", "deposit costs", 3)
                .await
                .unwrap()
                .is_empty()
        );
        assert_eq!(store.documents("WFC").await.unwrap().len(), 1);
        assert!(store.documents("AMZN").await.unwrap().is_empty());
    }
);
