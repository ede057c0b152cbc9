//! The signed-in user's watchlist: `POST`/`DELETE /api/watchlist/{symbol}` (the stock page's
//! Watch button) and `GET /api/watchlist` (the "My stocks" page: score, band, change since
//! added and since last week, the last change's top reason, the weakest questions across the
//! list). The rules are `jobs::watchlist`; at most 50 stocks per user.

use axum::{
    Json, Router,
    extract::State,
    routing::{get, post},
};
use chrono::{DateTime, Utc};
use jobs::{
    store::watchlist::WatchOutcome,
    symbol::TickerSymbol,
    watchlist::{LIST_FULL, WATCH_LIMIT, my_stocks},
};
use serde::Serialize;

use crate::{
    AppState,
    error::{ApiError, ApiResult},
    extract::CurrentUser,
    path_params::PathParams,
};

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/watchlist", get(list_watchlist))
        .route("/watchlist/{symbol}", post(watch).delete(unwatch))
}

/// The answer of a Watch or Unwatch click.
#[derive(Debug, Clone, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct WatchOut {
    pub symbol: String,
    pub watching: bool,
    /// Stocks on the list now, and how many it may hold.
    pub count: usize,
    pub limit: i64,
}

/// The "My stocks" page.
#[derive(Debug, Clone, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct WatchlistOut {
    pub stocks: Vec<MyStock>,
    /// The questions with the lowest mean score across the list (at most 3).
    pub weakest_questions: Vec<WeakQuestion>,
    pub limit: i64,
}

/// One watched stock; every number is from the stored records.
#[derive(Debug, Clone, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct MyStock {
    pub symbol: String,
    pub company_name: Option<String>,
    /// `None`: not scored yet.
    pub score: Option<i32>,
    /// `green` (70+), `yellow` (50-69), `red` (below 50).
    pub band: Option<String>,
    pub added_at: DateTime<Utc>,
    pub change_since_added: Option<i32>,
    pub change_since_last_week: Option<i32>,
    pub last_change_reason: Option<String>,
}

/// A question weak across the list.
#[derive(Debug, Clone, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct WeakQuestion {
    pub number: u8,
    pub name: String,
    /// Mean score out of 10, one decimal.
    pub average: f64,
    pub stocks: usize,
}

fn symbol_of(raw: &str) -> ApiResult<TickerSymbol> {
    TickerSymbol::parse(Some(raw)).map_err(|invalid| ApiError::BadRequest(invalid.0))
}

/// `POST /api/watchlist/{symbol}`: 200 watching (also when it already was); 404 an unknown
/// ticker; 409 the list is full.
#[tracing::instrument(skip(state, user), err(level = "info"))]
async fn watch(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    PathParams(raw): PathParams<String>,
) -> ApiResult<Json<WatchOut>> {
    let symbol = symbol_of(&raw)?;
    let symbol = symbol.as_str();
    if state.store.find_ticker(symbol).await?.is_none() {
        return Err(ApiError::NotFound(format!(
            "I don't know a stock called {symbol}. Check the ticker and try again."
        )));
    }
    let score = state
        .store
        .latest_analysis(symbol)
        .await?
        .map(|a| i32::from(a.record.score));
    let outcome = state
        .store
        .watch(user.id, symbol, score, Utc::now(), WATCH_LIMIT)
        .await?;
    if outcome == WatchOutcome::Full {
        return Err(ApiError::Conflict(LIST_FULL.into()));
    }
    answer(&state, user.id, symbol, true).await
}

/// `DELETE /api/watchlist/{symbol}`: 200 not watching (also when it was not).
#[tracing::instrument(skip(state, user), err(level = "info"))]
async fn unwatch(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    PathParams(raw): PathParams<String>,
) -> ApiResult<Json<WatchOut>> {
    let symbol = symbol_of(&raw)?;
    state.store.unwatch(user.id, symbol.as_str()).await?;
    answer(&state, user.id, symbol.as_str(), false).await
}

async fn answer(
    state: &AppState,
    user_id: i64,
    symbol: &str,
    watching: bool,
) -> ApiResult<Json<WatchOut>> {
    Ok(Json(WatchOut {
        symbol: symbol.to_string(),
        watching,
        count: state.store.watchlist(user_id).await?.len(),
        limit: WATCH_LIMIT,
    }))
}

/// `GET /api/watchlist`: the "My stocks" page.
#[tracing::instrument(skip_all, err(level = "info"))]
async fn list_watchlist(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
) -> ApiResult<Json<WatchlistOut>> {
    let stocks = my_stocks::my_stocks(&state.store, user.id, Utc::now()).await?;
    let weakest = my_stocks::weakest_questions(&stocks)
        .into_iter()
        .map(|q| WeakQuestion {
            number: q.number,
            name: q.name.to_string(),
            average: (q.average * 10.0).round() / 10.0,
            stocks: q.stocks,
        })
        .collect();
    let stocks = stocks
        .into_iter()
        .map(|s| MyStock {
            symbol: s.symbol,
            company_name: s.company_name,
            score: s.score,
            band: s.band.map(str::to_string),
            added_at: s.added_at,
            change_since_added: s.change_since_added,
            change_since_last_week: s.change_since_last_week,
            last_change_reason: s.last_change_reason,
        })
        .collect();
    Ok(Json(WatchlistOut {
        stocks,
        weakest_questions: weakest,
        limit: WATCH_LIMIT,
    }))
}
