//! The one error shape of the API: `{"error": {"code", "message", "field"?, "details"?}}`.
//!
//! A deck that breaks rules is not an error (200 with a report); an error is a request that
//! cannot be understood. `code` is a [`ErrorCode`] (an API contract, listed in the document as
//! an enum); the HTTP status is the code's own, so a new error is one code, not a string and a
//! status chosen by comparing it. `message` names the bad field or value in words; `field`
//! names the field, parameter or part of the request at fault on every 4xx.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, ResponseError};
use serde::Serialize;
use serde_json::{Value, json};

use deckcheck_core::{ErrorCode, RequestError};

/// Every error answer (4xx and 5xx): `{"error": {...}}`.
#[derive(Serialize, utoipa::ToSchema)]
pub struct ErrorAnswer {
    pub error: ApiError,
}

/// What went wrong: a stable code, a message in words, the field at fault.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[schema(as = ErrorBody)]
pub struct ApiError {
    pub code: ErrorCode,
    pub message: String,
    /// The field, query parameter or part of the request at fault (`format`, `decks[1]`,
    /// `limit`, `body`, `authorization`); on every 4xx.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub field: Option<String>,
    /// More about the error (a JSON error's line and column, a limit, a refused list's report).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<Object>)]
    pub details: Option<Value>,
}

impl std::fmt::Display for ApiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} ({}): {}", self.status(), self.code, self.message)
    }
}

impl ResponseError for ApiError {
    fn status_code(&self) -> StatusCode {
        self.status()
    }

    fn error_response(&self) -> HttpResponse {
        HttpResponse::build(self.status()).json(ErrorAnswer {
            error: self.clone(),
        })
    }
}

impl ApiError {
    pub(crate) fn new(code: ErrorCode, message: impl Into<String>) -> Self {
        Self {
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
    pub fn code(mut self, code: ErrorCode) -> Self {
        self.code = code;
        self
    }

    /// The HTTP status, the code's own.
    pub fn status(&self) -> StatusCode {
        StatusCode::from_u16(self.code.status()).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR)
    }

    pub fn malformed_json(e: &serde_json::Error) -> Self {
        Self::new(
            ErrorCode::MalformedJson,
            format!("the body is not valid JSON: {e}"),
        )
        .field("body")
        .details(json!({ "line": e.line(), "column": e.column() }))
    }

    /// JSON that parses but does not have the request's shape (a wrong type, an unknown field).
    pub fn invalid_request(e: &serde_json::Error) -> Self {
        Self::new(
            ErrorCode::InvalidRequest,
            format!("the request does not have the expected shape: {e}"),
        )
        .field("body")
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
            ErrorCode::UnsupportedMediaType,
            format!(
                "content type {content_type:?} is not accepted; send {}",
                accepted.join(" or ")
            ),
        )
        .field("content-type")
        .details(json!({ "accepted": accepted }))
    }

    pub fn too_large(limit: usize) -> Self {
        Self::new(
            ErrorCode::BodyTooLarge,
            format!("the body is larger than the limit of {limit} bytes"),
        )
        .field("body")
        .details(json!({ "limit": limit }))
    }

    pub fn batch_too_large(entries: usize, limit: usize) -> Self {
        Self::new(
            ErrorCode::BatchTooLarge,
            format!("the batch has {entries} entries; the limit is {limit}"),
        )
        .field("entries")
        .details(json!({ "entries": entries, "limit": limit }))
    }

    pub fn bad_date(field: &str, value: &str) -> Self {
        Self::new(
            ErrorCode::BadDate,
            format!("{field} {value:?} is not a date; write YYYY-MM-DD"),
        )
        .field(field)
    }

    pub fn missing(field: &str, what: &str) -> Self {
        Self::new(
            ErrorCode::MissingField,
            format!("{field} is required: {what}"),
        )
        .field(field)
    }

    pub fn bad_value(field: &str, message: impl Into<String>) -> Self {
        Self::new(ErrorCode::BadValue, message).field(field)
    }

    pub fn unknown_game(value: &str, known: &[&str]) -> Self {
        Self::new(
            ErrorCode::UnknownGame,
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
            ErrorCode::GameUnavailable,
            format!("{game}'s card data is not loaded: {reason}"),
        )
        .field("game")
    }

    pub fn timeout(seconds: u64) -> Self {
        Self::new(
            ErrorCode::BodyTimeout,
            format!("the body did not arrive whole within {seconds} s"),
        )
        .field("body")
        .details(json!({ "seconds": seconds }))
    }

    /// Too many bodies are being received at once.
    pub fn busy() -> Self {
        Self::new(
            ErrorCode::Busy,
            "the service is receiving as many request bodies as it holds at once; retry in a moment",
        )
    }

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
        Self::new(code, format!("{what}: {reason}")).field(field)
    }

    /// A query string that cannot be read, naming the parameter at fault (cut short: the
    /// name is the client's, and an answer never grows with what was sent).
    pub fn query(parameter: &str, reason: impl std::fmt::Display) -> Self {
        let short = deckcheck_core::echo(parameter);
        let reason = reason.to_string().replace(parameter, &short);
        // serde_urlencoded's errors are text; a required parameter left out is the one it names.
        let code = if reason.starts_with("missing field") {
            ErrorCode::MissingField
        } else {
            ErrorCode::BadValue
        };
        Self::new(
            code,
            format!("the query parameter {short} cannot be used: {reason}"),
        )
        .field(short)
    }

    /// Nothing at `field` (`path`, `id`): a 404.
    pub fn not_found(field: &str, message: impl Into<String>) -> Self {
        Self::new(ErrorCode::NotFound, message).field(field)
    }

    pub fn method_not_allowed(method: &str, path: &str) -> Self {
        Self::new(
            ErrorCode::MethodNotAllowed,
            format!("{method} is not allowed on {path}"),
        )
        .field("method")
    }

    pub fn unauthorized() -> Self {
        Self::new(
            ErrorCode::Unauthorized,
            "this route needs the admin bearer token (Authorization: Bearer …)",
        )
        .field("authorization")
    }

    /// New data could not be loaded for some game; the service goes on with what it had.
    pub fn reload_failed(reloaded: &crate::Reloaded) -> Self {
        let failed: Vec<String> = reloaded
            .games
            .iter()
            .filter_map(|g| g.error.as_ref().map(|e| format!("{}: {e}", g.game)))
            .collect();
        Self::new(
            ErrorCode::ReloadFailed,
            format!(
                "the data could not be reloaded, the previous data stays in use: {}",
                failed.join("; ")
            ),
        )
        .details(serde_json::to_value(reloaded).unwrap_or_default())
    }

    pub fn internal(message: impl Into<String>) -> Self {
        Self::new(ErrorCode::Internal, message)
    }
}

impl From<RequestError> for ApiError {
    fn from(e: RequestError) -> Self {
        Self {
            code: e.code,
            message: e.message,
            field: e.field,
            details: e.details,
        }
    }
}
