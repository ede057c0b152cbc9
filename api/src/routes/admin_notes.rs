//! The notes editor's calls (the spec's "Admin stock analysis"), mounted under
//! `/api/admin` by [`super::admin`] and so behind its admin check:
//! `GET /stock-symbols`, `GET`/`PATCH /stock-analysis/{symbol}`, `POST /stock-analysis`.
//! Section text arrives already wrapped in double quotes (the editor adds them) and is
//! stored as sent.

use axum::{Json, Router, extract::State, http::StatusCode, routing::get};
use jobs::{
    store::{notes::StockNotes, notes_admin::NoteField},
    symbol::TickerSymbol,
};
use serde::{Deserialize, Serialize};

use crate::{
    AppState,
    error::{ApiError, ApiResult},
    extract::JsonBody,
    path_params::PathParams,
};

/// Paths relative to `/api/admin`.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/stock-symbols", get(symbols))
        .route(
            "/stock-analysis",
            axum::routing::post(create).get(no_symbol),
        )
        .route("/stock-analysis/{symbol}", get(read).patch(save_field))
}

/// `GET /api/admin/stock-symbols`: every stock with notes, alphabetically.
#[tracing::instrument(skip(state), err(level = "info"))]
async fn symbols(State(state): State<AppState>) -> ApiResult<Json<Vec<String>>> {
    Ok(Json(state.store.notes_symbols().await?))
}

async fn no_symbol() -> ApiError {
    ApiError::NotFound("Please pick a stock symbol.".into())
}

/// `GET /api/admin/stock-analysis/{symbol}`: the stored notes (quotes included).
#[tracing::instrument(skip(state), err(level = "info"))]
async fn read(
    State(state): State<AppState>,
    PathParams(symbol): PathParams<String>,
) -> ApiResult<Json<StockNotes>> {
    let symbol = TickerSymbol::parse(Some(&symbol))?;
    stored(&state, &symbol).await.map(Json)
}

async fn stored(state: &AppState, symbol: &TickerSymbol) -> ApiResult<StockNotes> {
    state
        .store
        .stock_notes(symbol.as_str())
        .await?
        .ok_or_else(|| not_created(symbol))
}

fn not_created(symbol: &TickerSymbol) -> ApiError {
    ApiError::NotFound(format!(
        "{} has no notes yet: create it first.",
        symbol.as_str()
    ))
}

#[derive(Debug, Deserialize)]
struct CreateIn {
    symbol: Option<String>,
}

/// `POST /api/admin/stock-analysis`: the stock whose notes were created.
#[derive(Debug, Serialize, ts_rs::TS)]
pub struct NotesCreatedOut {
    symbol: String,
}

/// `POST /api/admin/stock-analysis` `{symbol}`: an empty notes record. The symbol is
/// trimmed and upper-cased ('Please enter a stock symbol' when empty); 409 when it exists.
#[tracing::instrument(skip(state), err(level = "info"))]
async fn create(
    State(state): State<AppState>,
    JsonBody(body): JsonBody<CreateIn>,
) -> ApiResult<(StatusCode, Json<NotesCreatedOut>)> {
    let symbol = TickerSymbol::parse(body.symbol.as_deref())?;
    if !state.store.create_notes(symbol.as_str()).await? {
        return Err(ApiError::Conflict(format!(
            "{} already has notes: pick it in the stock selector.",
            symbol.as_str()
        )));
    }
    Ok((
        StatusCode::CREATED,
        Json(NotesCreatedOut {
            symbol: symbol.as_str().to_string(),
        }),
    ))
}

#[derive(Debug, Deserialize)]
struct SaveIn {
    field: Option<String>,
    content: Option<String>,
}

/// `PATCH /api/admin/stock-analysis/{symbol}` `{field, content}`: saves one of the 15 known
/// fields (`content: null` or an empty date clears it); answers the whole record.
#[tracing::instrument(skip(state, body), fields(field = ?body.field), err(level = "info"))]
async fn save_field(
    State(state): State<AppState>,
    PathParams(symbol): PathParams<String>,
    JsonBody(body): JsonBody<SaveIn>,
) -> ApiResult<Json<StockNotes>> {
    let symbol = TickerSymbol::parse(Some(&symbol))?;
    let name = body.field.as_deref().unwrap_or_default();
    let field = NoteField::parse(name).ok_or_else(|| {
        ApiError::BadRequest(format!(
            "'{name}' is not a notes field: use tenKDate or one of the 14 section ids."
        ))
    })?;
    let value = field
        .clean(body.content.as_deref())
        .map_err(ApiError::BadRequest)?;
    if !state
        .store
        .save_note_field(symbol.as_str(), field, value.as_deref())
        .await?
    {
        return Err(not_created(&symbol));
    }
    stored(&state, &symbol).await.map(Json)
}
