//! `worker`: runs jobs from the queue; `--list` / `--show ID` inspect them; `--scheduler`
//! runs the one process that fires periodic jobs.

use anyhow::Context;
use clap::Parser;
use jobs::{runtime, settings::CommonSettings};
use worker::{Cli, Mode};

#[tokio::main]
async fn main() -> std::process::ExitCode {
    // This binary also reads uploaded PDFs in a child process of its own.
    if let Some(code) = jobs::documents::sandbox::child_main_if_requested() {
        return code;
    }
    let cli = Cli::parse();
    init_tracing(cli.mode() == Mode::Work || cli.mode() == Mode::Scheduler);
    match run(cli).await {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("worker: {err:#}");
            std::process::ExitCode::FAILURE
        }
    }
}

async fn run(cli: Cli) -> anyhow::Result<()> {
    let settings = CommonSettings::from_env().context("reading configuration")?;
    let store = jobs::store::Store::connect(&settings.database_url)
        .await
        .context("connecting to the database")?;
    match cli.mode() {
        Mode::List => worker::inspect::list(&store, &cli).await,
        Mode::Show(id) => worker::inspect::show(&store, &id, cli.json).await,
        Mode::Scheduler => {
            runtime::scheduler::run(store, settings, runtime::shutdown_signal()).await
        }
        Mode::Work => {
            runtime::run_worker(
                store,
                settings,
                &cli.worker_options(),
                runtime::shutdown_signal(),
            )
            .await
        }
    }
}

fn init_tracing(verbose: bool) {
    use tracing_subscriber::{EnvFilter, fmt};
    let default = if verbose {
        "info,sqlx=warn,apalis=warn"
    } else {
        "warn"
    };
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new(default));
    let json = std::env::var("LOG_FORMAT").is_ok_and(|v| v == "json");
    let builder = fmt().with_env_filter(filter).with_writer(std::io::stderr);
    if json {
        builder.json().init();
    } else {
        builder.init();
    }
}
