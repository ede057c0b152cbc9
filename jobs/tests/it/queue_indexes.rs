//! Postgres migration 0008: the job library's duplicate indexes are gone (every job insert and
//! status change paid for each), and our migrations still apply after the library's own;
//! migration 0016 and the patched ack (vendor/apalis-postgres) read jobs by primary key.

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

/// Migration 0016: the fetch is planned as primary-key lookups and the ack no longer has a
/// by-worker index over every job the worker ever ran; the fetch still locks the right jobs.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_fetch_reads_by_key_and_takes_the_right_jobs_on_postgres() {
    let db = TestDb::new(Backend::Postgres).await;
    let Store::Postgres(pool) = &db.store else {
        unreachable!("Postgres only")
    };
    let indexes: Vec<(String, String)> = sqlx::query_as(
        "SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = 'apalis' AND tablename = 'jobs'",
    )
    .fetch_all(pool)
    .await
    .unwrap();
    assert!(
        !indexes
            .iter()
            .any(|(name, _)| name == "idx_apalis_jobs_lock_by"),
        "{indexes:?}"
    );
    let (_, in_flight) = indexes
        .iter()
        .find(|(name, _)| name == "idx_jobs_in_flight_by_worker")
        .expect("the in-flight index");
    assert!(
        in_flight.contains("WHERE") && in_flight.contains("Running"),
        "{in_flight}"
    );

    // 20k finished jobs, 20k waiting in another queue, and 6 to choose from: the table in the
    // middle of a burn-down. (With this many waiting, the library's own `get_jobs` is planned
    // as a hash join over a sequential scan of the table.)
    for sql in [
        "INSERT INTO apalis.workers (id, worker_type, storage_name, layers, last_seen)
         VALUES ('w1', 'noop', 'PgStorage', '', now())",
        "INSERT INTO apalis.jobs (job, id, job_type, status, attempts, max_attempts, run_at, lock_by, done_at)
         SELECT '\\x00', 'done-' || lpad(g::text, 6, '0'), 'noop', 'Done', 1, 5, now() - interval '1 hour', 'w1', now()
         FROM generate_series(1, 20000) g",
        "INSERT INTO apalis.jobs (job, id, job_type, status, attempts, max_attempts, run_at)
         SELECT '\\x00', 'bulk-' || lpad(g::text, 6, '0'), 'bulk', 'Pending', 0, 5, now() - interval '1 hour'
         FROM generate_series(1, 20000) g",
        "INSERT INTO apalis.jobs (job, id, job_type, status, attempts, max_attempts, run_at, priority) VALUES
         ('\\x00', 'late',    'noop',  'Pending', 0, 5, now() - interval '1 minute', 0),
         ('\\x00', 'early',   'noop',  'Pending', 0, 5, now() - interval '5 minutes', 0),
         ('\\x00', 'urgent',  'noop',  'Pending', 0, 5, now() - interval '10 seconds', 9),
         ('\\x00', 'retry',   'noop',  'Failed',  1, 5, now() - interval '2 minutes', 0),
         ('\\x00', 'future',  'noop',  'Pending', 0, 5, now() + interval '1 hour', 0),
         ('\\x00', 'other',   'other', 'Pending', 0, 5, now() - interval '1 hour', 0)",
        "ANALYZE apalis.jobs",
    ] {
        sqlx::query(sql).execute(pool).await.unwrap();
    }

    // The statement inside `get_jobs`, planned as the function plans it (parameters unknown):
    // no sequential scan of the job table, whose size grows with every finished job.
    let body: String = sqlx::query_scalar("SELECT prosrc FROM pg_proc WHERE proname = 'get_jobs'")
        .fetch_one(pool)
        .await
        .unwrap();
    let statement = body
        .replace("v_job_count", "$3")
        .replace("v_job_type", "$2")
        .replace("worker_id", "$1");
    let plan = plan_of(
        pool,
        &statement,
        "text, text, integer",
        "force_generic_plan",
        "'w1', 'noop', 2",
    )
    .await;
    assert!(!plan.contains("Seq Scan"), "{plan}");

    // Highest priority first, then the earliest due; never a job not due, of another queue,
    // or locked by another fetch.
    let mut other_fetch = pool.begin().await.unwrap();
    sqlx::query("SELECT id FROM apalis.jobs WHERE id = 'early' FOR UPDATE")
        .execute(&mut *other_fetch)
        .await
        .unwrap();
    let taken: Vec<(String, String, Option<String>)> = sqlx::query_as(
        "SELECT id, status, lock_by FROM apalis.get_jobs('w1', 'noop', 3) ORDER BY id",
    )
    .fetch_all(pool)
    .await
    .unwrap();
    other_fetch.rollback().await.unwrap();
    let queued = |id: &str| (id.to_string(), "Queued".to_string(), Some("w1".to_string()));
    assert_eq!(
        taken,
        vec![queued("late"), queued("retry"), queued("urgent")]
    );
    let rest: Vec<String> =
        sqlx::query_scalar("SELECT id FROM apalis.get_jobs('w1', 'noop', 10) ORDER BY id")
            .fetch_all(pool)
            .await
            .unwrap();
    assert_eq!(rest, vec!["early"]);
}

/// The plan of `statement` (parameters `types`) as Postgres runs it in `mode`
/// (`force_generic_plan` or `force_custom_plan`), for the arguments `args`.
async fn plan_of(
    pool: &sqlx::PgPool,
    statement: &str,
    types: &str,
    mode: &str,
    args: &str,
) -> String {
    let mut conn = pool.acquire().await.unwrap();
    for sql in [
        format!("SET plan_cache_mode = {mode}"),
        format!(
            "PREPARE planned({types}) AS {}",
            statement.trim().trim_end_matches(';')
        ),
    ] {
        sqlx::query(sqlx::AssertSqlSafe(sql))
            .execute(&mut *conn)
            .await
            .unwrap();
    }
    let plan: Vec<String> = sqlx::query_scalar(sqlx::AssertSqlSafe(format!(
        "EXPLAIN (COSTS OFF) EXECUTE planned({args})"
    )))
    .fetch_all(&mut *conn)
    .await
    .unwrap();
    // The connection goes back to the pool: leave it as it came.
    for sql in ["DEALLOCATE planned", "RESET plan_cache_mode"] {
        sqlx::query(sql).execute(&mut *conn).await.unwrap();
    }
    plan.join("\n")
}

/// id, status, attempts, lock_by, last_result.
type JobRow = (String, String, i32, Option<String>, Option<String>);

/// The library's ack, patched in vendor/apalis-postgres: on a small table analysed just after
/// its jobs were queued (statistics say no job is locked by anyone), the published statement
/// was planned as a sequential scan of the whole table on every ack (10.8 ms a call at 5k jobs,
/// every finished job's row versions included). It now reads the acked jobs by primary key,
/// still writes only the jobs this worker holds, and leaves a job that already holds the
/// acked outcome (our runner writes it at once) as it is, instead of writing it a second time.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_ack_reads_by_key_on_a_fresh_table_and_writes_only_its_workers_jobs_on_postgres() {
    use apalis_core::{backend::TaskResult, task::status::Status};

    let db = TestDb::new(Backend::Postgres).await;
    let Store::Postgres(pool) = &db.store else {
        unreachable!("Postgres only")
    };
    for sql in [
        "INSERT INTO apalis.workers (id, worker_type, storage_name, layers, last_seen)
         VALUES ('w1', 'noop', 'PgStorage', '', now()), ('w2', 'noop', 'PgStorage', '', now())",
        "INSERT INTO apalis.jobs (job, id, job_type, status, attempts, max_attempts, run_at)
         SELECT '\\x00', 'job-' || lpad(g::text, 4, '0'), 'noop', 'Pending', 0, 5, now()
         FROM generate_series(1, 3000) g",
        "ANALYZE apalis.jobs",
        "UPDATE apalis.jobs SET status = 'Running', lock_by = 'w1', lock_at = now()
         WHERE id IN ('job-0001', 'job-0002', 'job-0003')",
        "UPDATE apalis.jobs SET status = 'Running', lock_by = 'w2', lock_at = now()
         WHERE id = 'job-0004'",
        "UPDATE apalis.jobs SET status = 'Done', attempts = 1, lock_by = 'w1', lock_at = now(),
            last_result = '{\"Ok\": \"written by the task\"}', done_at = now()
         WHERE id = 'job-0005'",
    ] {
        sqlx::query(sql).execute(pool).await.unwrap();
    }

    let ack =
        |id: &str, attempt: usize, status: Status, result: Result<serde_json::Value, String>| {
            TaskResult {
                task_id: id.parse().unwrap(),
                attempt,
                status,
                result,
            }
        };
    let done = ack("job-0001", 1, Status::Done, Ok(serde_json::json!("fine")));
    let failed = ack("job-0002", 2, Status::Failed, Err("no price file".into()));
    let not_ours = ack("job-0004", 1, Status::Done, Ok(serde_json::json!("fine")));
    let already = ack(
        "job-0005",
        1,
        Status::Done,
        Ok(serde_json::json!("from the ack")),
    );
    let acks = [&done, &failed, &not_ours, &already];

    let statement = include_str!("../../../vendor/apalis-postgres/queries/task/handle_result.sql");
    let payload = serde_json::to_string(&acks).unwrap();
    for mode in ["force_generic_plan", "force_custom_plan"] {
        let plan = plan_of(
            pool,
            statement,
            "jsonb, text",
            mode,
            &format!("'{payload}', 'w1'"),
        )
        .await;
        assert!(!plan.contains("Seq Scan on jobs"), "{mode}:\n{plan}");
    }

    let mut conn = pool.acquire().await.unwrap();
    let written = apalis_postgres::queries::handle_results(&mut *conn, &acks, "w1")
        .await
        .unwrap();
    assert_eq!(written, 2);
    let rows: Vec<JobRow> = sqlx::query_as(
        "SELECT id, status, attempts, lock_by, last_result::text FROM apalis.jobs
         WHERE id <= 'job-0006' ORDER BY id",
    )
    .fetch_all(pool)
    .await
    .unwrap();
    let row = |id: &str, status: &str, attempts: i32, by: Option<&str>, result: Option<&str>| {
        (
            id.to_string(),
            status.to_string(),
            attempts,
            by.map(str::to_string),
            result.map(str::to_string),
        )
    };
    assert_eq!(
        rows,
        vec![
            row("job-0001", "Done", 1, Some("w1"), Some(r#"{"Ok": "fine"}"#)),
            row(
                "job-0002",
                "Failed",
                2,
                Some("w1"),
                Some(r#"{"Err": "no price file"}"#)
            ),
            row("job-0003", "Running", 0, Some("w1"), None),
            row("job-0004", "Running", 0, Some("w2"), None),
            row(
                "job-0005",
                "Done",
                1,
                Some("w1"),
                Some(r#"{"Ok": "written by the task"}"#)
            ),
            row("job-0006", "Pending", 0, None, None),
        ]
    );
}
