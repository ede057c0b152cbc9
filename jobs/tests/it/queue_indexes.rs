//! Postgres migration 0008: the job library's duplicate indexes are gone (every job insert and
//! status change paid for each), and our migrations still apply after the library's own.

use jobs::{
    store::{Backend, Store},
    testing::TestDb,
};

/// Index names grouped by (table, columns, predicate) where more than one index covers the
/// same thing, sorted.
async fn duplicate_indexes(store: &Store) -> Vec<Vec<String>> {
    let Store::Postgres(pool) = store else {
        unreachable!("Postgres only")
    };
    let rows: Vec<(String,)> = sqlx::query_as(
        "SELECT string_agg(i.relname, ',' ORDER BY i.relname)
         FROM pg_index x
         JOIN pg_class i ON i.oid = x.indexrelid
         JOIN pg_class t ON t.oid = x.indrelid
         JOIN pg_namespace n ON n.oid = t.relnamespace
         WHERE n.nspname = 'apalis'
         GROUP BY x.indrelid, x.indkey::text, pg_get_expr(x.indpred, x.indrelid),
                  pg_get_expr(x.indexprs, x.indrelid)
         HAVING count(*) > 1
         ORDER BY 1",
    )
    .fetch_all(pool)
    .await
    .unwrap();
    rows.into_iter()
        .map(|(names,)| names.split(',').map(str::to_string).collect())
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_job_tables_carry_no_duplicate_index_on_postgres() {
    let db = TestDb::new(Backend::Postgres).await;
    // The one pair left is bound to the library's foreign key from jobs.lock_by.
    assert_eq!(
        duplicate_indexes(&db.store).await,
        vec![vec![
            "unique_worker_id".to_string(),
            "workers_pkey".to_string()
        ]]
    );
    // Applying the migrations again (every start does) is a no-op, not an error.
    db.store.migrate().await.unwrap();
    assert_eq!(duplicate_indexes(&db.store).await.len(), 1);
}
