//! The one error type of the HTTP layer: user errors become 4xx with their message; server
//! errors become a 5xx with a generic body, and the cause goes to the log.

use axum::{
    Json,
    extract::rejection::JsonRejection,
    http::StatusCode,
    response::{IntoResponse, Response},
};

/// An HTTP request that failed.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum AppError {
    /// The request is malformed or asks for something impossible.
    #[error("{0}")]
    BadRequest(String),
    /// No such game (or page).
    #[error("{0}")]
    NotFound(String),
    /// The caller is not logged in, or the name or password is wrong.
    #[error("{0}")]
    Unauthorized(String),
    /// The caller may not do this.
    #[error("{0}")]
    Forbidden(String),
    /// The request's body is larger than the server takes.
    #[error("{0}")]
    TooLarge(String),
    /// The request came too late (the seat is taken).
    #[error("{0}")]
    Conflict(String),
    /// No longer there: the invitation has expired.
    #[error("{0}")]
    Gone(String),
    /// Too many requests of this kind from this address; try again later.
    #[error("{0}")]
    TooMany(String),
    /// The server could not record it; nothing happened.
    #[error("{0}")]
    Unavailable(String),
    /// A bug or a broken database; details are logged, not sent.
    #[error("internal error: {0}")]
    Internal(String),
}

impl IntoResponse for AppError {
    fn into_response(self) -> Response {
        let (status, message) = match &self {
            AppError::BadRequest(m) => (StatusCode::BAD_REQUEST, m.clone()),
            AppError::NotFound(m) => (StatusCode::NOT_FOUND, m.clone()),
            AppError::Unauthorized(m) => (StatusCode::UNAUTHORIZED, m.clone()),
            AppError::Forbidden(m) => (StatusCode::FORBIDDEN, m.clone()),
            AppError::Conflict(m) => (StatusCode::CONFLICT, m.clone()),
            AppError::TooLarge(m) => (StatusCode::PAYLOAD_TOO_LARGE, m.clone()),
            AppError::Gone(m) => (StatusCode::GONE, m.clone()),
            AppError::TooMany(m) => (StatusCode::TOO_MANY_REQUESTS, m.clone()),
            AppError::Unavailable(m) => (StatusCode::SERVICE_UNAVAILABLE, m.clone()),
            AppError::Internal(cause) => {
                tracing::error!("internal error: {cause}");
                (
                    StatusCode::INTERNAL_SERVER_ERROR,
                    "internal error; the server log has the details".to_owned(),
                )
            }
        };
        (status, Json(serde_json::json!({ "error": message }))).into_response()
    }
}

impl From<crate::store::StoreError> for AppError {
    /// A database that cannot be reached is `503` with its reason (nothing happened; try
    /// again); anything else is an internal error.
    fn from(e: crate::store::StoreError) -> AppError {
        match e {
            crate::store::StoreError::Unavailable(_) => {
                AppError::Unavailable(format!("{e}; nothing was recorded, try again in a moment"))
            }
            e => AppError::Internal(e.to_string()),
        }
    }
}

/// The largest request body taken (a game form, a log-in, a challenge).
pub(crate) const BODY_LIMIT: usize = 16 * 1024;

/// The JSON body of a request, or the refusal: 413 for a body over [`BODY_LIMIT`], 400 for
/// anything else wrong with it.
pub(crate) fn form<T>(body: Result<Json<T>, JsonRejection>) -> Result<T, AppError> {
    body.map(|Json(t)| t).map_err(|e| {
        if e.status() == StatusCode::PAYLOAD_TOO_LARGE {
            AppError::TooLarge(format!("the body is over {BODY_LIMIT} bytes"))
        } else {
            AppError::BadRequest(e.body_text())
        }
    })
}
