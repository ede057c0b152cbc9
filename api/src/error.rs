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
    /// 401: not signed in (or, for the analysis gate, no anonymous session either).
    #[error("{0}")]
    Unauthorized(String),
    /// 403: signed in without the right, a used-up trial, or a request refused as CSRF.
    #[error("{0}")]
    Forbidden(String),
    /// 409: the thing exists already (e.g. a taken username).
    #[error("{0}")]
    Conflict(String),
    /// 413: the request body is over the limit.
    #[error("{0}")]
    PayloadTooLarge(String),
    /// 415: the body is not JSON where JSON is required.
    #[error("{0}")]
    UnsupportedMediaType(String),
    /// 429: a rate limit or a usage cap.
    #[error("{0}")]
    TooManyRequests(String),
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
}

impl From<StoreError> for ApiError {
    fn from(err: StoreError) -> Self {
        ApiError::Internal(err.into())
    }
}

impl From<jobs::accounts::Invalid> for ApiError {
    fn from(err: jobs::accounts::Invalid) -> Self {
        ApiError::BadRequest(err.0)
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
            ApiError::Unauthorized(m) => (StatusCode::UNAUTHORIZED, m),
            ApiError::Forbidden(m) => (StatusCode::FORBIDDEN, m),
            ApiError::Conflict(m) => (StatusCode::CONFLICT, m),
            ApiError::PayloadTooLarge(m) => (StatusCode::PAYLOAD_TOO_LARGE, m),
            ApiError::UnsupportedMediaType(m) => (StatusCode::UNSUPPORTED_MEDIA_TYPE, m),
            ApiError::TooManyRequests(m) => (StatusCode::TOO_MANY_REQUESTS, m),
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
