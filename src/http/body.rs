//! Reading request bodies: a size limit checked before and while reading (413 in the API's error
//! shape, never a dropped connection), UTF-8, and the content types a route accepts.

use actix_web::web::{Bytes, BytesMut, Payload};
use actix_web::{HttpMessage, HttpRequest};
use futures_util::StreamExt;

use super::error::ApiError;

/// What a body is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BodyKind {
    Json,
    Text,
}

/// The kind of a body from its content type; with none given, JSON if it looks like JSON.
pub fn kind_of(req: &HttpRequest, body: &str, accept_text: bool) -> Result<BodyKind, ApiError> {
    // Lower-cased only when it is not already (every request passes here).
    let written = req.content_type();
    let lowered;
    let content_type = if written.bytes().any(|b| b.is_ascii_uppercase()) {
        lowered = written.to_ascii_lowercase();
        &lowered
    } else {
        written
    };
    let accepted: &[&str] = if accept_text {
        &["application/json", "text/plain"]
    } else {
        &["application/json"]
    };
    match content_type {
        "application/json" => Ok(BodyKind::Json),
        t if t.starts_with("application/") && t.ends_with("+json") => Ok(BodyKind::Json),
        "text/plain" if accept_text => Ok(BodyKind::Text),
        "" if body.trim_start().starts_with(['{', '[']) => Ok(BodyKind::Json),
        "" if accept_text => Ok(BodyKind::Text),
        other => Err(ApiError::unsupported_media_type(
            if other.is_empty() { "(none)" } else { other },
            accepted,
        )),
    }
}

/// Reads the whole body, refusing it as soon as it passes `limit` bytes.
pub async fn read(
    req: &HttpRequest,
    mut payload: Payload,
    limit: usize,
) -> Result<String, ApiError> {
    let declared = req
        .headers()
        .get(actix_web::http::header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<usize>().ok());
    if declared.is_some_and(|n| n > limit) {
        return Err(ApiError::too_large(limit));
    }
    let mut body = BytesMut::with_capacity(declared.unwrap_or(1024).min(limit));
    while let Some(chunk) = payload.next().await {
        let chunk: Bytes = chunk
            .map_err(|e| ApiError::bad_value("body", format!("the body could not be read: {e}")))?;
        if body.len() + chunk.len() > limit {
            return Err(ApiError::too_large(limit));
        }
        body.extend_from_slice(&chunk);
    }
    String::from_utf8(Vec::from(body)).map_err(|e| {
        ApiError::bad_value(
            "body",
            format!(
                "the body is not UTF-8 text (invalid byte at position {})",
                e.utf8_error().valid_up_to()
            ),
        )
    })
}
