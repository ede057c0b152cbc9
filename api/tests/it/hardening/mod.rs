//! Each defect the black-box probe found, reproduced as the attack or the fault
//! (each test failed before its fix), on both databases.

mod admin_takeover;
mod control_chars;
mod mail_retries;
mod metrics_abuse;
mod password_bursts;
mod path_params;
mod proxy_ip;
mod small_ones;
mod startup_gap;
mod static_assets;
mod trending;
