//! What wraps every request: its id on the answer and its metrics and access line
//! ([`access_log`]), and the API's error shape on what the router answers itself (a 404, a 405
//! with its `Allow`: [`json_error_body`], [`not_found`]).

use std::time::Instant;

use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header::{HeaderName, HeaderValue};
use actix_web::middleware::{ErrorHandlerResponse, Next};
use actix_web::web::Data;
use actix_web::{HttpMessage, HttpRequest, HttpResponse, ResponseError};
use deckcheck_core::RequestError;
use tracing_actix_web::RequestId;

use crate::error::Error;
use crate::metrics;
use crate::settings::AccessLog;
use crate::state::AppState;

/// A path no route takes: a 404 in the API's error shape.
pub async fn not_found(req: HttpRequest) -> HttpResponse {
    Error(RequestError::not_found(
        "path",
        format!("no route {} {}", req.method(), req.path()),
    ))
    .error_response()
}

/// Answers the router gives itself (a 405 with its `Allow` header, a 404) get the API's error
/// body too: every error a client reads has the same shape.
pub fn json_error_body<B: MessageBody>(
    res: ServiceResponse<B>,
) -> actix_web::Result<ErrorHandlerResponse<B>> {
    let status = res.status();
    let is_json = res
        .headers()
        .get(actix_web::http::header::CONTENT_TYPE)
        .is_some_and(|v| v.as_bytes().starts_with(b"application/json"));
    if is_json || !(status.is_client_error() || status.is_server_error()) {
        return Ok(ErrorHandlerResponse::Response(res.map_into_left_body()));
    }
    let (req, res) = res.into_parts();
    let error = if status == actix_web::http::StatusCode::METHOD_NOT_ALLOWED {
        Error(RequestError::method_not_allowed(
            req.method().as_str(),
            req.path(),
        ))
    } else {
        Error::from_status(status, format!("{} {}", req.method(), req.path()))
    };
    let mut answer = error.error_response();
    for (name, value) in res.headers() {
        if name != actix_web::http::header::CONTENT_TYPE
            && name != actix_web::http::header::CONTENT_LENGTH
        {
            answer.headers_mut().insert(name.clone(), value.clone());
        }
    }
    let res = ServiceResponse::new(req, answer)
        .map_into_boxed_body()
        .map_into_right_body();
    Ok(ErrorHandlerResponse::Response(res))
}

/// Every answer carries its request id (`x-request-id`, the id its log lines carry); requests
/// get one short access-log line as `DECKCHECK_ACCESS_LOG` says (issue 15: a line per request
/// at the default level cost a third of the throughput). The path is cut short in the line, so
/// a long URI cannot make a long log line.
pub async fn access_log(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let id = req.extensions().get::<RequestId>().copied();
    let state = req.app_data::<Data<AppState>>().cloned();
    let mode = state
        .as_ref()
        .map_or(AccessLog::Errors, |s| s.settings.access_log);
    let (method, path) = (req.method().clone(), req.path().to_string());
    let started = Instant::now();
    let mut res = next.call(req).await?;
    if let Some(id) = id
        && let Ok(value) = HeaderValue::from_str(&id.to_string())
    {
        res.headers_mut()
            .insert(HeaderName::from_static("x-request-id"), value);
    }
    let status = res.status().as_u16();
    let took = started.elapsed();
    metrics::request(
        res.request().match_pattern().as_deref(),
        &method,
        status,
        took,
    );
    // Slowness under load is in the duration histogram and in one line a minute at most
    // (`SlowRequests`), never a line per request. A slow 4xx is a slow client (a stalled body
    // is a 408 after the body timeout), not the service's slowness.
    if took > crate::state::SLOW
        && status < 400
        && let Some(state) = &state
    {
        state.slow.note(took, state.started);
    }
    // A 503 is the service shedding load or a game without data, said by their own lines
    // (`log_busy`, start-up); a 502 is a deck site that failed a deck link (the answer names
    // it), not the service: a warning is a server error, which an operator should look at.
    let warn = status >= 500 && status != 503 && status != 502;
    let log = match mode {
        AccessLog::All => true,
        AccessLog::Errors => warn,
        AccessLog::Off => false,
    };
    if log {
        let path = deckcheck_core::echo(&path);
        let ms = (took.as_secs_f64() * 1000.0 * 10.0).round() / 10.0;
        let request_id = id.map(|i| i.to_string()).unwrap_or_default();
        let error = res
            .response()
            .error()
            .filter(|_| status >= 500)
            .map(|e| deckcheck_core::echo(&e.to_string()));
        if warn {
            tracing::warn!(target: "access", %method, path, status, ms, request_id, error, "request");
        } else {
            tracing::info!(target: "access", %method, path, status, ms, request_id, "request");
        }
    }
    Ok(res)
}
