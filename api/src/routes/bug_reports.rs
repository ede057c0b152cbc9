//! `POST /api/report-bug` {email, subject, description}: stored, and mailed to the admin
//! address (`ADMIN_EMAIL`, default `ADMIN_USERNAME`).

use axum::{Json, Router, extract::State, http::StatusCode, routing::post};
use chrono::Utc;
use jobs::{
    accounts::{Description, Email, Subject, messages},
    store::{bug_reports::NewBugReport, outbox::NewEmail},
};
use serde::Deserialize;

use crate::{
    AppState,
    error::{ApiError, ApiResult, MessageOut},
    extract::{ClientIp, JsonBody, MaybeUser},
};

/// Reports one IP address may send per hour.
const REPORTS_PER_IP_PER_HOUR: u32 = 10;

pub fn router() -> Router<AppState> {
    Router::new().route("/report-bug", post(report_bug))
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct BugReportIn {
    pub email: Option<String>,
    pub subject: Option<String>,
    pub description: Option<String>,
}

#[tracing::instrument(skip_all, err(level = "info"))]
async fn report_bug(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    user: MaybeUser,
    JsonBody(input): JsonBody<BugReportIn>,
) -> ApiResult<(StatusCode, Json<MessageOut>)> {
    let email = Email::parse(input.email.as_deref(), messages::INVALID_EMAIL)?;
    let subject = Subject::parse(input.subject.as_deref())?;
    let description = Description::parse(input.description.as_deref())?;
    state
        .throttle
        .acquire(
            &format!("bug:ip:{ip}"),
            std::time::Duration::from_secs(3600),
            REPORTS_PER_IP_PER_HOUR,
        )
        .await
        .ok_or_else(|| ApiError::TooManyRequests(messages::BUG_REPORTS_THROTTLED.into()))?;
    let report = NewBugReport {
        email: email.as_str().to_string(),
        subject: subject.as_str().to_string(),
        description: description.as_str().to_string(),
        user_id: user.id(),
    };
    let admin = state
        .settings
        .accounts
        .admin_email
        .clone()
        .or_else(|| state.settings.admin_username.clone());
    let notify = admin.map(|to| NewEmail {
        to,
        subject: format!("Bug report: {}", subject.as_str()),
        body: format!(
            "From: {}\nSigned-in user id: {}\n\n{}\n",
            email.as_str(),
            user.id()
                .map_or_else(|| "none".to_string(), |id| id.to_string()),
            description.as_str()
        ),
        kind: "bug_report".into(),
    });
    let (_, email_id) = state
        .store
        .create_bug_report(&report, notify.as_ref(), Utc::now())
        .await?;
    match email_id {
        Some(id) => state.deliver_later(id),
        None => tracing::warn!("bug report stored; no ADMIN_EMAIL or ADMIN_USERNAME to mail it to"),
    }
    Ok((
        StatusCode::CREATED,
        Json(MessageOut::new(messages::BUG_REPORT_SAVED)),
    ))
}
