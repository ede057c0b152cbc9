//! `worker`: runs jobs from the queue; `--list` / `--show ID` inspect them; subcommands act
//! on jobs, queues and the fleet; `--scheduler` fires periodic jobs.

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
    init_tracing(matches!(cli.mode(), Mode::Work | Mode::Scheduler));
    match run(cli).await {
        Ok(true) => std::process::ExitCode::SUCCESS,
        Ok(false) => std::process::ExitCode::FAILURE,
        Err(err) => {
            eprintln!("worker: {err:#}");
            std::process::ExitCode::FAILURE
        }
    }
}

/// Runs what the command line asks; false when a check failed (`worker health`).
async fn run(cli: Cli) -> anyhow::Result<bool> {
    let settings = CommonSettings::from_env().context("reading configuration")?;
    if let Mode::Operate(command) = cli.mode() {
        return worker::operate::run(&command, &settings.database_url, cli.concurrency, cli.json)
            .await;
    }
    let store = jobs::store::Store::connect(&settings.database_url)
        .await
        .context("connecting to the database")?;
    match cli.mode() {
        Mode::List => worker::inspect::list(&store, &cli).await?,
        Mode::Show(id) => worker::inspect::show(&store, &id, cli.json).await?,
        Mode::Scheduler => {
            runtime::scheduler::run(store, settings, runtime::shutdown_signal()).await?
        }
        Mode::Work => {
            let claim_loop = runtime::ClaimLoop::default();
            if let Some(addr) = cli.health_addr.as_deref().filter(|a| *a != "off") {
                let listener = worker::probe::bind(addr).await?;
                worker::probe::spawn(listener, store.clone(), claim_loop.clone());
            }
            runtime::run_worker_reporting(
                store,
                settings,
                &cli.worker_options(),
                runtime::shutdown_signal(),
                claim_loop,
            )
            .await?
        }
        Mode::Operate(_) => {}
    }
    Ok(true)
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
