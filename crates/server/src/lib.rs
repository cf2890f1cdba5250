//! deckcheck's HTTP service: actix-web routes over every game, the API document generated from
//! the code, and the pages.
//!
//! `Application::build` binds the listener itself (port 0 in tests) and reads back the port;
//! `run_until_stopped` serves. The loaded games sit behind an `ArcSwap`, so a reload swaps
//! them at once while requests in flight finish on the data they started with.
//!
//! Routes: [`endpoints::routes`] registers every route once with its handler's description;
//! the router and the document ([`openapi`]) are both made from it. A deck that breaks rules is a 200 with a report; a request that
//! cannot be understood is a 4xx with `{"error": {code, message, field, details}}`.

mod admin;
mod body;
mod cards;
pub mod decks;
pub mod endpoints;
mod error;
pub mod events;
pub mod games;
mod health;
pub mod openapi;
mod page;
pub mod requests;
pub mod settings;

pub use error::{ApiError, ErrorAnswer};
pub use settings::Settings;

use std::net::TcpListener;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use actix_web::body::MessageBody;
use actix_web::dev::{Server, ServiceRequest, ServiceResponse};
use actix_web::http::header::{HeaderName, HeaderValue};
use actix_web::middleware::{ErrorHandlerResponse, ErrorHandlers, Next};
use actix_web::web::{self, Data};
use actix_web::{App, HttpMessage, HttpRequest, HttpResponse, HttpServer, ResponseError};
use arc_swap::ArcSwap;
use deckcheck_core::AnyGame;
use serde::Serialize;
use tracing_actix_web::{RequestId, TracingLogger};
use utoipa_actix_web::AppExt;

use crate::games::Loaded;
use crate::settings::AccessLog;

/// What every handler shares.
pub struct AppState {
    loaded: ArcSwap<Loaded>,
    pub settings: Settings,
    /// One reload at a time; requests never wait on it.
    reloading: Mutex<()>,
    /// Bytes of request bodies being received now, over all connections.
    receiving: AtomicUsize,
    /// When a body was last refused as `busy` with a log line (seconds since start, plus one;
    /// 0 for never): under a crowd of slow clients one line says so every few seconds, not
    /// one per refused request.
    busy_logged: AtomicU64,
    started: Instant,
    /// The API document, generated once at start (served, never read back).
    openapi: String,
    /// Events: registrations, locks, deck checks (SQLite or PostgreSQL).
    pub store: deckcheck_store::Store,
    /// Registration attempts per event code.
    pub limiter: events::Limiter,
}

/// What a reload did, game by game.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct Reloaded {
    pub reloaded: bool,
    pub games: Vec<GameReload>,
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct GameReload {
    pub game: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub previous: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub catalog: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cards: Option<usize>,
    /// Why this game's new data could not be loaded (the previous data stays).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

impl AppState {
    pub fn new(loaded: Loaded, settings: Settings, store: deckcheck_store::Store) -> Self {
        let openapi = match openapi::games(settings.card_data.as_deref()) {
            Ok(games) => openapi::document_json(&games),
            Err(e) => {
                tracing::error!(error = %e, "the API document could not be made");
                serde_json::json!({ "error": e.to_string() }).to_string()
            }
        };
        Self {
            loaded: ArcSwap::from_pointee(loaded),
            limiter: events::Limiter::new(settings.registration_rate),
            store,
            settings,
            reloading: Mutex::new(()),
            receiving: AtomicUsize::new(0),
            busy_logged: AtomicU64::new(0),
            started: Instant::now(),
            openapi,
        }
    }

    /// The games for one request: held until it ends, whatever is swapped meanwhile.
    pub fn loaded(&self) -> Arc<Loaded> {
        self.loaded.load_full()
    }

    /// A game by id (the default game for `None`), or the error a client gets.
    pub fn game(&self, id: Option<&str>) -> Result<Arc<dyn AnyGame>, ApiError> {
        let loaded = self.loaded();
        if let Some(game) = loaded.registry.get(id) {
            return Ok(Arc::clone(game));
        }
        let id = id.unwrap_or("");
        if let Some(u) = loaded
            .unavailable
            .iter()
            .find(|u| u.id.eq_ignore_ascii_case(id))
        {
            return Err(ApiError::game_unavailable(u.name, &u.reason));
        }
        let known: Vec<&str> = games::GAMES.iter().map(|g| g.id).collect();
        Err(ApiError::unknown_game(id, &known))
    }

    /// The game the route's path names (`/v1/games/{game}/…`; the default game without one):
    /// a path naming no game is a route that does not exist, a 404.
    pub fn path_game(&self, req: &HttpRequest) -> Result<Arc<dyn AnyGame>, ApiError> {
        self.game(game_of(req)).map_err(|e| match e.code {
            deckcheck_core::ErrorCode::UnknownGame => e.code(deckcheck_core::ErrorCode::NotFound),
            _ => e,
        })
    }

    /// Reloads every game's data off the request path and swaps it in; a game whose new data
    /// cannot be loaded keeps the data it had.
    pub fn reload(&self) -> Reloaded {
        let _one_at_a_time = self.reloading.lock().unwrap_or_else(|e| e.into_inner());
        let before = self.loaded();
        let mut games: Vec<Arc<dyn AnyGame>> = Vec::new();
        let mut unavailable = Vec::new();
        let mut report = Vec::new();
        for spec in games::GAMES {
            let previous = before.registry.get(Some(spec.id)).cloned();
            let was = previous.as_ref().map(|g| g.info().catalog.to_string());
            match (spec.load)(&games::paths(spec, &self.settings)) {
                Ok(game) => {
                    report.push(GameReload {
                        game: spec.id,
                        previous: was,
                        catalog: Some(game.info().catalog.to_string()),
                        cards: Some(game.info().cards),
                        error: None,
                    });
                    games.push(game);
                }
                Err(e) => {
                    let e = e.to_string();
                    report.push(GameReload {
                        game: spec.id,
                        previous: was.clone(),
                        catalog: was,
                        cards: previous.as_ref().map(|g| g.info().cards),
                        error: Some(e.clone()),
                    });
                    match previous {
                        Some(game) => games.push(game),
                        None => unavailable.push(games::Unavailable {
                            id: spec.id,
                            name: spec.name,
                            reason: e,
                        }),
                    }
                }
            }
        }
        let reloaded = report.iter().all(|r| r.error.is_none());
        self.loaded.store(Arc::new(Loaded {
            registry: deckcheck_core::Registry::new(games),
            unavailable,
        }));
        Reloaded {
            reloaded,
            games: report,
        }
    }

    /// Says, at most once every [`BUSY_LOG_EVERY`], that bodies are being refused.
    fn log_busy(&self, held: usize) {
        let now = self.started.elapsed().as_secs() + 1;
        let last = self.busy_logged.load(Ordering::Relaxed);
        if (last == 0 || now >= last + BUSY_LOG_EVERY.as_secs())
            && self
                .busy_logged
                .compare_exchange(last, now, Ordering::Relaxed, Ordering::Relaxed)
                .is_ok()
        {
            tracing::warn!(
                held,
                limit = self.settings.body_memory,
                "request bodies refused (503 busy): the bodies being received hold DECKCHECK_BODY_MEMORY; many slow clients, or a limit too low"
            );
        }
    }

    /// An account of the memory one body being received holds, given back when dropped.
    fn reservation(&self) -> Reserved<'_> {
        Reserved {
            state: self,
            bytes: 0,
        }
    }
}

/// Memory held by a body being received: counted against `DECKCHECK_BODY_MEMORY` for all
/// connections together, so a crowd of slow clients cannot make the service hold more (they
/// get a 503 and may retry); given back when dropped.
struct Reserved<'a> {
    state: &'a AppState,
    bytes: usize,
}

impl Reserved<'_> {
    /// Counts a body's buffer growing from `before` to `after` bytes, or says the service holds
    /// as much as it may. The first [`SMALL_BODY`] of each body are not counted: a deck is a
    /// few kilobytes, and valid requests are never refused because slow clients fill the
    /// budget (what they hold is bounded by the connections a worker takes).
    fn grow(&mut self, before: usize, after: usize) -> Result<(), ApiError> {
        let bytes = after.saturating_sub(SMALL_BODY) - before.saturating_sub(SMALL_BODY);
        if bytes == 0 {
            return Ok(());
        }
        let now = self.state.receiving.fetch_add(bytes, Ordering::Relaxed) + bytes;
        self.bytes += bytes;
        if now > self.state.settings.body_memory as usize {
            self.state.log_busy(now);
            return Err(ApiError::busy());
        }
        Ok(())
    }
}

impl Drop for Reserved<'_> {
    fn drop(&mut self) {
        self.state
            .receiving
            .fetch_sub(self.bytes, Ordering::Relaxed);
    }
}

pub struct Application {
    port: u16,
    server: Server,
    state: Data<AppState>,
}

/// Opens the event store the settings name and brings its schema up to date (on a thread of
/// its own, so it can be called from inside or outside a runtime); the store's pool then
/// connects on first use, in the service's runtime.
pub fn open_store(settings: &Settings) -> std::io::Result<deckcheck_store::Store> {
    let location = settings.store_location().map_err(std::io::Error::other)?;
    let migrate = location.clone();
    let migrated = std::thread::spawn(move || -> Result<(), String> {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .map_err(|e| e.to_string())?;
        runtime.block_on(async {
            let store = deckcheck_store::Store::open(&migrate)
                .await
                .map_err(|e| e.to_string())?;
            store.close().await;
            Ok(())
        })
    })
    .join()
    .map_err(|_| std::io::Error::other("the event store's migration thread panicked"))?;
    let named = |e: String| {
        std::io::Error::other(format!(
            "cannot open the event store ({location:?}; DECKCHECK_DATABASE_URL, else DECKCHECK_DATA_DIR): {e}"
        ))
    };
    migrated.map_err(named)?;
    deckcheck_store::Store::lazy(&location).map_err(|e| named(e.to_string()))
}

impl Application {
    /// Binds `settings.addr` and prepares the server (it serves once awaited), with the event
    /// store the settings name.
    pub fn build(settings: Settings, loaded: Loaded) -> std::io::Result<Self> {
        let store = open_store(&settings)?;
        Self::build_with_store(settings, loaded, store)
    }

    /// As [`Application::build`], with a store opened already.
    pub fn build_with_store(
        settings: Settings,
        loaded: Loaded,
        store: deckcheck_store::Store,
    ) -> std::io::Result<Self> {
        let listener = TcpListener::bind(settings.addr)?;
        let port = listener.local_addr()?.port();
        let workers = settings.workers;
        let header_timeout = Duration::from_secs(settings.header_timeout);
        let max_connections = settings.max_connections as usize;
        let state = Data::new(AppState::new(loaded, settings, store));
        let shared = state.clone();
        let mut server = HttpServer::new(move || {
            App::new()
                .app_data(shared.clone())
                .app_data(web::PathConfig::default().error_handler(|e, _| {
                    ApiError::bad_value("path", format!("the path cannot be read: {e}")).into()
                }))
                .wrap(ErrorHandlers::new().default_handler(json_error_body))
                .wrap(actix_web::middleware::from_fn(access_log))
                .wrap(TracingLogger::default())
                .into_utoipa_app()
                .configure(endpoints::routes)
                .into_app()
                .default_service(web::to(not_found))
        })
        .client_request_timeout(header_timeout)
        .max_connections(max_connections)
        .listen(listener)?;
        if let Some(n) = workers {
            server = server.workers(n as usize);
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

    /// The shared state, to reload from outside a request.
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
                        Ok(r) if r.reloaded => {
                            tracing::info!(games = r.games.len(), "reloaded on SIGHUP")
                        }
                        Ok(r) => {
                            for g in r.games.iter().filter(|g| g.error.is_some()) {
                                tracing::error!(
                                    game = g.game,
                                    error = g.error.as_deref().unwrap_or(""),
                                    "reload on SIGHUP failed; the previous data stays"
                                );
                            }
                        }
                        Err(e) => tracing::error!(error = %e, "reload on SIGHUP failed"),
                    }
                }
            });
        }
        self.server.await
    }
}

/// The game a route names (`/v1/games/{game}/...`), or `None` for the default game.
pub fn game_of(req: &HttpRequest) -> Option<&str> {
    req.match_info().get("game")
}

async fn not_found(req: HttpRequest) -> HttpResponse {
    ApiError::not_found("path", format!("no route {} {}", req.method(), req.path()))
        .error_response()
}

/// Answers the router gives itself (a 405 with its `Allow` header, a 404) get the API's error
/// body too: every error a client reads has the same shape.
fn json_error_body<B: MessageBody>(
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
        ApiError::method_not_allowed(req.method().as_str(), req.path())
    } else {
        ApiError::from_status(status, format!("{} {}", req.method(), req.path()))
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
async fn access_log(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let id = req.extensions().get::<RequestId>().copied();
    let mode = req
        .app_data::<Data<AppState>>()
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
    // A slow 4xx is a slow client (a stalled body is a 408 after the body timeout), not the
    // service's slowness; a 503 is the service shedding load or a game without data, said by
    // their own lines (`log_busy`, start-up). Neither gets a line per request.
    let warn = (status >= 500 && status != 503) || (took > SLOW && status < 400);
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

/// A request slower than this gets a warn line even when only errors are logged.
const SLOW: Duration = Duration::from_secs(1);

/// The part of each body not counted against `DECKCHECK_BODY_MEMORY`: more than a deck list
/// in any format (a 60-card SWUDB export is under 2 KiB).
const SMALL_BODY: usize = 16 * 1024;

/// The least time between two log lines about bodies refused as `busy`.
const BUSY_LOG_EVERY: Duration = Duration::from_secs(10);
