//! `api`: serves the HTTP API and the web app. `api migrate` applies migrations and exits.

use anyhow::Context;
use api::Settings;

#[tokio::main]
async fn main() -> std::process::ExitCode {
    // This binary also reads uploaded PDFs in a child process of its own.
    if let Some(code) = jobs::documents::sandbox::child_main_if_requested() {
        return code;
    }
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
        Some("create-admin") => {
            let username = username_argument()?;
            let password = api::admin_account::read_password()?;
            let store = jobs::store::Store::connect(&settings.common.database_url)
                .await
                .context("connecting to the database")?;
            if settings.migrate_on_start {
                store.migrate().await.context("migrating the database")?;
            }
            let state = api::AppState::new(store.clone(), settings)?;
            let outcome = api::admin_account::create_admin(&state, &username, &password).await?;
            store.close().await;
            match outcome {
                api::admin_account::AdminOutcome::Created => {
                    println!("admin account {username} created")
                }
                api::admin_account::AdminOutcome::PasswordReplaced => println!(
                    "admin account {username} existed: its password is replaced and its sessions ended"
                ),
            }
            Ok(())
        }
        Some(other) => {
            anyhow::bail!(
                "unknown command '{other}'; use `api` to serve, `api migrate` or `api create-admin --username NAME`"
            )
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

/// The `--username NAME` (or `--username=NAME`) of `api create-admin`.
fn username_argument() -> anyhow::Result<String> {
    let args: Vec<String> = std::env::args().skip(2).collect();
    let mut iter = args.iter();
    while let Some(arg) = iter.next() {
        if arg == "--username" {
            return iter
                .next()
                .cloned()
                .context("--username needs a value: api create-admin --username NAME");
        }
        if let Some(value) = arg.strip_prefix("--username=") {
            return Ok(value.to_string());
        }
    }
    anyhow::bail!("usage: api create-admin --username NAME (password from ADMIN_PASSWORD or stdin)")
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
