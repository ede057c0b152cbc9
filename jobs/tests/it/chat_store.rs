//! Conformance of the assistant's store methods (the query ledger, the conversation log, the
//! document passages) on SQLite and on Postgres.

use chrono::Utc;
use jobs::{
    accounts::FREE_CHAT_QUERIES,
    store::{
        Store,
        chat_credits::{SpentQuery, usage_month},
        chat_log::{ChatExchange, Citation},
        users::{NewUser, UserRecord},
    },
    store_test,
    testing::TestDb,
};

async fn user(store: &Store, username: &str) -> UserRecord {
    let new = NewUser {
        username: username.into(),
        password_hash: jobs::accounts::PasswordHash(
            "$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaA".into(),
        ),
        parent_name: None,
        parent_email: None,
        parent_signature: None,
        child_name: None,
        parental_consent: false,
        accepted_at: Utc::now(),
    };
    store.create_user(&new).await.expect("create user")
}

store_test!(
    free_queries_are_spent_first_then_purchased_ones,
    |db: TestDb| async move {
        let store = &db.store;
        let joe = user(store, "joe@example.com").await;
        let now = Utc::now();
        let fresh = store
            .query_balance(joe.id, FREE_CHAT_QUERIES)
            .await
            .unwrap();
        assert_eq!((fresh.used, fresh.limit, fresh.remaining), (0, 50, 50));

        // Three free allowance queries (a small allowance keeps the test short).
        for _ in 0..3 {
            assert_eq!(
                store.spend_chat_query(joe.id, 3, now).await.unwrap(),
                Some(SpentQuery::Free)
            );
        }
        assert_eq!(
            store.spend_chat_query(joe.id, 3, now).await.unwrap(),
            None,
            "both pots empty"
        );

        store.add_purchased_queries(joe.id, 2, now).await.unwrap();
        let balance = store.query_balance(joe.id, 3).await.unwrap();
        assert_eq!((balance.used, balance.limit, balance.remaining), (3, 5, 2));
        assert_eq!(
            store.spend_chat_query(joe.id, 3, now).await.unwrap(),
            Some(SpentQuery::Purchased)
        );
        // A refund goes back to the pot it came from.
        store
            .refund_chat_query(joe.id, SpentQuery::Purchased, now)
            .await
            .unwrap();
        assert_eq!(store.query_balance(joe.id, 3).await.unwrap().remaining, 2);
        store
            .refund_chat_query(joe.id, SpentQuery::Free, now)
            .await
            .unwrap();
        let balance = store.query_balance(joe.id, 3).await.unwrap();
        assert_eq!((balance.used, balance.remaining), (2, 3));
        assert_eq!(
            store.spend_chat_query(joe.id, 3, now).await.unwrap(),
            Some(SpentQuery::Free)
        );
        // The month's tally counts what was really spent: 3 + 1 - 1 - 1 + 1.
        let month = usage_month(now);
        assert_eq!(
            store.chat_queries_in_month(joe.id, &month).await.unwrap(),
            3
        );
        // Another user's allowance is untouched.
        let ann = user(store, "ann@example.com").await;
        assert_eq!(
            store
                .query_balance(ann.id, FREE_CHAT_QUERIES)
                .await
                .unwrap()
                .remaining,
            50
        );
    }
);

store_test!(concurrent_spends_never_overdraw, |db: TestDb| async move {
    let store = &db.store;
    let joe = user(store, "joe@example.com").await;
    store
        .add_purchased_queries(joe.id, 5, Utc::now())
        .await
        .unwrap();
    let tries = (0..60).map(|_| {
        let store = store.clone();
        tokio::spawn(async move {
            store
                .spend_chat_query(joe.id, 10, Utc::now())
                .await
                .unwrap()
        })
    });
    let mut spent = Vec::new();
    for t in tries {
        spent.extend(t.await.unwrap());
    }
    assert_eq!(spent.iter().filter(|s| **s == SpentQuery::Free).count(), 10);
    assert_eq!(
        spent
            .iter()
            .filter(|s| **s == SpentQuery::Purchased)
            .count(),
        5
    );
    let balance = store.query_balance(joe.id, 10).await.unwrap();
    assert_eq!(
        (balance.used, balance.limit, balance.remaining),
        (15, 15, 0)
    );
});

store_test!(
    exchanges_are_stored_with_sessions_history_and_usage,
    |db: TestDb| async move {
        let store = &db.store;
        let joe = user(store, "joe@example.com").await;
        let now = Utc::now();
        let first = store
            .chat_session(joe.id, Some("AAPL"), true, "what's the debt?", now)
            .await
            .unwrap();
        let again = store
            .chat_session(joe.id, Some("AAPL"), false, "and the score?", now)
            .await
            .unwrap();
        assert_eq!(first, again, "a follow-up joins the latest conversation");
        let home = store
            .chat_session(joe.id, None, false, "what is a bond?", now)
            .await
            .unwrap();
        assert_ne!(home, first, "the home page has its own conversation");
        let newer = store
            .chat_session(joe.id, Some("AAPL"), true, "new chat", now)
            .await
            .unwrap();
        assert_ne!(newer, first, "a first message starts a new one");

        let citation = Citation {
        label: "Debt 2026-06-27: 10-Q filed 2026-08-01 (accession 0000320193-26-000013)".into(),
        url: Some("https://www.sec.gov/Archives/edgar/data/320193/000032019326000013/0000320193-26-000013-index.htm".into()),
    };
        let exchange = ChatExchange {
            user_id: joe.id,
            session_id: newer,
            symbol: Some("AAPL".into()),
            question: "what's the debt?".into(),
            answer: "They owe a lot.".into(),
            citations: vec![citation.clone()],
            unverified_numbers: vec!["512.4".into()],
            model: "m".repeat(80),
            tokens_used: Some(321),
            cost_in_cents: Some(2),
            query_type: "stock".into(),
        };
        store
            .save_chat_exchange(&exchange, now, Utc::now())
            .await
            .unwrap();
        let messages = store.chat_messages(newer).await.unwrap();
        assert_eq!(messages.len(), 2);
        assert_eq!(
            (messages[0].role.as_str(), messages[0].content.as_str()),
            ("user", "what's the debt?")
        );
        assert!(messages[0].citations.is_none());
        assert_eq!(messages[1].role, "assistant");
        assert_eq!(messages[1].citations.as_ref().unwrap().0, vec![citation]);
        assert_eq!(
            messages[1].unverified_numbers.as_ref().unwrap().0,
            vec!["512.4".to_string()]
        );

        let history = store.chat_history(joe.id, 10).await.unwrap();
        assert_eq!(history.len(), 1);
        assert_eq!(history[0].stock_symbol.as_deref(), Some("AAPL"));
        assert_eq!(history[0].tokens_used, Some(321));
        assert_eq!(
            history[0].model_used.as_deref().map(str::len),
            Some(50),
            "cut to the spec's 50"
        );
        let usage = store.chat_usage_log(joe.id).await.unwrap();
        assert_eq!(usage, vec![(Some("stock".to_string()), Some(321), Some(2))]);
        let sessions = store.chat_sessions(joe.id).await.unwrap();
        assert_eq!(
            sessions[0],
            (newer, Some("AAPL".to_string())),
            "the answered one is the latest"
        );
    }
);

store_test!(passages_are_found_by_their_words, |db: TestDb| async move {
    let store = &db.store;
    let chunks = vec![
        "The Company's long-term debt consists of fixed-rate notes maturing through 2062."
            .to_string(),
        "Competition in the smartphone market is intense.".to_string(),
    ];
    let doc = store
        .save_document_text("AAPL", "aapl-10k.txt", "txt", &chunks.join("\n"), &chunks)
        .await
        .unwrap();
    store
        .save_document_text(
            "MSFT",
            "msft-10k.txt",
            "txt",
            "debt debt debt",
            &["debt debt debt".to_string()],
        )
        .await
        .unwrap();
    let found = store
        .search_passages("AAPL", "what's the debt situation?", 4)
        .await
        .unwrap();
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!((found[0].document_id, found[0].ordinal), (doc, 0));
    assert_eq!(found[0].file_name, "aapl-10k.txt");
    // Both databases stem English words and ignore the common ones.
    let found = store
        .search_passages("AAPL", "tell me about the competition", 4)
        .await
        .unwrap();
    assert_eq!(found.iter().map(|p| p.ordinal).collect::<Vec<_>>(), vec![1]);
    // FTS syntax in user text is just words.
    assert!(
        store
            .search_passages("AAPL", "\"NEAR( OR *", 4)
            .await
            .unwrap()
            .is_empty()
    );
    // Saving again replaces the document.
    store
        .save_document_text(
            "AAPL",
            "aapl-10k.txt",
            "txt",
            "new",
            &["fresh text".to_string()],
        )
        .await
        .unwrap();
    assert!(
        store
            .search_passages("AAPL", "debt", 4)
            .await
            .unwrap()
            .is_empty()
    );
});
