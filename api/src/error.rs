//! `ApiError`: client errors answer `{message}` with their status; everything else is
//! logged and answered as a bare 500, so internals never reach the browser.

use axum::{
    Json,
    http::StatusCode,
    response::{IntoResponse, Response},
};
use jobs::{queue::QueueError, store::StoreError};

#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    #[error("{0}")]
    BadRequest(String),
    #[error("{0}")]
    NotFound(String),
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
}

impl From<StoreError> for ApiError {
    fn from(err: StoreError) -> Self {
        ApiError::Internal(err.into())
    }
}

impl From<QueueError> for ApiError {
    fn from(err: QueueError) -> Self {
        ApiError::Internal(err.into())
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let (status, message) = match self {
            ApiError::BadRequest(m) => (StatusCode::BAD_REQUEST, m),
            ApiError::NotFound(m) => (StatusCode::NOT_FOUND, m),
            ApiError::Internal(err) => {
                tracing::error!(error = format!("{err:#}"), "request failed");
                (
                    StatusCode::INTERNAL_SERVER_ERROR,
                    "Something went wrong on our side. Please try again.".to_string(),
                )
            }
        };
        (status, Json(serde_json::json!({ "message": message }))).into_response()
    }
}

pub type ApiResult<T> = Result<T, ApiError>;
