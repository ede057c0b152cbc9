//! `spawn_app`: the real router on port 0 with a fresh, migrated database.

use std::path::PathBuf;

use api::Settings;
use jobs::{
    store::{Backend, Store},
    testing::TestDb,
};

/// A running app and what tests need to talk to it.
pub struct TestApp {
    pub address: String,
    pub store: Store,
    pub client: reqwest::Client,
    /// Dropping it shuts the app down.
    _stop: tokio::sync::oneshot::Sender<()>,
    _db: TestDb,
    _dist: tempdir::Dir,
}

/// Minimal temp-dir helper (no extra crate): removed on drop.
pub mod tempdir {
    pub struct Dir(pub std::path::PathBuf);
    impl Drop for Dir {
        fn drop(&mut self) {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }
}

/// Settings for tests: migrations at start, no embedded worker (tests drive jobs themselves),
/// a tiny web app.
pub fn test_settings(db: &TestDb, web_dist: PathBuf) -> Settings {
    Settings {
        common: db.job_settings(),
        host: "127.0.0.1".into(),
        port: 0,
        web_dist,
        admin_username: Some("admin@example.com".into()),
        embedded_worker: false,
        migrate_on_start: true,
        accounts: Default::default(),
        analyze_wait_secs: 25,
        // Tests run side by side: no fixed metrics port (a test that needs one sets it).
        metrics_addr: None,
        metrics_token: None,
        // Most tests run no worker, so the directory never loads by itself: don't wait for
        // it (the start-up test turns the wait on).
        startup_wait: std::time::Duration::ZERO,
        assistant: Default::default(),
        payments: Default::default(),
    }
}

pub use jobs::testing::market_data_dir;

/// Starts the app with `settings` adjusted by `tweak`, through `api::serve` as production does:
/// it migrates the fresh database, seeds the ticker load and (when a test turns it on) runs
/// the embedded worker. Returns once the app answers.
pub async fn spawn_app_with(backend: Backend, tweak: impl FnOnce(&mut Settings)) -> TestApp {
    let db = TestDb::empty(backend).await;
    let dist = std::env::temp_dir().join(format!("askbubba-dist-{}", ulid::Ulid::new()));
    std::fs::create_dir_all(dist.join("assets")).unwrap();
    std::fs::write(
        dist.join("index.html"),
        "<!doctype html><title>Ask Bubba</title><div id=root></div>",
    )
    .unwrap();
    std::fs::write(dist.join("assets/app-123abc.js"), "console.log('hi')").unwrap();
    let mut settings = test_settings(&db, dist.clone());
    tweak(&mut settings);
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = format!("http://{}", listener.local_addr().unwrap());
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let store = db.store.clone();
    tokio::spawn(async move {
        let shutdown = async move {
            let _ = stopped.await;
        };
        if let Err(err) = api::serve(store, settings, listener, shutdown).await {
            panic!("the app did not start: {err:#}");
        }
    });
    let client = reqwest::Client::builder()
        .cookie_store(true)
        .build()
        .unwrap();
    // The listener is bound already; this answers once start-up (migrations, seeding) is done.
    // Not `/readyz`: it stays 503 until the ticker directory is loaded, which tests without a
    // worker never do.
    let live = client.get(format!("{address}/healthz")).send().await;
    assert!(live.is_ok_and(|r| r.status().is_success()), "the app is up");
    TestApp {
        address,
        store: db.store.clone(),
        client,
        _stop: stop,
        _db: db,
        _dist: tempdir::Dir(dist),
    }
}

pub async fn spawn_app(backend: Backend) -> TestApp {
    spawn_app_with(backend, |_| {}).await
}

/// [`spawn_app`] with SEC's ticker list of the snapshot loaded, as a running worker's ticker
/// job would have it: the routes that check a symbol against the directory need it.
pub async fn spawn_app_with_tickers(backend: Backend) -> TestApp {
    let app = spawn_app(backend).await;
    let entries = jobs::sources::tickers::read_snapshot(&market_data_dir()).unwrap();
    app.store.replace_tickers(&entries).await.unwrap();
    app
}

impl TestApp {
    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.address)
    }

    /// The web app folder the app serves.
    pub fn web_dist(&self) -> &std::path::Path {
        &self._dist.0
    }

    pub async fn get(&self, path: &str) -> reqwest::Response {
        self.client.get(self.url(path)).send().await.unwrap()
    }
}

/// One test per backend around an async body taking the backend.
#[macro_export]
macro_rules! api_test {
    ($name:ident, $body:expr) => {
        mod $name {
            #[allow(unused_imports)]
            use super::*;

            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn sqlite() {
                ($body)(jobs::store::Backend::Sqlite).await;
            }

            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn postgres() {
                ($body)(jobs::store::Backend::Postgres).await;
            }
        }
    };
}

/// A worker running inside the test process on the app's database, stopped when dropped.
pub struct InProcessWorker {
    stop: tokio::sync::watch::Sender<bool>,
    task: Option<tokio::task::JoinHandle<()>>,
}

impl InProcessWorker {
    pub fn start(store: &Store, queues: &str) -> InProcessWorker {
        let (stop, mut stopped) = tokio::sync::watch::channel(false);
        let store = store.clone();
        let queues = queues.to_string();
        let task = tokio::spawn(async move {
            let mut common = jobs::testing::job_settings();
            // PDFs are read by the api binary re-executed as a limited child.
            common.pdf_extractor = Some(PathBuf::from(env!("CARGO_BIN_EXE_api")));
            let options = jobs::runtime::WorkerOptions {
                queues: queues.split(',').map(str::to_string).collect(),
                ..Default::default()
            };
            let _ = jobs::runtime::run_worker(store, common, &options, async move {
                let _ = stopped.wait_for(|s| *s).await;
                Ok(())
            })
            .await;
        });
        InProcessWorker {
            stop,
            task: Some(task),
        }
    }

    /// Stops the worker and waits until it has: its shutdown writes (handing back jobs it
    /// held, the library's last acks) are done when this returns. Dropping only asks it to stop.
    pub async fn stop(mut self) {
        let _ = self.stop.send(true);
        if let Some(task) = self.task.take() {
            let _ = task.await;
        }
    }
}

impl Drop for InProcessWorker {
    fn drop(&mut self) {
        let _ = self.stop.send(true);
    }
}
