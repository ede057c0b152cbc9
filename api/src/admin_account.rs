//! The admin account is the operator's: `api create-admin --username NAME` creates
//! it, or gives the existing account of that name a new password (ending its sessions), with
//! the password from `ADMIN_PASSWORD` or standard input. Public registration refuses the
//! `ADMIN_USERNAME` name, so nobody can become admin by signing up first.

use chrono::Utc;
use jobs::{
    accounts::{Password, Username, password::hash_password_blocking},
    store::users::NewUser,
};

use crate::AppState;

/// What `create-admin` did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AdminOutcome {
    Created,
    /// The account existed (maybe registered before this rule): it got the new password and
    /// every session of it ended.
    PasswordReplaced,
}

/// Creates the admin account `username` or replaces its password. `ADMIN_USERNAME` must name
/// the same account, since that is how the API recognises the admin.
pub async fn create_admin(
    state: &AppState,
    username: &str,
    password: &str,
) -> anyhow::Result<AdminOutcome> {
    let username =
        Username::parse(Some(username)).map_err(|e| anyhow::anyhow!("--username: {e}"))?;
    match state.settings.admin_username.as_deref() {
        Some(admin) if admin.eq_ignore_ascii_case(username.as_str()) => {}
        Some(admin) => anyhow::bail!(
            "ADMIN_USERNAME is '{admin}', not '{}': set ADMIN_USERNAME to the admin's username for this command and for the API",
            username.as_str()
        ),
        None => anyhow::bail!(
            "set ADMIN_USERNAME={} for this command and for the API, so the API knows who the admin is",
            username.as_str()
        ),
    }
    let password = Password::parse(Some(password)).map_err(|e| anyhow::anyhow!("password: {e}"))?;
    let hash = tokio::task::spawn_blocking(move || hash_password_blocking(&password)).await??;
    if let Some(user) = state.store.user_by_username(username.as_str()).await? {
        state.store.set_user_password(user.id, &hash).await?;
        state
            .sessions
            .end_user_sessions(user.id)
            .await
            .map_err(|e| anyhow::anyhow!("ending the account's sessions: {e}"))?;
        return Ok(AdminOutcome::PasswordReplaced);
    }
    state
        .store
        .create_user(&NewUser {
            username: username.as_str().to_string(),
            password_hash: hash,
            parent_name: None,
            parent_email: None,
            parent_signature: None,
            child_name: None,
            parental_consent: false,
            accepted_at: Utc::now(),
        })
        .await?;
    Ok(AdminOutcome::Created)
}

/// The password for `create-admin`: `ADMIN_PASSWORD`, else the first line of standard input
/// (so it never appears in the process list or shell history).
pub fn read_password() -> anyhow::Result<String> {
    if let Some(password) = jobs::settings::non_empty("ADMIN_PASSWORD") {
        return Ok(password);
    }
    let mut line = String::new();
    std::io::stdin().read_line(&mut line)?;
    let password = line.trim_end_matches(['\r', '\n']).to_string();
    anyhow::ensure!(
        !password.is_empty(),
        "no password: pipe it on standard input or set ADMIN_PASSWORD"
    );
    Ok(password)
}
