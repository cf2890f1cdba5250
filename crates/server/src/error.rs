//! The one error shape of the API: `{"error": {"code", "message", "field"?, "details"?}}`.
//!
//! A deck that breaks rules is not an error (200 with a report); an error is a request that
//! cannot be understood. `code` is stable (an API contract); `message` names the bad field or
//! value in words.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, ResponseError};
use serde_json::{Value, json};

use deckcheck_core::{ImportError, RequestError};

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
    pub(crate) fn new(status: StatusCode, code: &'static str, message: impl Into<String>) -> Self {
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

    /// The same error with another stable code.
    pub fn code(mut self, code: &'static str) -> Self {
        self.code = code;
        self
    }

    /// A request of the documented shape that cannot be answered as it is (a deck that cannot
    /// be read, a range that ends before it starts): a 422, where a request that does not have
    /// the documented shape is a 400.
    pub fn unprocessable(code: &'static str, field: &str, message: impl Into<String>) -> Self {
        Self::new(StatusCode::UNPROCESSABLE_ENTITY, code, message).field(field)
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

    pub fn unknown_game(value: &str, known: &[&str]) -> Self {
        Self::new(
            StatusCode::NOT_FOUND,
            "unknown-game",
            format!(
                "{:?} is not a game deckcheck knows; the games are {}",
                deckcheck_core::echo(value),
                known.join(", ")
            ),
        )
        .field("game")
    }

    pub fn game_unavailable(game: &str, reason: &str) -> Self {
        Self::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "game-unavailable",
            format!("{game}'s card data is not loaded: {reason}"),
        )
        .field("game")
    }

    pub fn timeout(seconds: u64) -> Self {
        Self::new(
            StatusCode::REQUEST_TIMEOUT,
            "body-timeout",
            format!("the body did not arrive whole within {seconds} s"),
        )
        .details(json!({ "seconds": seconds }))
    }

    /// Too many bodies are being received at once.
    pub fn busy() -> Self {
        Self::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "busy",
            "the service is receiving as many request bodies as it holds at once; retry in a moment",
        )
    }

    /// An answer with this status and a message saying what was asked.
    pub fn status(status: StatusCode, what: String) -> Self {
        let code = match status.as_u16() {
            404 => "not-found",
            405 => "method-not-allowed",
            408 => "body-timeout",
            413 => "body-too-large",
            414 => "uri-too-long",
            431 => "headers-too-large",
            s if s >= 500 => "internal",
            _ => "bad-request",
        };
        let reason = status.canonical_reason().unwrap_or("error").to_lowercase();
        Self::new(status, code, format!("{what}: {reason}"))
    }

    /// A query string that cannot be read, naming the parameter at fault (cut short: the
    /// name is the client's, and an answer never grows with what was sent).
    pub fn query(parameter: &str, reason: impl std::fmt::Display) -> Self {
        let short = deckcheck_core::echo(parameter);
        let reason = reason.to_string().replace(parameter, &short);
        let code = if reason.starts_with("missing field") {
            "missing-field"
        } else {
            "bad-value"
        };
        Self::new(
            StatusCode::BAD_REQUEST,
            code,
            format!("the query parameter {short} cannot be used: {reason}"),
        )
        .field(short)
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

    /// New data could not be loaded for some game; the service goes on with what it had.
    pub fn reload_failed(reloaded: &crate::Reloaded) -> Self {
        let failed: Vec<String> = reloaded
            .games
            .iter()
            .filter_map(|g| g.error.as_ref().map(|e| format!("{}: {e}", g.game)))
            .collect();
        Self::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "reload-failed",
            format!(
                "the data could not be reloaded, the previous data stays in use: {}",
                failed.join("; ")
            ),
        )
        .details(serde_json::to_value(reloaded).unwrap_or_default())
    }

    pub fn internal(message: impl Into<String>) -> Self {
        Self::new(StatusCode::INTERNAL_SERVER_ERROR, "internal", message)
    }
}

impl From<RequestError> for ApiError {
    fn from(e: RequestError) -> Self {
        let status = if e.too_large {
            StatusCode::PAYLOAD_TOO_LARGE
        } else if e.unanswerable || e.code == "unreadable-deck" || e.code == "unreadable-pool" {
            StatusCode::UNPROCESSABLE_ENTITY
        } else {
            StatusCode::BAD_REQUEST
        };
        Self {
            status,
            code: e.code,
            message: e.message,
            field: e.field,
            details: e.details,
        }
    }
}
