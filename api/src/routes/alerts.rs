//! Alerts on watched stocks and the choices about them: `GET /api/alerts` (the bell: unread
//! count and the newest alerts), `POST /api/alerts/read` (some or all read), `GET`/`PUT
//! /api/alert-settings` (alerts on/off, the digest and its day), and the digest's one-click
//! unsubscribe, `POST /api/unsubscribe?token=` (signed link, no session needed; `GET` only
//! asks, with a button that posts). Alerts
//! are written by the `CreateAlerts` job (`jobs::watchlist::alerts`).

use axum::{
    Json, Router,
    extract::{Query, State},
    response::{Html, IntoResponse, Response},
    routing::{get, post},
};
use chrono::Utc;
use jobs::{
    store::watchlist::{AlertSettings, StockAlert},
    watchlist::{alerts::MovedQuestion, unsubscribe},
};
use serde::{Deserialize, Serialize};

use crate::{
    AppState,
    error::{ApiError, ApiResult},
    extract::{CurrentUser, JsonBody},
};

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/alerts", get(list_alerts))
        .route("/alerts/read", post(mark_read))
        .route(
            "/alert-settings",
            get(get_alert_settings).put(put_alert_settings),
        )
        .route(
            "/unsubscribe",
            get(unsubscribe_link).post(unsubscribe_one_click),
        )
}

/// How many alerts the bell's list shows.
const LISTED: i64 = 50;

/// The bell.
#[derive(Debug, Clone, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct AlertsOut {
    pub unread: i64,
    /// Newest first, at most 50.
    pub alerts: Vec<AlertItem>,
}

/// One alert; its numbers are the stored scores of the two records compared.
#[derive(Debug, Clone, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct AlertItem {
    pub id: i64,
    pub symbol: String,
    pub previous_score: Option<i32>,
    pub current_score: Option<i32>,
    pub previous_band: Option<String>,
    pub current_band: Option<String>,
    /// The top reason ("Debt 8 → 4: cash fell from …").
    pub reason: String,
    /// The questions that moved by 3 or more.
    pub questions: Vec<AlertQuestion>,
    pub created_at: chrono::DateTime<Utc>,
    pub read: bool,
}

/// A question that moved.
#[derive(Debug, Clone, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct AlertQuestion {
    pub number: u8,
    pub name: String,
    pub previous: Option<u8>,
    pub current: Option<u8>,
    pub change: i32,
    pub reason: String,
}

impl From<StockAlert> for AlertItem {
    fn from(a: StockAlert) -> Self {
        let questions: Vec<MovedQuestion> = serde_json::from_str(&a.questions).unwrap_or_default();
        AlertItem {
            id: a.id,
            symbol: a.symbol,
            previous_score: a.previous_score,
            current_score: a.current_score,
            previous_band: a.previous_band,
            current_band: a.current_band,
            reason: a.reason,
            questions: questions
                .into_iter()
                .map(|q| AlertQuestion {
                    number: q.number,
                    name: q.name,
                    previous: q.previous,
                    current: q.current,
                    change: q.change,
                    reason: q.reason,
                })
                .collect(),
            created_at: a.created_at,
            read: a.read_at.is_some(),
        }
    }
}

/// `POST /api/alerts/read`: `{ids}` marks those, `{}` marks all.
#[derive(Debug, Clone, Default, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase", default, deny_unknown_fields)]
pub struct MarkReadIn {
    #[ts(optional)]
    pub ids: Option<Vec<i64>>,
}

#[derive(Debug, Clone, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct MarkReadOut {
    pub marked: u64,
    pub unread: i64,
}

/// A user's alert choices, as read and as written.
#[derive(Debug, Clone, Copy, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct AlertSettingsOut {
    pub alerts_enabled: bool,
    pub digest_enabled: bool,
    /// ISO weekday, 1 = Monday ... 7 = Sunday.
    pub digest_day: i32,
}

#[derive(Debug, Clone, Copy, Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct AlertSettingsIn {
    pub alerts_enabled: bool,
    pub digest_enabled: bool,
    pub digest_day: i32,
}

impl From<AlertSettings> for AlertSettingsOut {
    fn from(s: AlertSettings) -> Self {
        AlertSettingsOut {
            alerts_enabled: s.alerts_enabled,
            digest_enabled: s.digest_enabled,
            digest_day: s.digest_day,
        }
    }
}

/// `GET /api/alerts`.
#[tracing::instrument(skip_all, err(level = "info"))]
async fn list_alerts(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
) -> ApiResult<Json<AlertsOut>> {
    let alerts = state.store.alerts(user.id, LISTED).await?;
    Ok(Json(AlertsOut {
        unread: state.store.unread_alert_count(user.id).await?,
        alerts: alerts.into_iter().map(AlertItem::from).collect(),
    }))
}

#[tracing::instrument(skip_all, err(level = "info"))]
async fn mark_read(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    JsonBody(body): JsonBody<MarkReadIn>,
) -> ApiResult<Json<MarkReadOut>> {
    if body
        .ids
        .as_ref()
        .is_some_and(|ids| ids.len() > LISTED as usize)
    {
        return Err(ApiError::BadRequest(format!(
            "Mark at most {LISTED} alerts at a time, or leave out ids to mark them all."
        )));
    }
    let marked = state
        .store
        .mark_alerts_read(user.id, body.ids.as_deref(), Utc::now())
        .await?;
    Ok(Json(MarkReadOut {
        marked,
        unread: state.store.unread_alert_count(user.id).await?,
    }))
}

#[tracing::instrument(skip_all, err(level = "info"))]
async fn get_alert_settings(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
) -> ApiResult<Json<AlertSettingsOut>> {
    Ok(Json(state.store.alert_settings(user.id).await?.into()))
}

#[tracing::instrument(skip_all, err(level = "info"))]
async fn put_alert_settings(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    JsonBody(body): JsonBody<AlertSettingsIn>,
) -> ApiResult<Json<AlertSettingsOut>> {
    if !(1..=7).contains(&body.digest_day) {
        return Err(ApiError::BadRequest(
            "digestDay must be 1 (Monday) to 7 (Sunday).".into(),
        ));
    }
    let settings = AlertSettings {
        alerts_enabled: body.alerts_enabled,
        digest_enabled: body.digest_enabled,
        digest_day: body.digest_day,
    };
    state
        .store
        .save_alert_settings(user.id, settings, Utc::now())
        .await?;
    Ok(Json(settings.into()))
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct TokenParams {
    token: Option<String>,
}

const BAD_LINK: &str = "That unsubscribe link isn't one of mine, or it got cut short. Sign in and switch the digest off on your account page instead.";
const UNSUBSCRIBED: &str = "Done: no more weekly digests. I'll keep your list warm on the porch; switch the digest back on from your account page any time.";
const CONFIRM: &str =
    "Want me to stop sending the weekly digest? Your list and the bell stay as they are.";

/// The user a token names, when it is one of ours and the account still exists.
async fn token_user(state: &AppState, token: Option<&str>) -> ApiResult<i64> {
    let secret = unsubscribe::secret(&state.store).await?;
    let user_id = token
        .and_then(|t| unsubscribe::verify(&secret, t.trim()))
        .ok_or_else(|| ApiError::BadRequest(BAD_LINK.into()))?;
    if state.store.user_by_id(user_id).await?.is_none() {
        return Err(ApiError::BadRequest(BAD_LINK.into()));
    }
    Ok(user_id)
}

/// A small page of the product's own: a paragraph and, to confirm, a form posting back.
fn page(status: axum::http::StatusCode, text: &str, confirm_token: Option<&str>) -> Response {
    let form = confirm_token.map_or(String::new(), |token| {
        format!(
            "<form method=\"post\" action=\"/api/unsubscribe?token={token}\"><button type=\"submit\">Stop the weekly digest</button></form>"
        )
    });
    (
        status,
        Html(format!(
            "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>Ask Bubba</title></head><body><main><h1>Ask Bubba</h1><p>{text}</p>{form}</main></body></html>"
        )),
    )
        .into_response()
}

/// `GET /api/unsubscribe?token=`: the link in the e-mail's text. It only asks: a mail
/// scanner that opens every link must not unsubscribe anyone (RFC 8058 keeps the action on
/// `POST`); the page's button posts the one click.
#[tracing::instrument(skip_all)]
async fn unsubscribe_link(
    State(state): State<AppState>,
    Query(params): Query<TokenParams>,
) -> Response {
    match token_user(&state, params.token.as_deref()).await {
        // A verified token is hex digits and a dot: safe inside the form's address.
        Ok(_) => page(
            axum::http::StatusCode::OK,
            CONFIRM,
            params.token.as_deref().map(str::trim),
        ),
        Err(ApiError::BadRequest(_)) => page(axum::http::StatusCode::BAD_REQUEST, BAD_LINK, None),
        Err(err) => err.into_response(),
    }
}

/// `POST /api/unsubscribe?token=`: the one-click unsubscribe mail providers send
/// (`List-Unsubscribe-Post: List-Unsubscribe=One-Click`, RFC 8058), and the confirmation
/// page's button: switches the digest off and answers the page saying so.
#[tracing::instrument(skip_all)]
async fn unsubscribe_one_click(
    State(state): State<AppState>,
    Query(params): Query<TokenParams>,
) -> Response {
    let user_id = match token_user(&state, params.token.as_deref()).await {
        Ok(user_id) => user_id,
        Err(ApiError::BadRequest(_)) => {
            return page(axum::http::StatusCode::BAD_REQUEST, BAD_LINK, None);
        }
        Err(err) => return err.into_response(),
    };
    let saved = async {
        let current = state.store.alert_settings(user_id).await?;
        let settings = AlertSettings {
            digest_enabled: false,
            ..current
        };
        state
            .store
            .save_alert_settings(user_id, settings, Utc::now())
            .await
    };
    match saved.await {
        Ok(()) => page(axum::http::StatusCode::OK, UNSUBSCRIBED, None),
        Err(err) => ApiError::from(err).into_response(),
    }
}
