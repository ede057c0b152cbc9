//! The account page: `GET /api/account` answers username, member since, the chat query
//! balance, the parent and child fields and the subscription (Premium or Free).

use axum::{Json, Router, extract::State, routing::get};
use chrono::{DateTime, Utc};
use serde::Serialize;

use crate::{AppState, error::ApiResult, extract::CurrentUser};

pub fn router() -> Router<AppState> {
    Router::new().route("/account", get(get_account))
}

/// What the account page shows.
#[derive(Debug, Clone, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct AccountOut {
    pub username: String,
    pub member_since: DateTime<Utc>,
    /// Chat queries left (limit minus used, never below 0).
    pub query_balance: i32,
    pub queries_used: i32,
    pub queries_limit: i32,
    pub parent_name: Option<String>,
    pub parent_email: Option<String>,
    pub child_name: Option<String>,
    pub parental_consent_at: Option<DateTime<Utc>>,
    /// "Premium" or "Free".
    pub subscription: &'static str,
    pub is_paid_user: bool,
    /// Analyses used today (UTC) out of the daily cap.
    pub analyses_today: i32,
    pub daily_analyses: i32,
}

#[tracing::instrument(skip_all, err(level = "info"))]
async fn get_account(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
) -> ApiResult<Json<AccountOut>> {
    let balance = state
        .store
        .query_balance(user.id, jobs::accounts::FREE_CHAT_QUERIES)
        .await?;
    let analyses_today = state.store.analyses_today(user.id, Utc::now()).await?;
    Ok(Json(AccountOut {
        username: user.username,
        member_since: user.created_at,
        query_balance: balance.remaining,
        queries_used: balance.used,
        queries_limit: balance.limit,
        parent_name: user.parent_name,
        parent_email: user.parent_email,
        child_name: user.child_name,
        parental_consent_at: user.parental_consent_at,
        subscription: if user.is_paid_user { "Premium" } else { "Free" },
        is_paid_user: user.is_paid_user,
        analyses_today,
        daily_analyses: jobs::accounts::DAILY_ANALYSES,
    }))
}
