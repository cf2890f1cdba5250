//! The one middleware every request passes ([`Observe`]): its id on the answer (`x-request-id`,
//! the id its log lines carry), its metrics, its access line as `DECKCHECK_ACCESS_LOG` says,
//! the failure behind a server error said once with that id, and the API's error shape on what
//! the router answers itself (a 405 with its `Allow`, a 404: [`not_found`]).
//!
//! It costs what it must and no more when it has nothing to say: the id is a counter, the
//! route's metric handles are kept by the route ([`crate::metrics::RouteMetrics`]), no span is
//! made, nothing is written to the log for a request that went well (issue 33 item 5: the
//! tracing middleware's span, the id's randomness and the route template's lookup were about
//! half of what `/health` cost).

use std::fmt::Write as _;
use std::future::{Ready, ready};
use std::sync::OnceLock;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

use actix_web::body::{EitherBody, MessageBody};
use actix_web::dev::{Service, ServiceRequest, ServiceResponse, Transform, forward_ready};
use actix_web::http::header::{CONTENT_LENGTH, CONTENT_TYPE, HeaderName, HeaderValue};
use actix_web::http::{Method, StatusCode};
use actix_web::web::Data;
use actix_web::{HttpRequest, HttpResponse, ResponseError};
use deckcheck_core::RequestError;
use futures_util::future::LocalBoxFuture;

use crate::error::Error;
use crate::metrics::{self, RouteMetrics};
use crate::settings::AccessLog;
use crate::state::AppState;

/// A path no route takes: a 404 in the API's error shape.
pub async fn not_found(req: HttpRequest) -> HttpResponse {
    Error::from(RequestError::not_found(
        "path",
        format!("no route {} {}", req.method(), req.path()),
    ))
    .error_response()
}

/// A request's id: this process's prefix (random, so replicas' ids differ) and a counter, in
/// hexadecimal (`9c1f…-0000002a`).
fn request_id() -> String {
    static PREFIX: OnceLock<u64> = OnceLock::new();
    static NEXT: AtomicU64 = AtomicU64::new(1);
    let prefix = *PREFIX.get_or_init(|| {
        use std::hash::{BuildHasher, Hasher};
        std::collections::hash_map::RandomState::new()
            .build_hasher()
            .finish()
    });
    let mut id = String::with_capacity(32);
    let _ = write!(
        id,
        "{prefix:016x}-{:08x}",
        NEXT.fetch_add(1, Ordering::Relaxed)
    );
    id
}

/// See the module.
pub struct Observe;

impl<S, B> Transform<S, ServiceRequest> for Observe
where
    S: Service<ServiceRequest, Response = ServiceResponse<B>, Error = actix_web::Error> + 'static,
    B: MessageBody + 'static,
{
    type Response = ServiceResponse<EitherBody<B>>;
    type Error = actix_web::Error;
    type Transform = Observed<S>;
    type InitError = ();
    type Future = Ready<Result<Self::Transform, ()>>;

    fn new_transform(&self, service: S) -> Self::Future {
        ready(Ok(Observed { service }))
    }
}

/// A worker's service, observed.
pub struct Observed<S> {
    service: S,
}

impl<S, B> Service<ServiceRequest> for Observed<S>
where
    S: Service<ServiceRequest, Response = ServiceResponse<B>, Error = actix_web::Error> + 'static,
    B: MessageBody + 'static,
{
    type Response = ServiceResponse<EitherBody<B>>;
    type Error = actix_web::Error;
    type Future = LocalBoxFuture<'static, Result<Self::Response, Self::Error>>;

    forward_ready!(service);

    fn call(&self, req: ServiceRequest) -> Self::Future {
        let started = Instant::now();
        let method = req.method().clone();
        let answered = self.service.call(req);
        Box::pin(async move {
            let res = answered.await?;
            let mut res = in_api_shape(res);
            let id = request_id();
            if let Ok(value) = HeaderValue::from_str(&id) {
                res.headers_mut()
                    .insert(HeaderName::from_static("x-request-id"), value);
            }
            let took = started.elapsed();
            let status = res.status().as_u16();
            match res.request().app_data::<RouteMetrics>() {
                Some(route) => route.record(&method, status, took),
                None => metrics::request(
                    res.request().match_pattern().as_deref(),
                    &method,
                    status,
                    took,
                ),
            }
            account(&res, &method, &id, started);
            Ok(res)
        })
    }
}

/// What the router answers itself (a 405 with its `Allow` header, a 404) gets the API's error
/// body too: every error a client reads has the same shape.
fn in_api_shape<B: MessageBody>(res: ServiceResponse<B>) -> ServiceResponse<EitherBody<B>> {
    let status = res.status();
    let is_json = res
        .headers()
        .get(CONTENT_TYPE)
        .is_some_and(|v| v.as_bytes().starts_with(b"application/json"));
    if is_json || !(status.is_client_error() || status.is_server_error()) {
        return res.map_into_left_body();
    }
    let (req, res) = res.into_parts();
    let error = if status == StatusCode::METHOD_NOT_ALLOWED {
        Error::from(RequestError::method_not_allowed(
            req.method().as_str(),
            req.path(),
        ))
    } else {
        Error::from_status(status, format!("{} {}", req.method(), req.path()))
    };
    let mut answer = error.error_response();
    for (name, value) in res.headers() {
        if name != CONTENT_TYPE && name != CONTENT_LENGTH {
            answer.headers_mut().insert(name.clone(), value.clone());
        }
    }
    ServiceResponse::new(req, answer).map_into_right_body()
}

/// The request's lines, if any: slowness summed up, an access line as the setting says, and a
/// server error's failure with the request's id. A 503 is the service shedding load or a game
/// without data, said by their own lines; a 502 is a deck site that failed a deck link (the
/// answer names it), not the service: a warning is a server error, which an operator should
/// look at.
fn account<B>(res: &ServiceResponse<B>, method: &Method, id: &str, started: Instant) {
    let took = started.elapsed();
    let status = res.status().as_u16();
    let state = res.request().app_data::<Data<AppState>>();
    // Slowness under load is in the duration histogram and in one line a minute at most
    // (`SlowRequests`), never a line per request. A slow 4xx is a slow client (a stalled body
    // is a 408 after the body timeout), not the service's slowness.
    if took > crate::state::SLOW
        && status < 400
        && let Some(state) = state
    {
        state.slow.note(took, state.started);
    }
    let failure = res
        .response()
        .error()
        .and_then(|e| e.as_error::<Error>())
        .and_then(Error::failure);
    if let Some(failure) = failure {
        // The store's failure behind the answer, said once, with the request it failed.
        if status == 503 {
            tracing::warn!(request_id = id, error = failure, "event store unavailable");
        } else {
            tracing::error!(request_id = id, error = failure, "event store error");
        }
    }
    let warn = status >= 500 && status != 503 && status != 502;
    let mode = state.map_or(AccessLog::Errors, |s| s.settings.access_log);
    let log = match mode {
        AccessLog::All => true,
        AccessLog::Errors => warn,
        AccessLog::Off => false,
    };
    if !log {
        return;
    }
    let path = deckcheck_core::echo(res.request().path());
    let ms = (took.as_secs_f64() * 1000.0 * 10.0).round() / 10.0;
    if warn {
        let error = res
            .response()
            .error()
            .map(|e| deckcheck_core::echo(&e.to_string()));
        tracing::warn!(target: "access", %method, path, status, ms, request_id = id, error, "request");
    } else {
        tracing::info!(target: "access", %method, path, status, ms, request_id = id, "request");
    }
}
