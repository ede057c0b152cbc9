//! `api`: serves the HTTP API and the web app. `api migrate` applies migrations and exits.

use anyhow::Context;
use api::Settings;

#[tokio::main]
async fn main() -> std::process::ExitCode {
    init_tracing();
    match run().await {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("api: {err:#}");
            std::process::ExitCode::FAILURE
        }
    }
}

async fn run() -> anyhow::Result<()> {
    let settings = Settings::from_env().context("reading configuration")?;
    match std::env::args().nth(1).as_deref() {
        Some("migrate") => {
            let store = jobs::store::Store::connect(&settings.common.database_url)
                .await
                .context("connecting to the database")?;
            store.migrate().await.context("migrating the database")?;
            println!("migrations applied to {}", settings.common.database_url);
            Ok(())
        }
        Some(other) => {
            anyhow::bail!("unknown command '{other}'; use `api` to serve or `api migrate`")
        }
        None => {
            let address = format!("{}:{}", settings.host, settings.port);
            let listener = tokio::net::TcpListener::bind(&address)
                .await
                .with_context(|| format!("cannot listen on {address}"))?;
            api::run(settings, listener, shutdown_signal()).await
        }
    }
}

/// Resolves on SIGTERM or ctrl-c.
async fn shutdown_signal() {
    let _ = jobs::runtime::shutdown_signal().await;
    tracing::info!("shutting down");
}

fn init_tracing() {
    use tracing_subscriber::{EnvFilter, fmt};
    let filter = EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| EnvFilter::new("info,sqlx=warn,apalis=warn,tower_http=warn"));
    let builder = fmt().with_env_filter(filter).with_writer(std::io::stderr);
    if std::env::var("LOG_FORMAT").is_ok_and(|v| v == "json") {
        builder.json().init();
    } else {
        builder.init();
    }
}
