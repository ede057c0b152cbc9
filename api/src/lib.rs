//! The Ask Bubba HTTP API: answers quickly from the store and queues heavy work as jobs.

pub mod admin_account;
pub mod answer_cache;
pub mod compression;
pub mod content_type;
pub mod csrf;
pub mod error;
pub mod extract;
pub mod mcp;
pub mod metrics;
pub mod path_params;
pub mod payments;
pub mod recent_sign_ins;
pub mod routes;
pub mod session;
pub mod settings;
pub mod startup;
pub mod throttle;
pub mod ticker_index;
pub mod upload_spool;
pub mod usage_gate;

use std::{future::Future, sync::Arc, time::Duration};

use anyhow::Context;
use axum::Router;
use jobs::{
    infra::Infra, mail::Mailer, queue::JobQueue, store::Store, tasks::load_tickers::LoadTickers,
};
use tokio::net::TcpListener;

use session::SessionBackend;
pub use settings::Settings;
use throttle::Throttle;

/// What every handler can reach.
#[derive(Clone)]
pub struct AppState {
    pub store: Store,
    pub queue: JobQueue,
    pub settings: Arc<Settings>,
    pub metrics: Arc<metrics::Metrics>,
    pub tickers: Arc<ticker_index::TickerIndex>,
    /// Shared counters and key-value entries: in-process, or Redis with `REDIS_URL`.
    pub infra: Infra,
    /// Where sign-ins live: the database, or Redis.
    pub sessions: SessionBackend,
    /// Attempt counters (login, reset) on `infra`.
    pub throttle: Arc<Throttle>,
    /// SMTP when `SMTP_URL` is set, the outbox otherwise.
    pub mailer: Mailer,
    /// Whether the ticker directory is loaded (`/readyz`, and calls wait for it at start-up).
    pub directory: startup::Directory,
    /// Password hashing, a few at a time (see `jobs::accounts::password`).
    pub hashing: Arc<jobs::accounts::HashGate>,
    /// The chat assistant (provider from `LLM_PROVIDER`, offline by default).
    pub assistant: jobs::assistant::Assistant,
    /// The Stripe client; `None` without `STRIPE_SECRET_KEY` (payments off).
    pub stripe: Option<payments::stripe::StripeClient>,
    /// Stored analyses' answers, serialised and compressed once.
    pub answers: Arc<answer_cache::AnswerCache>,
    /// Symbols each viewer may reopen without the gate's database write.
    pub reopenable: Arc<jobs::accounts::Reopenable>,
    /// Who is signed in on recently seen sessions, for the stock page's reads.
    pub recent_sign_ins: Arc<recent_sign_ins::RecentSignIns>,
}

impl AppState {
    /// Builds the state; fails on a malformed `REDIS_URL` or mail setting (which
    /// `Settings::from_env` already refuses at start-up).
    pub fn new(store: Store, settings: Settings) -> anyhow::Result<Self> {
        let common = &settings.common;
        let redis_url = common.redis_url.as_ref().map(|url| url.0.as_str());
        let infra = Infra::new(redis_url, &common.redis_prefix)?;
        let mailer =
            Mailer::new(&settings.accounts.mail).map_err(|e| anyhow::anyhow!("mail: {e}"))?;
        Ok(AppState {
            queue: JobQueue::new(store.clone()),
            tickers: Arc::new(ticker_index::TickerIndex::new(store.clone())),
            sessions: SessionBackend::new(&store, &infra),
            throttle: Arc::new(Throttle::new(infra.clone())),
            infra,
            mailer,
            assistant: jobs::assistant::Assistant::new(
                store.clone(),
                jobs::assistant::chat_provider(&settings.assistant, &store),
            )
            .with_pricing(settings.assistant.cents_per_million_tokens),
            store,
            settings: Arc::new(settings.clone()),
            metrics: Arc::new(metrics::Metrics::default()),
            directory: startup::Directory::loaded(),
            hashing: Arc::new(jobs::accounts::HashGate::new(
                settings.accounts.hashing.slots,
                settings.accounts.hashing.queue_timeout,
            )),
            stripe: match &settings.payments.secret_key {
                Some(key) => Some(payments::stripe::StripeClient::new(
                    key,
                    settings.payments.api_base.as_deref(),
                )?),
                None => None,
            },
            answers: Default::default(),
            reopenable: Default::default(),
            recent_sign_ins: Default::default(),
        })
    }

    /// Queues the sending of outbox message `id` (the `SendEmail` job retries a failing
    /// mail server with backoff), in the background, so the answer's timing says nothing
    /// about the message. If even queueing fails the message stays in the outbox (logged).
    pub fn deliver_later(&self, id: i64) {
        let queue = self.queue.clone();
        tokio::spawn(async move {
            let job = jobs::tasks::send_email::SendEmail { outbox_id: id };
            if let Err(err) = queue.enqueue(&job).await {
                tracing::error!(%err, id, "could not queue the e-mail; it stays in the outbox");
            }
        });
    }
}

/// Builds the router with every route, the web app and the middleware.
pub fn app(state: AppState) -> Router {
    routes::router(state.clone())
        .layer(session::layer(&state, state.sessions.clone()))
        .layer(axum::middleware::from_fn_with_state(
            state.metrics.clone(),
            metrics::track,
        ))
        .layer(tower_http::trace::TraceLayer::new_for_http())
        .layer(compression::layer())
}

/// Opens the store and runs the API on `listener` until `shutdown` resolves (see [`serve`]).
pub async fn run(
    settings: Settings,
    listener: TcpListener,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> anyhow::Result<()> {
    let store = Store::connect(&settings.common.database_url)
        .await
        .context("connecting to the database")?;
    serve(store, settings, listener, shutdown).await
}

/// The start-up and life of the API on an open store: migrations (when configured), the
/// first ticker load on an empty directory, the embedded worker and scheduler (when
/// configured), then HTTP on `listener` until `shutdown` resolves. Tests start the app here.
pub async fn serve(
    store: Store,
    settings: Settings,
    listener: TcpListener,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> anyhow::Result<()> {
    if settings.migrate_on_start {
        store.migrate().await.context("migrating the database")?;
    }
    seed_tickers(&store).await;
    let mut state = AppState::new(store.clone(), settings.clone())?;
    state.directory = startup::Directory::watch(store.clone(), settings.startup_wait).await;
    let (stop_tx, stop_rx) = tokio::sync::watch::channel(false);
    let metrics_stop = stop_rx.clone();
    let background = settings.embedded_worker.then(|| {
        tokio::spawn(jobs::runtime::run_embedded(
            store.clone(),
            settings.common.clone(),
            stop_rx,
        ))
    });
    // Other processes' new analyses reach the answer cache through NOTIFY (`answer_cache`).
    let analysis_feed = match &store {
        Store::Postgres(pool) => Some(tokio::spawn(
            jobs::store::analysis_changes::follow_other_processes(pool.clone()),
        )),
        Store::Sqlite(_) => None,
    };
    let metrics = match settings.metrics_addr {
        Some(address) => serve_metrics(state.clone(), address, metrics_stop).await,
        None => None,
    };
    tracing::info!(address = %listener.local_addr()?, database = %settings.common.database_url, embedded_worker = settings.embedded_worker, "api listening");
    // No Nagle delay: a streamed reply's first chunk follows the response head at once
    // instead of waiting for the client's delayed ACK (~40 ms).
    let listener = axum::serve::ListenerExt::tap_io(listener, |tcp| {
        if let Err(err) = tcp.set_nodelay(true) {
            tracing::debug!(%err, "could not set TCP_NODELAY");
        }
    });
    let served = axum::serve(
        listener,
        app(state).into_make_service_with_connect_info::<std::net::SocketAddr>(),
    )
    .with_graceful_shutdown(shutdown)
    .await;
    let _ = stop_tx.send(true);
    if let Some(handle) = metrics {
        let _ = handle.await;
    }
    if let Some(handle) = background {
        let _ = tokio::time::timeout(Duration::from_secs(35), handle).await;
    }
    if let Some(feed) = analysis_feed {
        feed.abort();
    }
    store.close().await;
    served.context("serving HTTP")
}

/// Serves `/metrics` on `address` until `stop` turns true. An address that cannot be bound
/// (another API on this machine has it) is logged as an error and the API runs without its
/// metrics listener: metrics must never keep the site down.
async fn serve_metrics(
    state: AppState,
    address: std::net::SocketAddr,
    mut stop: tokio::sync::watch::Receiver<bool>,
) -> Option<tokio::task::JoinHandle<()>> {
    let listener = match TcpListener::bind(address).await {
        Ok(listener) => listener,
        Err(err) => {
            tracing::error!(%err, %address, "cannot listen for metrics (METRICS_ADDR; `off` turns it off): running without metrics");
            return None;
        }
    };
    tracing::info!(%address, "metrics listening");
    let router = routes::health::metrics_router(state);
    Some(tokio::spawn(async move {
        let stopped = async move {
            let _ = stop.wait_for(|s| *s).await;
        };
        if let Err(err) = axum::serve(listener, router)
            .with_graceful_shutdown(stopped)
            .await
        {
            tracing::error!(%err, "metrics listener failed");
        }
    }))
}

/// Queues the first ticker load when the directory is empty, so search works on a fresh
/// database without waiting for the daily refresh.
async fn seed_tickers(store: &Store) {
    match store.ticker_count().await {
        Ok(0) => match JobQueue::new(store.clone())
            .enqueue(&LoadTickers::default())
            .await
        {
            Ok(job) => tracing::info!(job = %job.id, "ticker directory empty: load queued"),
            Err(err) => tracing::warn!(%err, "could not queue the ticker load"),
        },
        Ok(_) => {}
        Err(err) => tracing::warn!(%err, "could not count tickers"),
    }
}
