//! The worker binary under stress: real processes, killed and restarted, on both databases.

mod bad_input;
mod helpers;
mod reliability;
mod retries;
