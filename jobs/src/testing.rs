//! Test support shared by every crate's tests: a fresh, migrated database of either backend.
//! SQLite is a temp file (never `:memory:` with a pool); Postgres is a uniquely named
//! database on the machine's server (`TEST_POSTGRES_URL`, default trust auth on
//! 127.0.0.1:5432), dropped when the [`TestDb`] is dropped.

use std::path::PathBuf;

use sqlx::{ConnectOptions, Connection};

use crate::{
    settings::{CommonSettings, DatabaseUrl},
    store::{Backend, Store, postgres_options},
};

/// A place in a write path where a test may stop the process (`JOBS_STOP_AT=<point>`): it
/// prints `stopped at <point>` and waits there for the test to kill it, so the test can
/// check what a crash at that moment leaves in the database. Compiled only with `testing`.
pub async fn stop_point(point: &str) {
    if std::env::var("JOBS_STOP_AT").is_ok_and(|at| at == point) {
        {
            use std::io::Write as _;
            let mut out = std::io::stdout().lock();
            let _ = writeln!(out, "stopped at {point}");
            let _ = out.flush();
        }
        std::future::pending::<()>().await;
    }
}

/// A throwaway database.
pub struct TestDb {
    pub store: Store,
    pub url: DatabaseUrl,
    cleanup: Cleanup,
}

enum Cleanup {
    Dir(PathBuf),
    PgDatabase { admin_url: String, name: String },
}

/// The real market-data snapshot: `MARKET_DATA_DIR`, or `../shared/market-data` beside the
/// repository.
pub fn market_data_dir() -> PathBuf {
    std::env::var("MARKET_DATA_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|_| {
            PathBuf::from(concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/../../shared/market-data"
            ))
        })
}

/// The settings jobs run with in tests: from the environment, without Redis (limits in
/// process), market data from the snapshot.
pub fn job_settings() -> CommonSettings {
    let mut settings = CommonSettings::from_env().expect("settings from the environment");
    settings.redis_url = None;
    settings.market_data_dir = Some(market_data_dir());
    settings
}

/// Where the generated TypeScript wire types live in the web app.
pub fn wire_types_dir() -> PathBuf {
    PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../web/src/types/generated"
    ))
}

/// Writes the TypeScript declaration of `T` and of every type it uses (ts-rs, 64-bit
/// integers as `number`) into `dir`, one file per type.
pub fn export_wire_type<T: ts_rs::TS + 'static>(dir: &std::path::Path) -> Result<(), String> {
    let config = ts_rs::Config::new()
        .with_large_int("number")
        .with_out_dir(dir);
    T::export_all(&config).map_err(|e| e.to_string())
}

/// An empty temporary folder to export wire types into.
pub fn fresh_wire_dir() -> PathBuf {
    std::env::temp_dir().join(format!("askbubba-wire-{}", ulid::Ulid::new()))
}

/// Compares every file in `fresh` (just exported) with its twin in [`wire_types_dir`]: the
/// names of the stale or missing ones. With `UPDATE_WIRE_TYPES=1` they are copied over
/// instead.
pub fn compare_wire_types(fresh: &std::path::Path) -> Vec<String> {
    let update = std::env::var("UPDATE_WIRE_TYPES").is_ok_and(|v| v == "1");
    let mut problems = Vec::new();
    let Ok(entries) = std::fs::read_dir(fresh) else {
        return vec![format!("nothing exported into {}", fresh.display())];
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let generated = std::fs::read_to_string(entry.path()).unwrap_or_default();
        let target = wire_types_dir().join(&name);
        if update {
            let _ = std::fs::create_dir_all(wire_types_dir());
            if let Err(err) = std::fs::write(&target, &generated) {
                problems.push(format!("{}: {err}", target.display()));
            }
            continue;
        }
        match std::fs::read_to_string(&target) {
            Ok(current) if current == generated => {}
            Ok(_) => problems.push(format!("{} is stale", name.to_string_lossy())),
            Err(_) => problems.push(format!("{} is missing", name.to_string_lossy())),
        }
    }
    problems
}

/// Exports the listed types (and what they use) and fails with every stale or missing file
/// of `web/src/types/generated/`. Each crate's `wire_types` test lists the types it serves.
#[macro_export]
macro_rules! check_wire_types {
    ($($ty:ty),* $(,)?) => {{
        let dir = $crate::testing::fresh_wire_dir();
        let mut problems: Vec<String> = Vec::new();
        $(
            if let Err(err) = $crate::testing::export_wire_type::<$ty>(&dir) {
                problems.push(err);
            }
        )*
        problems.extend($crate::testing::compare_wire_types(&dir));
        let _ = std::fs::remove_dir_all(&dir);
        assert!(
            problems.is_empty(),
            "generated TypeScript types are out of date ({}); run `UPDATE_WIRE_TYPES=1 cargo test wire_types` and commit web/src/types/generated",
            problems.join(", ")
        );
    }};
}

/// The server used for Postgres tests.
pub fn postgres_admin_url() -> String {
    std::env::var("TEST_POSTGRES_URL")
        .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/postgres".into())
}

impl TestDb {
    /// [`job_settings`] on this database.
    pub fn job_settings(&self) -> CommonSettings {
        CommonSettings {
            database_url: self.url.clone(),
            ..job_settings()
        }
    }

    /// Creates and migrates a fresh database of `backend`.
    pub async fn new(backend: Backend) -> TestDb {
        let db = TestDb::empty(backend).await;
        db.store
            .migrate()
            .await
            .expect("migrations apply to a fresh database");
        db
    }

    /// Creates a fresh database without running migrations.
    pub async fn empty(backend: Backend) -> TestDb {
        let unique = format!(
            "askbubba_test_{}",
            ulid::Ulid::new().to_string().to_lowercase()
        );
        let (url, cleanup) = match backend {
            Backend::Sqlite => {
                let dir = std::env::temp_dir().join(&unique);
                std::fs::create_dir_all(&dir).expect("temp dir");
                (DatabaseUrl::Sqlite(dir.join("test.db")), Cleanup::Dir(dir))
            }
            Backend::Postgres => {
                let admin_url = postgres_admin_url();
                let mut admin = postgres_options(&admin_url)
                    .expect("TEST_POSTGRES_URL")
                    .connect()
                    .await
                    .expect(
                        "Postgres for tests must run at TEST_POSTGRES_URL (default 127.0.0.1:5432)",
                    );
                sqlx::query(sqlx::AssertSqlSafe(format!("CREATE DATABASE {unique}")))
                    .execute(&mut admin)
                    .await
                    .expect("create test database");
                let _ = admin.close().await;
                let mut url = url::Url::parse(&admin_url).expect("admin url");
                url.set_path(&unique);
                (
                    DatabaseUrl::Postgres(url.to_string()),
                    Cleanup::PgDatabase {
                        admin_url,
                        name: unique,
                    },
                )
            }
        };
        let store = Store::connect(&url)
            .await
            .expect("connect to the test database");
        TestDb {
            store,
            url,
            cleanup,
        }
    }
}

impl Drop for TestDb {
    fn drop(&mut self) {
        match &self.cleanup {
            Cleanup::Dir(dir) => {
                let _ = std::fs::remove_dir_all(dir);
            }
            Cleanup::PgDatabase { admin_url, name } => {
                let (admin_url, name) = (admin_url.clone(), name.clone());
                // Drop runs inside the test's runtime; use a thread with its own runtime.
                let _ = std::thread::spawn(move || {
                    let Ok(rt) = tokio::runtime::Builder::new_current_thread()
                        .enable_all()
                        .build()
                    else {
                        return;
                    };
                    rt.block_on(async move {
                        if let Ok(mut admin) = postgres_options(&admin_url)
                            .expect("admin url")
                            .connect()
                            .await
                        {
                            let _ = sqlx::query(sqlx::AssertSqlSafe(format!(
                                "DROP DATABASE IF EXISTS {name} WITH (FORCE)"
                            )))
                            .execute(&mut admin)
                            .await;
                        }
                    });
                })
                .join();
            }
        }
    }
}

/// Declares one test per backend: `store_test!(name, |db| async move { ... })` makes
/// `name::sqlite` and `name::postgres`.
#[macro_export]
macro_rules! store_test {
    ($name:ident, $body:expr) => {
        mod $name {
            #[allow(unused_imports)]
            use super::*;

            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn sqlite() {
                let db = $crate::testing::TestDb::new($crate::store::Backend::Sqlite).await;
                ($body)(db).await;
            }

            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn postgres() {
                let db = $crate::testing::TestDb::new($crate::store::Backend::Postgres).await;
                ($body)(db).await;
            }
        }
    };
}
