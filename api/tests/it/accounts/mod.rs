//! Accounts, sessions, the anonymous trial and usage limits, password reset, bug reports and
//! admin access, through the real router on both databases.

mod admin_sweep;
mod anonymous_api;
mod auth_api;
mod bug_reports_api;
mod csrf_api;
mod hostile_input;
mod limits_gate;
mod password_reset_api;
mod redis_backend;
mod redis_outage;
pub mod support;
mod throttle_api;
