//! The HTTP service: actix-web routes over the rules engine.
//!
//! `Application::build` binds the listener itself (port 0 in tests) and reads back the port;
//! `run_until_stopped` serves. The checker (catalog and data) sits behind an `ArcSwap`, so a
//! reload swaps it at once while requests in flight finish on the one they started with.

mod body;
mod cards;
pub mod decks;
mod error;
mod health;
mod page;

pub use error::ApiError;
pub use health::OPENAPI;

use std::net::TcpListener;
use std::sync::Arc;

use actix_web::dev::Server;
use actix_web::http::header::{HeaderName, HeaderValue};
use actix_web::web::{self, Data};
use actix_web::{App, HttpRequest, HttpServer};
use arc_swap::ArcSwap;
use tracing_actix_web::{RequestId, TracingLogger};

use crate::checker::Checker;
use crate::settings::Settings;

/// What every handler shares.
pub struct AppState {
    checker: ArcSwap<Checker>,
    pub settings: Settings,
    /// One reload at a time; requests never wait on it.
    reloading: std::sync::Mutex<()>,
}

/// What a reload did.
#[derive(Debug, Clone, serde::Serialize)]
pub struct Reloaded {
    pub previous: String,
    pub catalog: String,
    pub cards: usize,
}

impl AppState {
    pub fn new(checker: Checker, settings: Settings) -> Self {
        Self {
            checker: ArcSwap::from_pointee(checker),
            settings,
            reloading: std::sync::Mutex::new(()),
        }
    }

    /// Rebuilds the checker from the configured card data and swaps it in. Blocking: call it
    /// off the request path. On failure the current checker stays.
    pub fn reload(&self) -> Result<Reloaded, crate::checker::LoadError> {
        let _one_at_a_time = self.reloading.lock().unwrap_or_else(|e| e.into_inner());
        let checker = Checker::load(&self.settings.cards, self.settings.card_data.as_deref())?;
        let reloaded = Reloaded {
            previous: self.checker().catalog.version().to_string(),
            catalog: checker.catalog.version().to_string(),
            cards: checker.catalog.cards().len(),
        };
        self.swap(checker);
        Ok(reloaded)
    }

    /// The checker for one request: held until the request ends, whatever is swapped meanwhile.
    pub fn checker(&self) -> Arc<Checker> {
        self.checker.load_full()
    }

    /// Puts a new checker in place for every request that starts from now on.
    pub fn swap(&self, checker: Checker) {
        self.checker.store(Arc::new(checker));
    }
}

/// Every route: method and path, as `docs/openapi.json` must describe them.
pub const ROUTES: &[(&str, &str)] = &[
    ("post", "/v1/decks/validate"),
    ("post", "/v1/decks/validate-batch"),
    ("post", "/v1/decks/compare"),
    ("get", "/v1/cards"),
    ("get", "/v1/cards/{id}"),
    ("get", "/v1/formats"),
    ("get", "/v1/sets"),
    ("get", "/v1/suspensions"),
    ("get", "/health"),
    ("get", "/openapi.json"),
    ("post", "/v1/admin/reload"),
];

pub struct Application {
    port: u16,
    server: Server,
    state: Data<AppState>,
}

impl Application {
    /// Binds `settings.addr` and prepares the server (it serves once awaited).
    pub fn build(settings: Settings, checker: Checker) -> std::io::Result<Self> {
        let listener = TcpListener::bind(settings.addr)?;
        let port = listener.local_addr()?.port();
        let workers = settings.workers;
        let state = Data::new(AppState::new(checker, settings));
        let shared = state.clone();
        let mut server = HttpServer::new(move || {
            App::new()
                .app_data(shared.clone())
                .app_data(web::QueryConfig::default().error_handler(|e, _| {
                    ApiError::bad_value("query", format!("the query string cannot be read: {e}"))
                        .into()
                }))
                .app_data(web::PathConfig::default().error_handler(|e, _| {
                    ApiError::bad_value("path", format!("the path cannot be read: {e}")).into()
                }))
                .wrap(actix_web::middleware::from_fn(request_id_header))
                .wrap(TracingLogger::default())
                .configure(routes)
                .default_service(web::to(not_found))
        })
        .listen(listener)?;
        if let Some(n) = workers {
            server = server.workers(n);
        }
        Ok(Self {
            port,
            server: server.run(),
            state,
        })
    }

    pub fn port(&self) -> u16 {
        self.port
    }

    /// The shared state, to swap the checker (reload) from outside a request.
    pub fn state(&self) -> Data<AppState> {
        self.state.clone()
    }

    /// Serves until stopped (SIGINT/SIGTERM); SIGHUP reloads the card data.
    pub async fn run_until_stopped(self) -> std::io::Result<()> {
        #[cfg(unix)]
        {
            let state = self.state.clone();
            actix_web::rt::spawn(async move {
                use tokio::signal::unix::{SignalKind, signal};
                let Ok(mut hangups) = signal(SignalKind::hangup()) else {
                    tracing::warn!("cannot listen for SIGHUP; reload with POST /v1/admin/reload");
                    return;
                };
                while hangups.recv().await.is_some() {
                    let state = state.clone();
                    match web::block(move || state.reload()).await {
                        Ok(Ok(r)) => tracing::info!(
                            catalog = r.catalog,
                            previous = r.previous,
                            "reloaded on SIGHUP"
                        ),
                        Ok(Err(e)) => {
                            tracing::error!(error = %e, "reload on SIGHUP failed; the previous card data stays")
                        }
                        Err(e) => tracing::error!(error = %e, "reload on SIGHUP failed"),
                    }
                }
            });
        }
        self.server.await
    }
}

fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(
        web::resource("/v1/decks/validate")
            .route(web::post().to(decks::validate))
            .default_service(web::to(method_not_allowed)),
    )
    .service(
        web::resource("/v1/decks/validate-batch")
            .route(web::post().to(decks::validate_batch))
            .default_service(web::to(method_not_allowed)),
    )
    .service(
        web::resource("/v1/decks/compare")
            .route(web::post().to(decks::compare))
            .default_service(web::to(method_not_allowed)),
    )
    .service(
        web::resource("/v1/cards")
            .route(web::get().to(cards::search))
            .default_service(web::to(method_not_allowed)),
    )
    .service(
        web::resource("/v1/cards/{id}")
            .route(web::get().to(cards::card))
            .default_service(web::to(method_not_allowed)),
    )
    .service(
        web::resource("/v1/formats")
            .route(web::get().to(cards::formats))
            .default_service(web::to(method_not_allowed)),
    )
    .service(
        web::resource("/v1/sets")
            .route(web::get().to(cards::sets))
            .default_service(web::to(method_not_allowed)),
    )
    .service(
        web::resource("/v1/suspensions")
            .route(web::get().to(cards::suspensions))
            .default_service(web::to(method_not_allowed)),
    )
    .service(
        web::resource("/health")
            .route(web::get().to(health::health))
            .default_service(web::to(method_not_allowed)),
    )
    .service(
        web::resource("/openapi.json")
            .route(web::get().to(health::openapi))
            .default_service(web::to(method_not_allowed)),
    )
    .service(
        web::resource("/")
            .route(web::get().to(page::index))
            .default_service(web::to(method_not_allowed)),
    )
    .service(
        web::resource("/app.js")
            .route(web::get().to(page::script))
            .default_service(web::to(method_not_allowed)),
    )
    .service(
        web::resource("/style.css")
            .route(web::get().to(page::style))
            .default_service(web::to(method_not_allowed)),
    )
    .service(
        web::resource("/v1/admin/reload")
            .route(web::post().to(admin_reload))
            .default_service(web::to(method_not_allowed)),
    );
}

/// `POST /v1/admin/reload`: rebuilds the catalog off the request path and swaps it in.
/// Needs `Authorization: Bearer <DECKCHECK_ADMIN_TOKEN>`; without a configured token the
/// route answers 404, as if it did not exist.
async fn admin_reload(
    req: HttpRequest,
    state: Data<AppState>,
) -> Result<actix_web::HttpResponse, ApiError> {
    let Some(token) = state.settings.admin_token.clone() else {
        return Err(ApiError::not_found(
            "admin routes are disabled (set DECKCHECK_ADMIN_TOKEN to enable them)",
        ));
    };
    let given = req
        .headers()
        .get(actix_web::http::header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "));
    if !given.is_some_and(|g| constant_time_eq(g.as_bytes(), token.as_bytes())) {
        return Err(ApiError::unauthorized());
    }
    let reloader = state.clone();
    match web::block(move || reloader.reload()).await {
        Ok(Ok(reloaded)) => {
            tracing::info!(
                catalog = reloaded.catalog,
                previous = reloaded.previous,
                "reloaded"
            );
            Ok(actix_web::HttpResponse::Ok().json(serde_json::json!({ "reloaded": true, "catalog": reloaded.catalog, "previous": reloaded.previous, "cards": reloaded.cards })))
        }
        Ok(Err(e)) => Err(ApiError::reload_failed(
            &e.to_string(),
            state.checker().catalog.version(),
        )),
        Err(e) => Err(ApiError::internal(format!("the reload did not run: {e}"))),
    }
}

/// Compares secrets without revealing where they differ through timing.
fn constant_time_eq(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

async fn not_found(req: HttpRequest) -> actix_web::HttpResponse {
    use actix_web::ResponseError;
    ApiError::not_found(format!("no route {} {}", req.method(), req.path())).error_response()
}

async fn method_not_allowed(req: HttpRequest) -> actix_web::HttpResponse {
    use actix_web::ResponseError;
    ApiError::method_not_allowed(req.method().as_str(), req.path()).error_response()
}

/// Answers every request with its request id (`x-request-id`), the one its log lines carry.
async fn request_id_header(
    req: actix_web::dev::ServiceRequest,
    next: actix_web::middleware::Next<impl actix_web::body::MessageBody>,
) -> Result<actix_web::dev::ServiceResponse<impl actix_web::body::MessageBody>, actix_web::Error> {
    let id = actix_web::HttpMessage::extensions(&req)
        .get::<RequestId>()
        .copied();
    let mut res = next.call(req).await?;
    if let Some(id) = id
        && let Ok(value) = HeaderValue::from_str(&id.to_string())
    {
        res.headers_mut()
            .insert(HeaderName::from_static("x-request-id"), value);
    }
    Ok(res)
}
