//! `ApiError`, the API's one error: client errors answer `{message}` with their status;
//! everything else is logged and answered as a bare 500, so internals never reach the browser.
//!
//! Where the spec gives a call another error body, a thin wrapper that is `From<ApiError>`
//! answers the same error (status and text, via [`ApiError::into_parts`]) in that shape, and
//! nothing else: [`AnalysisFailure`] (`{success: false, message, details}`, the analysis
//! calls), `routes::chat::ChatFailure` (`{error, message, code}`) and
//! `routes::admin_documents::UploadRefused` (`{error, message}`).

use axum::{
    Json,
    http::StatusCode,
    response::{IntoResponse, Response},
};
use jobs::{queue::QueueError, store::StoreError};
use serde::Serialize;

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
    /// 422: understood, but this thing cannot be done (a company that cannot be scored).
    #[error("{0}")]
    Unprocessable(String),
    /// 503: busy for a moment (every password-hashing slot taken); the client may retry.
    #[error("{0}")]
    ServiceUnavailable(String),
    /// 502: an upstream data source failed.
    #[error("{0}")]
    BadGateway(String),
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

impl From<jobs::accounts::HashError> for ApiError {
    fn from(err: jobs::accounts::HashError) -> Self {
        match err {
            jobs::accounts::HashError::Busy => {
                ApiError::ServiceUnavailable(jobs::accounts::messages::PASSWORD_CHECKS_BUSY.into())
            }
            jobs::accounts::HashError::Failed(err) => ApiError::Internal(err),
        }
    }
}

impl From<QueueError> for ApiError {
    fn from(err: QueueError) -> Self {
        ApiError::Internal(err.into())
    }
}

impl From<jobs::analysis_request::RequestError> for ApiError {
    fn from(err: jobs::analysis_request::RequestError) -> Self {
        ApiError::Internal(err.into())
    }
}

impl ApiError {
    /// The status and the text the user sees; internal errors are logged here.
    pub(crate) fn into_parts(self) -> (StatusCode, String) {
        match self {
            ApiError::BadRequest(m) => (StatusCode::BAD_REQUEST, m),
            ApiError::NotFound(m) => (StatusCode::NOT_FOUND, m),
            ApiError::Unauthorized(m) => (StatusCode::UNAUTHORIZED, m),
            ApiError::Forbidden(m) => (StatusCode::FORBIDDEN, m),
            ApiError::Conflict(m) => (StatusCode::CONFLICT, m),
            ApiError::PayloadTooLarge(m) => (StatusCode::PAYLOAD_TOO_LARGE, m),
            ApiError::UnsupportedMediaType(m) => (StatusCode::UNSUPPORTED_MEDIA_TYPE, m),
            ApiError::TooManyRequests(m) => (StatusCode::TOO_MANY_REQUESTS, m),
            ApiError::Unprocessable(m) => (StatusCode::UNPROCESSABLE_ENTITY, m),
            ApiError::BadGateway(m) => (StatusCode::BAD_GATEWAY, m),
            ApiError::ServiceUnavailable(m) => (StatusCode::SERVICE_UNAVAILABLE, m),
            ApiError::Internal(err) => {
                tracing::error!(error = format!("{err:#}"), "request failed");
                (
                    StatusCode::INTERNAL_SERVER_ERROR,
                    "Something went wrong on our side. Please try again.".to_string(),
                )
            }
        }
    }
}

/// `{message}`: the body of every error answer outside the analysis calls.
#[derive(Debug, Serialize, ts_rs::TS)]
pub struct MessageOut {
    pub message: String,
}

impl MessageOut {
    pub fn new(message: impl Into<String>) -> Self {
        MessageOut {
            message: message.into(),
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let (status, message) = self.into_parts();
        (status, Json(MessageOut { message })).into_response()
    }
}

/// An error of the analysis calls, in the spec's shape: `{success: false, message, details}`.
#[derive(Debug)]
pub struct AnalysisFailure(pub ApiError);

/// The spec's failure body of `GET /api/analyze-stock/{ticker}` and its siblings.
#[derive(Debug, Serialize, ts_rs::TS)]
pub struct FailureOut {
    pub success: bool,
    pub message: String,
    pub details: Option<()>,
}

impl IntoResponse for AnalysisFailure {
    fn into_response(self) -> Response {
        let (status, message) = self.0.into_parts();
        let body = FailureOut {
            success: false,
            message,
            details: None,
        };
        (status, Json(body)).into_response()
    }
}

macro_rules! analysis_failure_from {
    ($($source:ty),*) => {$(
        impl From<$source> for AnalysisFailure {
            fn from(err: $source) -> Self {
                AnalysisFailure(err.into())
            }
        }
    )*};
}
analysis_failure_from!(
    ApiError,
    StoreError,
    QueueError,
    jobs::accounts::Invalid,
    jobs::analysis_request::RequestError
);

pub type ApiResult<T> = Result<T, ApiError>;

/// Middleware on `/api`: a client error some layer answered in plain text (axum's query,
/// path and method rejections) is answered as `{message}` instead, like every other error.
pub async fn json_errors(
    request: axum::extract::Request,
    next: axum::middleware::Next,
) -> Response {
    use axum::http::header;
    let response = next.run(request).await;
    let status = response.status();
    let json = crate::content_type::is_json(response.headers().get(header::CONTENT_TYPE));
    if !status.is_client_error() || json || status == StatusCode::PAYLOAD_TOO_LARGE {
        return response;
    }
    let (mut parts, body) = response.into_parts();
    let text = axum::body::to_bytes(body, 4096).await.unwrap_or_default();
    let detail = String::from_utf8_lossy(&text).trim().to_string();
    let message = match status {
        StatusCode::METHOD_NOT_ALLOWED => METHOD_NOT_ALLOWED.to_string(),
        StatusCode::BAD_REQUEST if !detail.is_empty() => {
            format!("We couldn't read that request: {detail}")
        }
        _ => format!(
            "We couldn't handle that request ({}).",
            status.canonical_reason().unwrap_or("client error")
        ),
    };
    parts.headers.remove(header::CONTENT_LENGTH);
    parts.headers.insert(
        header::CONTENT_TYPE,
        header::HeaderValue::from_static("application/json"),
    );
    let body = serde_json::to_vec(&MessageOut { message }).unwrap_or_default();
    Response::from_parts(parts, axum::body::Body::from(body))
}

pub const METHOD_NOT_ALLOWED: &str = "That kind of request isn't supported here.";
