//! The change feed behind the API's ready answers: storing an analysis, or
//! recording that a symbol failed, moves this process's change count and, on Postgres, tells
//! other processes with a `NOTIFY`, which their feed turns into a change of their own.

use std::time::Duration;

use chrono::Utc;
use jobs::{
    store::{
        Backend, Store,
        analysis_changes::{CHANNEL, follow_other_processes, generation},
    },
    testing::TestDb,
};
use sqlx::postgres::PgListener;

use crate::analysis_common::{record, snapshot_day};

/// Waits up to 5 s for the change count to pass `seen`.
async fn heard_after(seen: u64) -> bool {
    for _ in 0..250 {
        if generation() > seen {
            return true;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    false
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stored_or_failed_analysis_moves_the_count_and_is_announced_on_postgres() {
    let db = TestDb::new(Backend::Postgres).await;
    let Store::Postgres(pool) = &db.store else {
        unreachable!("Postgres only")
    };
    let mut other_process = PgListener::connect_with(pool).await.unwrap();
    other_process.listen(CHANNEL).await.unwrap();

    let before = generation();
    let aapl = record("AAPL", 320193, snapshot_day()).await;
    db.store
        .save_analysis(&aapl, "text", Utc::now())
        .await
        .unwrap();
    assert!(generation() > before, "this process knows at once");
    let heard = tokio::time::timeout(Duration::from_secs(5), other_process.recv())
        .await
        .expect("a notification")
        .unwrap();
    assert_eq!(heard.payload(), "AAPL");

    let before = generation();
    db.store
        .save_failed_analysis("SHEL", "files in IFRS", Utc::now())
        .await
        .unwrap();
    assert!(generation() > before);
    let heard = tokio::time::timeout(Duration::from_secs(5), other_process.recv())
        .await
        .expect("a notification")
        .unwrap();
    assert_eq!(heard.payload(), "SHEL");

    // The feed of another process turns a notification into a change there.
    let before = generation();
    let feed = tokio::spawn(follow_other_processes(pool.clone()));
    assert!(
        heard_after(before).await,
        "the feed counts its start (it may have missed some)"
    );
    tokio::time::sleep(Duration::from_millis(50)).await;
    let seen = generation();
    sqlx::query("SELECT pg_notify($1, $2)")
        .bind(CHANNEL)
        .bind("MSFT")
        .execute(pool)
        .await
        .unwrap();
    assert!(heard_after(seen).await, "the feed heard the notification");
    feed.abort();
}
