//! The API's one error is core's [`RequestError`]: a stable code, a message naming the bad
//! value, the field at fault, typed details. [`Error`] is its HTTP face (the orphan rule keeps
//! actix's `ResponseError` off core's type): the status is the code's own, the body
//! `{"error": {"code", "message", "field"?, "details"?}}`, and the headers a code calls for are
//! read from the error's typed fields: `WWW-Authenticate` on a 401, `Retry-After` where the
//! details say when to retry. Every handler returns `Result<_, Error>`.
//!
//! A deck that breaks rules is not an error (200 with a report); an error is a request that
//! cannot be understood, or answered as it is.

use actix_web::http::StatusCode;
use actix_web::http::header::{HeaderValue, RETRY_AFTER, WWW_AUTHENTICATE};
use actix_web::{HttpResponse, ResponseError};
use deckcheck_core::{ErrorCode, RequestError};
use deckcheck_store::StoreError;
use serde::Serialize;

/// What every error answer carries: the request could not be answered, and why; and, for the
/// log alone, the failure behind it when the service failed (never told to the client).
#[derive(Debug, Clone)]
pub struct Error {
    /// Boxed: an error is rare, and a `Result` carrying it stays as small as its answer.
    pub error: Box<RequestError>,
    failure: Option<Box<str>>,
}

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let e = &self.error;
        write!(f, "{} ({}): {}", e.status(), e.code, e.message)
    }
}

impl std::error::Error for Error {}

impl From<RequestError> for Error {
    fn from(error: RequestError) -> Self {
        Self {
            error: Box::new(error),
            failure: None,
        }
    }
}

/// A store error as the client reads it. What is the store's failure rather than a refusal
/// (the database did not answer, cannot be written, is inconsistent) is counted here, and said
/// once in the log, with its cause and the request's id, by the middleware.
impl From<StoreError> for Error {
    fn from(e: StoreError) -> Self {
        let failure = e.is_failure().then(|| {
            crate::metrics::store_error(&e);
            e.to_string().into_boxed_str()
        });
        Self {
            error: Box::new(e.into()),
            failure,
        }
    }
}

/// The body of an error answer, borrowed.
#[derive(Serialize)]
struct Answer<'a> {
    error: &'a RequestError,
}

impl ResponseError for Error {
    fn status_code(&self) -> StatusCode {
        StatusCode::from_u16(self.error.status()).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR)
    }

    fn error_response(&self) -> HttpResponse {
        let mut res = HttpResponse::build(self.status_code()).json(Answer { error: &self.error });
        if let Some(challenge) = self.error.challenge()
            && let Ok(value) = HeaderValue::from_str(&challenge)
        {
            res.headers_mut().insert(WWW_AUTHENTICATE, value);
        }
        if let Some(wait) = self.error.retry_after() {
            res.headers_mut()
                .insert(RETRY_AFTER, HeaderValue::from(wait.max(1)));
        }
        res
    }
}

impl Error {
    /// An answer the HTTP layer gave with this status (no handler ran), and a message saying
    /// what was asked.
    pub fn from_status(status: StatusCode, what: String) -> Self {
        let (code, field) = match status.as_u16() {
            404 => (ErrorCode::NotFound, "path"),
            405 => (ErrorCode::MethodNotAllowed, "method"),
            408 => (ErrorCode::BodyTimeout, "body"),
            413 => (ErrorCode::BodyTooLarge, "body"),
            414 => (ErrorCode::UriTooLong, "path"),
            431 => (ErrorCode::HeadersTooLarge, "headers"),
            s if s >= 500 => (ErrorCode::Internal, "request"),
            _ => (ErrorCode::BadRequest, "request"),
        };
        let reason = status.canonical_reason().unwrap_or("error").to_lowercase();
        RequestError::new(code, format!("{what}: {reason}"))
            .field(field)
            .into()
    }

    pub fn code(&self) -> ErrorCode {
        self.error.code
    }

    /// The service's own failure behind the answer, for the log (a store that did not answer).
    pub fn failure(&self) -> Option<&str> {
        self.failure.as_deref()
    }
}
