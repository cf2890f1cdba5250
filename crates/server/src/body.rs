//! Reading request bodies: a size limit checked before and while reading (413 in the API's error
//! shape, never a dropped connection), a deadline for the whole body (408: a client that stalls
//! or trickles holds nothing for long), UTF-8, and the content types a route accepts.

use std::time::Duration;

use actix_web::web::{Bytes, BytesMut, Payload};
use actix_web::{HttpMessage, HttpRequest};
use futures_util::StreamExt;

use super::AppState;
use super::error::ApiError;

/// What a body is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BodyKind {
    Json,
    Text,
}

/// The kind of a body from its content type; with none given, JSON if it looks like JSON.
pub fn kind_of(req: &HttpRequest, body: &str, accept_text: bool) -> Result<BodyKind, ApiError> {
    let content_type = req.content_type().to_ascii_lowercase();
    let accepted: &[&str] = if accept_text {
        &["application/json", "text/plain"]
    } else {
        &["application/json"]
    };
    match content_type.as_str() {
        "application/json" => Ok(BodyKind::Json),
        t if t.starts_with("application/") && t.ends_with("+json") => Ok(BodyKind::Json),
        "text/plain" if accept_text => Ok(BodyKind::Text),
        "" if body
            .trim_start_matches('\u{feff}')
            .trim_start()
            .starts_with(['{', '[']) =>
        {
            Ok(BodyKind::Json)
        }
        "" if accept_text => Ok(BodyKind::Text),
        other => Err(ApiError::unsupported_media_type(
            if other.is_empty() { "(none)" } else { other },
            accepted,
        )),
    }
}

/// Reads the whole body within the service's body timeout, refusing it as soon as it passes
/// `limit` bytes, and holding no more than the service's share of memory for bodies in
/// flight. A byte-order mark is not part of the text.
pub async fn read(
    req: &HttpRequest,
    state: &AppState,
    payload: Payload,
    limit: usize,
) -> Result<String, ApiError> {
    let timeout: Duration = state.settings.body_timeout();
    match actix_web::rt::time::timeout(timeout, read_all(req, state, payload, limit)).await {
        Ok(read) => read,
        Err(_) => Err(ApiError::timeout(timeout.as_secs().max(1))),
    }
}

async fn read_all(
    req: &HttpRequest,
    state: &AppState,
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
    // Grown as the body arrives: a declared length is only a claim. What the buffer holds
    // (its capacity, not only what was received) is counted against the service's memory for
    // bodies in flight, and given back when the buffer is.
    let mut body = BytesMut::new();
    let mut held = state.reservation();
    while let Some(chunk) = payload.next().await {
        let chunk: Bytes = chunk
            .map_err(|e| ApiError::bad_value("body", format!("the body could not be read: {e}")))?;
        if body.len() + chunk.len() > limit {
            return Err(ApiError::too_large(limit));
        }
        let before = body.capacity();
        body.reserve(chunk.len());
        held.grow(before, body.capacity())?;
        body.extend_from_slice(&chunk);
    }
    drop(held);
    let text = String::from_utf8(Vec::from(body)).map_err(|e| {
        ApiError::bad_value(
            "body",
            format!(
                "the body is not UTF-8 text (invalid byte at position {})",
                e.utf8_error().valid_up_to()
            ),
        )
    })?;
    Ok(match text.strip_prefix('\u{feff}') {
        Some(rest) => rest.to_string(),
        None => text,
    })
}
