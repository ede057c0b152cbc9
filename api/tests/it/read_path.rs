//! The stock page's read path: a stored analysis is read without a single
//! row written, views count once per viewer, stock and day, the ready answer is replaced as
//! soon as a new analysis is stored, and it goes out compressed with the right headers.

use std::{
    io::Read,
    time::{Duration, Instant},
};

use chrono::{Timelike, Utc};
use jobs::{
    queue::JobQueue,
    sources::tickers::read_snapshot,
    store::{Store, apalis::JobStatus},
    tasks::analyze_stock::AnalyzeStock,
};
use reqwest::Client;
use serde_json::Value;

use crate::{
    accounts::support::{PASSWORD, browser, register, registration, session_cookie},
    api_test,
    helpers::{InProcessWorker, TestApp, market_data_dir, spawn_app},
};

const SESSION: &str = "0d6f3c1e-7a8b-4c9d-8e0f-1a2b3c4d5e6f";
const OTHER_SESSION: &str = "0d6f3c1e-7a8b-4c9d-8e0f-1a2b3c4d5e70";

async fn app_with_tickers(backend: jobs::store::Backend) -> TestApp {
    let app = spawn_app(backend).await;
    app.store
        .replace_tickers(&read_snapshot(&market_data_dir()).unwrap())
        .await
        .unwrap();
    app
}

/// `GET /api/analyze-stock/{ticker}` as `client` (anonymous with `session`, or signed in by
/// its cookie), decompressed by reqwest.
async fn analyze(app: &TestApp, client: &Client, ticker: &str, session: Option<&str>) -> Value {
    let mut request = client.get(app.url(&format!("/api/analyze-stock/{ticker}")));
    if let Some(session) = session {
        request = request.header("x-session-id", session);
    }
    let response = request.send().await.unwrap();
    assert_eq!(response.status(), 200);
    response.json().await.unwrap()
}

/// Counts every write to the app's own tables and the job table from now on, into
/// `test_row_writes`, for "nothing was written" checks. Even a write that changes nothing
/// counts (an `INSERT ... ON CONFLICT DO NOTHING` still takes SQLite's write lock): Postgres
/// counts each write statement, SQLite each row a statement tries to write (its `BEFORE`
/// triggers fire before the conflict check).
async fn count_row_writes(store: &Store) {
    match store {
        Store::Sqlite(pool) => {
            sqlx::query("CREATE TABLE test_row_writes (n INTEGER NOT NULL)")
                .execute(pool)
                .await
                .unwrap();
            sqlx::query("INSERT INTO test_row_writes VALUES (0)")
                .execute(pool)
                .await
                .unwrap();
            // Every table but SQLite's own, full-text indexes (virtual tables, written with
            // their content tables), the migration history, this counter and the job
            // library's worker heartbeats.
            let tables: Vec<String> = sqlx::query_scalar(
                "SELECT name FROM pragma_table_list WHERE schema = 'main' AND type = 'table'
                 AND name NOT LIKE 'sqlite_%'
                 AND name NOT IN ('test_row_writes', 'Workers', 'app_migrations', '_sqlx_migrations')",
            )
            .fetch_all(pool)
            .await
            .unwrap();
            assert!(tables.iter().any(|t| t == "stock_views"), "{tables:?}");
            for table in tables {
                for event in ["INSERT", "UPDATE", "DELETE"] {
                    let sql = format!(
                        "CREATE TRIGGER \"count_{table}_{event}\" BEFORE {event} ON \"{table}\"
                         BEGIN UPDATE test_row_writes SET n = n + 1; END"
                    );
                    sqlx::query(sqlx::AssertSqlSafe(sql))
                        .execute(pool)
                        .await
                        .unwrap();
                }
            }
        }
        Store::Postgres(pool) => {
            for sql in [
                "CREATE TABLE test_row_writes (n BIGINT NOT NULL)",
                "INSERT INTO test_row_writes VALUES (0)",
                "CREATE FUNCTION test_count_write() RETURNS trigger LANGUAGE plpgsql AS
                 $$ BEGIN UPDATE test_row_writes SET n = n + 1; RETURN NULL; END $$",
            ] {
                sqlx::query(sql).execute(pool).await.unwrap();
            }
            let tables: Vec<String> = sqlx::query_scalar(
                "SELECT format('%I.%I', schemaname, tablename) FROM pg_tables
                 WHERE (schemaname = 'public' AND tablename NOT IN ('test_row_writes', 'app_migrations', '_sqlx_migrations'))
                    OR (schemaname = 'apalis' AND tablename = 'jobs')",
            )
            .fetch_all(pool)
            .await
            .unwrap();
            assert!(
                tables.iter().any(|t| t == "public.stock_views"),
                "{tables:?}"
            );
            for table in tables {
                let sql = format!(
                    "CREATE TRIGGER count_writes AFTER INSERT OR UPDATE OR DELETE ON {table}
                     FOR EACH STATEMENT EXECUTE FUNCTION test_count_write()"
                );
                sqlx::query(sqlx::AssertSqlSafe(sql))
                    .execute(pool)
                    .await
                    .unwrap();
            }
        }
    }
}

async fn rows_written(store: &Store) -> i64 {
    let sql = "SELECT CAST(n AS BIGINT) FROM test_row_writes";
    match store {
        Store::Sqlite(pool) => sqlx::query_scalar(sql).fetch_one(pool).await.unwrap(),
        Store::Postgres(pool) => sqlx::query_scalar(sql).fetch_one(pool).await.unwrap(),
    }
}

async fn views_of(store: &Store, symbol: &str) -> i64 {
    store
        .most_viewed(Utc::now() - chrono::Duration::hours(1), 100)
        .await
        .unwrap()
        .into_iter()
        .find(|v| v.symbol == symbol)
        .map_or(0, |v| v.views)
}

api_test!(
    a_stored_analysis_is_read_without_a_write_and_viewed_once_per_viewer,
    |backend| async move {
        let app = app_with_tickers(backend).await;
        let worker = InProcessWorker::start(&app.store, "analyze");
        let user = browser();
        let user_id = register(&app.address, &user, "reader@example.com").await["id"]
            .as_i64()
            .unwrap();
        let anonymous = browser();
        let first = analyze(&app, &anonymous, "AAPL", Some(SESSION)).await;
        assert!(first["jobId"].is_string(), "computed for this request");
        let stored = analyze(&app, &user, "AAPL", None).await;
        assert!(stored["jobId"].is_null(), "served from the store");
        assert_eq!(stored["record"], first["record"]);
        assert_eq!(
            views_of(&app.store, "AAPL").await,
            2,
            "one view each, counted with the first read"
        );
        // Its shutdown writes (handing back held jobs) must not land in the count below.
        worker.stop().await;

        count_row_writes(&app.store).await;
        for _ in 0..5 {
            let again = analyze(&app, &user, "aapl", None).await;
            assert_eq!(again["record"], stored["record"]);
            assert_eq!(
                again["details"]["computedAt"],
                stored["details"]["computedAt"]
            );
            analyze(&app, &anonymous, "AAPL", Some(SESSION)).await;
        }
        assert_eq!(
            rows_written(&app.store).await,
            0,
            "repeat reads of a stored analysis write nothing, signed in or anonymous"
        );
        assert_eq!(
            views_of(&app.store, "AAPL").await,
            2,
            "no view counted twice"
        );

        // A new viewer is counted: the trial's try and one view (and the counter sees it).
        analyze(&app, &browser(), "AAPL", Some(OTHER_SESSION)).await;
        assert!(rows_written(&app.store).await > 0);
        assert_eq!(views_of(&app.store, "AAPL").await, 3);
        assert_eq!(
            app.store.analyses_today(user_id, Utc::now()).await.unwrap(),
            1,
            "the reopenings used nothing"
        );
    }
);

/// Runs `AnalyzeStock` for `symbol` again and waits for it to finish.
async fn analyse_again(app: &TestApp, symbol: &str) {
    let job = JobQueue::new(app.store.clone())
        .enqueue(&AnalyzeStock {
            symbol: symbol.into(),
        })
        .await
        .unwrap();
    for _ in 0..600 {
        let record = app.store.job(&job.id).await.unwrap().unwrap();
        match record.status {
            JobStatus::Succeeded => return,
            JobStatus::Failed => panic!("the analysis failed: {:?}", record.error),
            _ => tokio::time::sleep(Duration::from_millis(50)).await,
        }
    }
    panic!("the analysis did not finish in 30 s");
}

api_test!(
    a_new_analysis_is_served_at_once_not_the_kept_answer,
    |backend| async move {
        let app = app_with_tickers(backend).await;
        let _worker = InProcessWorker::start(&app.store, "analyze");
        let client = browser();
        analyze(&app, &client, "MSFT", Some(SESSION)).await;
        let kept = analyze(&app, &client, "MSFT", Some(SESSION)).await;
        let before = kept["details"]["computedAt"].as_str().unwrap().to_string();

        analyse_again(&app, "MSFT").await;
        let stored = app.store.latest_analysis("MSFT").await.unwrap().unwrap();
        let after = analyze(&app, &client, "MSFT", Some(SESSION)).await;
        let served: chrono::DateTime<Utc> = after["details"]["computedAt"]
            .as_str()
            .unwrap()
            .parse()
            .unwrap();
        assert_eq!(
            served, stored.computed_at,
            "the newest analysis, not {before}"
        );
        assert!(served > before.parse::<chrono::DateTime<Utc>>().unwrap());
        assert_eq!(after["data"], stored.text);
        // And it is the one kept from then on.
        let next = analyze(&app, &client, "MSFT", Some(SESSION)).await;
        assert_eq!(
            next["details"]["computedAt"],
            after["details"]["computedAt"]
        );
    }
);

/// A client that leaves the body as it came over the wire.
fn raw_client() -> Client {
    Client::builder().no_gzip().build().unwrap()
}

api_test!(
    the_kept_answer_goes_out_compressed_with_the_right_headers,
    |backend| async move {
        let app = app_with_tickers(backend).await;
        let _worker = InProcessWorker::start(&app.store, "analyze");
        let client = raw_client();
        let url = app.url("/api/analyze-stock/AAPL");
        let fetch = |accept: &'static str| {
            client
                .get(&url)
                .header("x-session-id", SESSION)
                .header("accept-encoding", accept)
                .send()
        };
        // The first read computes the analysis (its answer names the job); the second is
        // built from the store and kept; the rest are the kept bytes.
        assert_eq!(fetch("identity").await.unwrap().status(), 200);
        let built = fetch("identity").await.unwrap().bytes().await.unwrap();
        let plain = fetch("identity").await.unwrap();
        assert_eq!(plain.headers()["content-type"], "application/json");
        assert!(plain.headers().get("content-encoding").is_none());
        assert_eq!(plain.headers()["cache-control"], "no-store");
        let plain = plain.bytes().await.unwrap();
        assert_eq!(plain, built, "the kept answer is the built one");
        let json: Value = serde_json::from_slice(&plain).unwrap();
        assert_eq!(json["record"]["symbol"], "AAPL");

        let brotli = fetch("gzip, deflate, br").await.unwrap();
        assert_eq!(brotli.headers()["content-encoding"], "br");
        assert_eq!(brotli.headers()["vary"], "accept-encoding");
        assert_eq!(brotli.headers()["content-type"], "application/json");
        assert_eq!(brotli.headers()["cache-control"], "no-store");
        let wire = brotli.bytes().await.unwrap();
        assert!(
            wire.len() < plain.len() / 3,
            "{} of {}",
            wire.len(),
            plain.len()
        );
        let mut decoded = Vec::new();
        brotli::Decompressor::new(&wire[..], 4096)
            .read_to_end(&mut decoded)
            .unwrap();
        assert_eq!(decoded, plain);

        let gzip = fetch("gzip").await.unwrap();
        assert_eq!(gzip.headers()["content-encoding"], "gzip");
        assert_eq!(gzip.headers()["vary"], "accept-encoding");
        let wire = gzip.bytes().await.unwrap();
        let mut decoded = Vec::new();
        flate2::read::GzDecoder::new(&wire[..])
            .read_to_end(&mut decoded)
            .unwrap();
        assert_eq!(decoded, plain);

        let refused = fetch("br;q=0, gzip;q=0").await.unwrap();
        assert!(refused.headers().get("content-encoding").is_none());
        assert_eq!(refused.bytes().await.unwrap(), plain);
    }
);

/// Moves `symbol`'s stored analysis to `at` the way another process's worker would store a
/// new one: straight in the database (this process hears nothing), with its `NOTIFY` on
/// Postgres.
async fn store_elsewhere(store: &Store, symbol: &str, at: chrono::DateTime<Utc>) {
    let update = "UPDATE stock_analysis_records SET computed_at = $1 WHERE symbol = $2";
    match store {
        Store::Sqlite(pool) => {
            sqlx::query(update)
                .bind(at)
                .bind(symbol)
                .execute(pool)
                .await
                .unwrap();
        }
        Store::Postgres(pool) => {
            let mut tx = pool.begin().await.unwrap();
            sqlx::query(update)
                .bind(at)
                .bind(symbol)
                .execute(&mut *tx)
                .await
                .unwrap();
            sqlx::query("SELECT pg_notify($1, $2)")
                .bind(jobs::store::analysis_changes::CHANNEL)
                .bind(symbol)
                .execute(&mut *tx)
                .await
                .unwrap();
            tx.commit().await.unwrap();
        }
    }
}

api_test!(
    a_new_analysis_stored_by_another_process_is_served_within_the_recheck_time,
    |backend| async move {
        let app = app_with_tickers(backend).await;
        let worker = InProcessWorker::start(&app.store, "analyze");
        let client = browser();
        analyze(&app, &client, "MSFT", Some(SESSION)).await;
        analyze(&app, &client, "MSFT", Some(SESSION)).await;
        drop(worker);

        let newer = Utc::now().with_nanosecond(0).unwrap();
        store_elsewhere(&app.store, "MSFT", newer).await;
        let stored = Instant::now();
        let limit = api::answer_cache::RECHECK_AFTER + Duration::from_millis(500);
        loop {
            // When the read was asked, not answered: a slow answer on a busy machine is no
            // later a check.
            let asked = stored.elapsed();
            let read = analyze(&app, &client, "MSFT", Some(SESSION)).await;
            let served: chrono::DateTime<Utc> = read["details"]["computedAt"]
                .as_str()
                .unwrap()
                .parse()
                .unwrap();
            if served == newer {
                break;
            }
            assert!(
                asked < limit,
                "still serving the analysis of {served} {asked:?} after a newer one was stored"
            );
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
);

api_test!(
    a_session_that_signed_out_or_in_again_no_longer_reads_as_its_user,
    |backend| async move {
        let app = app_with_tickers(backend).await;
        let _worker = InProcessWorker::start(&app.store, "analyze");
        let client = browser();
        let registered = client
            .post(app.url("/api/register"))
            .json(&registration("held@example.com"))
            .send()
            .await
            .unwrap();
        let first = session_cookie(&registered).unwrap();
        let read_with = |cookie: String, ticker: &'static str| {
            let url = app.url(&format!("/api/analyze-stock/{ticker}"));
            async move {
                Client::new()
                    .get(url)
                    .header("cookie", cookie)
                    .send()
                    .await
                    .unwrap()
                    .status()
            }
        };
        assert_eq!(read_with(first.clone(), "AAPL").await, 200);
        assert_eq!(read_with(first.clone(), "AAPL").await, 200, "held");

        // Signing in again replaces the session id: the old one is signed out at once.
        let login = client
            .post(app.url("/api/login"))
            .json(&serde_json::json!({ "username": "held@example.com", "password": PASSWORD }))
            .send()
            .await
            .unwrap();
        let second = session_cookie(&login).unwrap();
        assert_eq!(read_with(first, "AAPL").await, 401);
        assert_eq!(read_with(second.clone(), "AAPL").await, 200);

        let logout = client
            .post(app.url("/api/logout"))
            .json(&serde_json::json!({}))
            .send()
            .await
            .unwrap();
        assert_eq!(logout.status(), 200);
        assert_eq!(
            read_with(second, "AAPL").await,
            401,
            "a signed-out cookie reads as nobody at once"
        );
    }
);
