//! The one error shape of the API: `{"error": {"code", "message", "field"?, "details"?}}`.
//!
//! A deck that breaks rules is not an error (200 with a report); an error is a request that
//! cannot be understood. `code` is stable (an API contract); `message` names the bad field or
//! value in words.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, ResponseError};
use serde_json::{Value, json};

use crate::decklist::ImportError;

#[derive(Debug, Clone)]
pub struct ApiError {
    pub status: StatusCode,
    pub code: &'static str,
    pub message: String,
    pub field: Option<String>,
    pub details: Option<Value>,
}

impl std::fmt::Display for ApiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} ({}): {}", self.status, self.code, self.message)
    }
}

impl ResponseError for ApiError {
    fn status_code(&self) -> StatusCode {
        self.status
    }

    fn error_response(&self) -> HttpResponse {
        let mut error = json!({ "code": self.code, "message": self.message });
        if let Some(field) = &self.field {
            error["field"] = json!(field);
        }
        if let Some(details) = &self.details {
            error["details"] = details.clone();
        }
        HttpResponse::build(self.status).json(json!({ "error": error }))
    }
}

impl ApiError {
    fn new(status: StatusCode, code: &'static str, message: impl Into<String>) -> Self {
        Self {
            status,
            code,
            message: message.into(),
            field: None,
            details: None,
        }
    }

    pub fn field(mut self, field: impl Into<String>) -> Self {
        self.field = Some(field.into());
        self
    }

    pub fn details(mut self, details: Value) -> Self {
        self.details = Some(details);
        self
    }

    pub fn malformed_json(e: &serde_json::Error) -> Self {
        Self::new(
            StatusCode::BAD_REQUEST,
            "malformed-json",
            format!("the body is not valid JSON: {e}"),
        )
        .details(json!({ "line": e.line(), "column": e.column() }))
    }

    /// JSON that parses but does not have the request's shape (a wrong type, an unknown field).
    pub fn invalid_request(e: &serde_json::Error) -> Self {
        Self::new(
            StatusCode::BAD_REQUEST,
            "invalid-request",
            format!("the request does not have the expected shape: {e}"),
        )
        .details(json!({ "line": e.line(), "column": e.column() }))
    }

    /// A JSON body that could not be read: not JSON at all, or not the request's shape.
    pub fn json(e: &serde_json::Error) -> Self {
        if e.is_syntax() || e.is_eof() {
            Self::malformed_json(e)
        } else {
            Self::invalid_request(e)
        }
    }

    pub fn unsupported_media_type(content_type: &str, accepted: &[&str]) -> Self {
        Self::new(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "unsupported-media-type",
            format!(
                "content type {content_type:?} is not accepted; send {}",
                accepted.join(" or ")
            ),
        )
        .details(json!({ "accepted": accepted }))
    }

    pub fn too_large(limit: usize) -> Self {
        Self::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            "body-too-large",
            format!("the body is larger than the limit of {limit} bytes"),
        )
        .details(json!({ "limit": limit }))
    }

    pub fn batch_too_large(entries: usize, limit: usize) -> Self {
        Self::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            "batch-too-large",
            format!("the batch has {entries} entries; the limit is {limit}"),
        )
        .field("entries")
        .details(json!({ "entries": entries, "limit": limit }))
    }

    pub fn unknown_format(value: &str) -> Self {
        Self::new(
            StatusCode::BAD_REQUEST,
            "unknown-format",
            format!(
                "{value:?} is not a format; use premier, eternal, twin-suns, trilogy, sealed, draft or all"
            ),
        )
        .field("format")
    }

    pub fn bad_date(field: &str, value: &str) -> Self {
        Self::new(
            StatusCode::BAD_REQUEST,
            "bad-date",
            format!("{field} {value:?} is not a date; write YYYY-MM-DD"),
        )
        .field(field)
    }

    pub fn missing(field: &str, what: &str) -> Self {
        Self::new(
            StatusCode::BAD_REQUEST,
            "missing-field",
            format!("{field} is required: {what}"),
        )
        .field(field)
    }

    pub fn bad_value(field: &str, message: impl Into<String>) -> Self {
        Self::new(StatusCode::BAD_REQUEST, "bad-value", message).field(field)
    }

    pub fn unreadable_deck(field: &str, e: &ImportError) -> Self {
        Self::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            "unreadable-deck",
            format!("{field} cannot be read as a deck list: {e}"),
        )
        .field(field)
    }

    pub fn not_found(message: impl Into<String>) -> Self {
        Self::new(StatusCode::NOT_FOUND, "not-found", message)
    }

    pub fn method_not_allowed(method: &str, path: &str) -> Self {
        Self::new(
            StatusCode::METHOD_NOT_ALLOWED,
            "method-not-allowed",
            format!("{method} is not allowed on {path}"),
        )
    }

    pub fn unauthorized() -> Self {
        Self::new(
            StatusCode::UNAUTHORIZED,
            "unauthorized",
            "this route needs the admin bearer token (Authorization: Bearer …)",
        )
    }

    /// The new card data could not be loaded; the service goes on with `current`.
    pub fn reload_failed(reason: &str, current: &str) -> Self {
        Self::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "reload-failed",
            format!(
                "the card data could not be reloaded, the previous data stays in use: {reason}"
            ),
        )
        .details(json!({ "catalog": current }))
    }

    pub fn internal(message: impl Into<String>) -> Self {
        Self::new(StatusCode::INTERNAL_SERVER_ERROR, "internal", message)
    }
}
