//! Conformance of the notes editor's store methods on SQLite and on Postgres.

use jobs::{
    store::notes_admin::{NoteField, SECTIONS},
    store_test,
    testing::TestDb,
};

store_test!(
    notes_are_created_once_and_saved_field_by_field,
    |db: TestDb| async move {
        let store = &db.store;
        assert!(store.notes_symbols().await.unwrap().is_empty());
        assert!(store.create_notes("WFC").await.unwrap());
        assert!(store.create_notes("AMZN").await.unwrap());
        assert!(
            !store.create_notes("WFC").await.unwrap(),
            "second create is refused"
        );
        assert_eq!(store.notes_symbols().await.unwrap(), ["AMZN", "WFC"]);

        // Every one of the 14 sections lands in its own column, in and out.
        for (i, (wire, _)) in SECTIONS.iter().enumerate() {
            let field = NoteField::parse(wire).unwrap();
            let text = format!("\"section {i}\"");
            assert!(
                store
                    .save_note_field("WFC", field, Some(&text))
                    .await
                    .unwrap()
            );
        }
        // Wells Fargo's FY2024 10-K, filed 2025-02-25 (snapshot documents/10-K/wfc-10-k-2025-02-25.html.gz).
        store
            .save_note_field("WFC", NoteField::TenKDate, Some("2025-02-25"))
            .await
            .unwrap();
        let notes = store.stock_notes("WFC").await.unwrap().unwrap();
        let json = serde_json::to_value(&notes).unwrap();
        for (i, (wire, _)) in SECTIONS.iter().enumerate() {
            assert_eq!(json[wire], format!("\"section {i}\""), "{wire}");
        }
        assert_eq!(notes.ten_k_date.as_deref(), Some("2025-02-25"));
        assert_eq!(
            store
                .stock_notes("AMZN")
                .await
                .unwrap()
                .unwrap()
                .company_overview,
            None,
            "the other record is untouched"
        );

        // Clearing, and a stock without a record.
        let covenants = NoteField::parse("covenants").unwrap();
        assert!(store.save_note_field("WFC", covenants, None).await.unwrap());
        assert_eq!(
            store.stock_notes("WFC").await.unwrap().unwrap().covenants,
            None
        );
        assert!(
            !store
                .save_note_field("TSLA", covenants, Some("\"x\""))
                .await
                .unwrap()
        );
        assert_eq!(store.stock_notes("TSLA").await.unwrap(), None);
    }
);

store_test!(storage_sizes_add_up_per_stock, |db: TestDb| async move {
    use chrono::{TimeZone, Utc};
    let store = &db.store;
    assert!(store.kv_stocks_page("", 100).await.unwrap().is_empty());

    // AMZN: an analysis text (21 bytes, 2025-02-07) and a document ("é" is 2 bytes: 13).
    let filed = Utc.with_ymd_and_hms(2025, 2, 7, 12, 0, 0).unwrap();
    store
        .save_failed_analysis("AMZN", "No usable statements.", filed)
        .await
        .unwrap();
    store
        .save_document_text(
            "AMZN",
            "amzn-10-k.txt",
            "txt",
            "Café revenue",
            &["Café revenue".into()],
        )
        .await
        .unwrap();
    // WFC: notes only, date (10 bytes) plus one quoted section (8 bytes).
    store.create_notes("WFC").await.unwrap();
    store
        .save_note_field("WFC", NoteField::TenKDate, Some("2025-02-25"))
        .await
        .unwrap();
    let overview = NoteField::parse("companyOverview").unwrap();
    store
        .save_note_field("WFC", overview, Some("\"A bank\""))
        .await
        .unwrap();
    // TSLA: an empty notes record holds nothing.
    store.create_notes("TSLA").await.unwrap();

    let stocks = store.kv_stocks_page("", 100).await.unwrap();
    let view: Vec<_> = stocks
        .iter()
        .map(|s| (s.symbol.as_str(), s.data_size, s.has_data))
        .collect();
    assert_eq!(
        view,
        [
            ("AMZN", 21 + 13, true),
            ("TSLA", 0, false),
            ("WFC", 18, true)
        ]
    );
    // The page's totals count the stocks with data only; a page of one ends where it says.
    let totals = store.kv_totals().await.unwrap();
    assert_eq!((totals.stocks, totals.total_bytes), (2, 21 + 13 + 18));
    let second: Vec<_> = store.kv_stocks_page("AMZN", 1).await.unwrap();
    assert_eq!(second[0].symbol, "TSLA");
    let amzn = &stocks[0];
    assert!(
        amzn.last_updated.unwrap() > filed,
        "the document came later"
    );

    // The kept sizes follow every later write: a new analysis text replaces the old one's
    // bytes, a deleted document takes its bytes and its date away, and a stock with nothing
    // left leaves the page and the totals.
    let refiled = Utc.with_ymd_and_hms(2025, 5, 1, 12, 0, 0).unwrap();
    store
        .save_failed_analysis("AMZN", "Still no usable statements.", refiled)
        .await
        .unwrap();
    let document = store.documents("AMZN").await.unwrap()[0].id;
    assert!(store.delete_document(document).await.unwrap());
    let amzn = &store.kv_stocks_page("", 1).await.unwrap()[0];
    assert_eq!((amzn.data_size, amzn.last_updated), (27, Some(refiled)));
    let totals = store.kv_totals().await.unwrap();
    assert_eq!((totals.stocks, totals.total_bytes), (2, 27 + 18));
    store
        .save_note_field("WFC", NoteField::TenKDate, None)
        .await
        .unwrap();
    store.save_note_field("WFC", overview, None).await.unwrap();
    let totals = store.kv_totals().await.unwrap();
    assert_eq!(
        (totals.stocks, totals.total_bytes),
        (1, 27),
        "WFC's notes are empty now"
    );
});
