//! Personal access tokens in the store on SQLite and Postgres: the limit of live tokens (and
//! concurrent creates cannot pass it), newest first, revoking only one's own, a revoked or
//! unknown hash letting no one in, and `last_used_at` stamped at most once a minute.

use chrono::{Duration, SubsecRound, Utc};
use jobs::{
    accounts::access_token::{ACCESS_TOKEN_LIMIT, AccessToken},
    store::{
        Store,
        users::{NewUser, UserRecord},
    },
    store_test,
    testing::TestDb,
};

async fn user(store: &Store, username: &str) -> UserRecord {
    store
        .create_user(&NewUser {
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
        })
        .await
        .expect("create user")
}

store_test!(
    tokens_are_limited_listed_revoked_by_their_owner_and_stamped_when_used,
    |db: TestDb| async move {
        let store = db.store.clone();
        let joe = user(&store, "joe@example.com").await;
        let ann = user(&store, "ann@example.com").await;
        // Whole seconds: Postgres keeps microseconds, SQLite the text as written.
        let start = Utc::now().trunc_subsecs(0);

        // Twelve at once: exactly the limit are made, whatever the interleaving.
        let creates = (0..12).map(|n| {
            let store = store.clone();
            tokio::spawn(async move {
                let hash = AccessToken::generate().storage_hash();
                let at = start + Duration::seconds(n);
                store
                    .create_access_token(joe.id, &format!("t{n}"), &hash, at, ACCESS_TOKEN_LIMIT)
                    .await
                    .unwrap()
            })
        });
        let mut made = 0;
        for create in creates {
            made += i64::from(create.await.unwrap().is_some());
        }
        assert_eq!(made, ACCESS_TOKEN_LIMIT);
        let listed = store.access_tokens(joe.id).await.unwrap();
        assert_eq!(listed.len() as i64, ACCESS_TOKEN_LIMIT);
        assert!(
            listed
                .windows(2)
                .all(|w| w[0].created_at >= w[1].created_at),
            "newest first"
        );
        assert!(store.access_tokens(ann.id).await.unwrap().is_empty());

        // Ann cannot revoke Joe's token; Joe can, once; it then makes room.
        let id = listed[0].id;
        assert!(!store.revoke_access_token(ann.id, id, start).await.unwrap());
        assert!(store.revoke_access_token(joe.id, id, start).await.unwrap());
        assert!(!store.revoke_access_token(joe.id, id, start).await.unwrap());
        assert_eq!(store.access_tokens(joe.id).await.unwrap().len(), 9);
        let token = AccessToken::generate();
        let fresh = store
            .create_access_token(
                joe.id,
                "fresh",
                &token.storage_hash(),
                start,
                ACCESS_TOKEN_LIMIT,
            )
            .await
            .unwrap()
            .expect("room after revoking");
        assert_eq!(fresh.last_used_at, None);

        // Its hash lets Joe in and stamps the use, at most once a minute.
        let owner = store
            .access_token_owner(&token.storage_hash(), start)
            .await
            .unwrap()
            .expect("a live token");
        assert_eq!((owner.user_id, owner.token_id), (joe.id, fresh.id));
        let (hash, fresh_id) = (token.storage_hash(), fresh.id);
        let stamp = |at| {
            let (store, hash) = (store.clone(), hash.clone());
            async move {
                store.access_token_owner(&hash, at).await.unwrap();
                let tokens = store.access_tokens(joe.id).await.unwrap();
                tokens
                    .into_iter()
                    .find(|t| t.id == fresh_id)
                    .unwrap()
                    .last_used_at
            }
        };
        assert_eq!(stamp(start + Duration::seconds(30)).await, Some(start));
        let later = start + Duration::seconds(61);
        assert_eq!(stamp(later).await, Some(later));

        let unknown = AccessToken::generate().storage_hash();
        assert_eq!(
            store.access_token_owner(&unknown, start).await.unwrap(),
            None
        );
        assert!(
            store
                .revoke_access_token(joe.id, fresh.id, later)
                .await
                .unwrap()
        );
        assert_eq!(
            store
                .access_token_owner(&token.storage_hash(), later)
                .await
                .unwrap(),
            None,
            "a revoked token lets no one in"
        );
    }
);
