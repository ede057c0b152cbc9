//! The worker binary under stress: real processes, killed and restarted, on both databases.

mod backfill_restart;
mod bad_input;
mod batch_restart;
mod cli;
mod helpers;
mod listening;
mod market_restart;
mod operate;
mod pdf_sandbox;
mod reliability;
mod retries;
