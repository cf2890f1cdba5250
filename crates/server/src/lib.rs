//! deckcheck's HTTP service: actix-web routes over every game, the API document generated from
//! the code, and the pages.
//!
//! `Application::build` binds the listener itself (port 0 in tests) and reads back the port;
//! `run_until_stopped` serves. The loaded games sit behind an `ArcSwap`, so a reload swaps
//! them at once while requests in flight finish on the data they started with.
//!
//! Routes: [`endpoints::routes`] registers every route once with its handler's description;
//! the router and the document ([`openapi`]) are both made from it. `/metrics` is registered
//! apart (on the main address or on `DECKCHECK_METRICS_ADDR`, see [`metrics`]).
//!
//! `serve` binds first and loads the games' data off the event loop
//! ([`Application::build_loading`]): `/health` answers at once, `/ready` and the game routes
//! answer 503 until the data is in place; a default game that cannot load stops the service. A deck that breaks rules is a 200 with a report; a request that
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
pub mod limits;
mod linked;
pub mod metrics;
pub mod openapi;
mod page;
pub mod requests;
mod retention;
pub mod settings;
pub mod sheets;

pub use error::{ApiError, ErrorAnswer};
pub use settings::Settings;

use std::net::TcpListener;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant, SystemTime};

use actix_web::body::MessageBody;
use actix_web::dev::{Server, ServiceRequest, ServiceResponse};
use actix_web::http::header::{HeaderName, HeaderValue};
use actix_web::middleware::{ErrorHandlerResponse, ErrorHandlers, Next};
use actix_web::web::{self, Data};
use actix_web::{App, HttpMessage, HttpRequest, HttpResponse, HttpServer, ResponseError};
use arc_swap::ArcSwap;
use deckcheck_core::{AnyGame, LoadError};
use serde::Serialize;
use tracing_actix_web::{RequestId, TracingLogger};

use crate::games::Loaded;
use crate::settings::{AccessLog, StoreName};

/// How `serve` loads the games' data, run off the event loop once the service listens.
pub type Loader = Box<dyn FnOnce(&Settings) -> Result<Loaded, LoadError> + Send>;

/// What every handler shares.
pub struct AppState {
    loaded: ArcSwap<Loaded>,
    pub settings: Settings,
    /// One reload at a time; requests never wait on it.
    reloading: Mutex<()>,
    /// Bytes of request bodies being received now, over all connections.
    receiving: AtomicUsize,
    /// Under a crowd of slow clients one line says bodies are refused every few seconds, not
    /// one per refused request.
    busy_logged: Every,
    /// Requests slower than [`SLOW`] since the last line that summed them up.
    slow: SlowRequests,
    started: Instant,
    /// True until the games' data has loaded at start: `/ready` and the game routes say so.
    loading: AtomicBool,
    /// Each loaded game's catalog time (its sync, else its newest file), for the metrics.
    catalog_times: ArcSwap<Vec<(&'static str, Option<SystemTime>)>>,
    /// The event store, named without secrets (logs, `/ready`).
    pub store_name: StoreName,
    /// The API document, generated once at start (served, never read back).
    openapi: String,
    /// Events: registrations, locks, deck checks (SQLite or PostgreSQL).
    pub store: deckcheck_store::Store,
    /// Per-client limits of the event routes anyone may call.
    pub limits: limits::Limits,
    /// The one client that fetches decks given as links (`DECKCHECK_LINK_HOSTS`).
    pub links: deckcheck_links::Links,
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
    /// The state of a service whose games are `loaded`, or (`None`) still loading.
    pub fn new(
        loaded: Option<Loaded>,
        settings: Settings,
        store: deckcheck_store::Store,
        links: deckcheck_links::Links,
    ) -> Self {
        metrics::handle();
        let document = || match openapi::games(settings.card_data.as_deref()) {
            Ok(games) => openapi::document_json(&games),
            Err(e) => {
                tracing::error!(error = %e, "the API document could not be made");
                serde_json::json!({ "error": e.to_string() }).to_string()
            }
        };
        // Made on a thread of its own: it frees ~7 MB while it keeps 1 MB, and an ended
        // thread's allocator arena is the one the next new thread takes (glibc), so the games,
        // loaded next, fill that space instead of it staying resident in the main thread's heap
        // (issue 33 item 6).
        let openapi = std::thread::scope(|s| s.spawn(document).join())
            .unwrap_or_else(|_| r#"{"error": "the API document could not be made"}"#.into());
        let state = Self {
            loaded: ArcSwap::from_pointee(Loaded::default()),
            limits: limits::Limits::new(&settings),
            links,
            store,
            store_name: settings.store_name(),
            settings,
            reloading: Mutex::new(()),
            receiving: AtomicUsize::new(0),
            busy_logged: Every::new(BUSY_LOG_EVERY),
            slow: SlowRequests::default(),
            started: Instant::now(),
            loading: AtomicBool::new(true),
            catalog_times: ArcSwap::from_pointee(Vec::new()),
            openapi,
        };
        if let Some(loaded) = loaded {
            state.set_loaded(loaded);
        }
        state
    }

    /// Whether the games' data is still loading (at start).
    pub fn is_loading(&self) -> bool {
        self.loading.load(Ordering::Acquire)
    }

    /// Puts loaded games in place for the requests that start from now on.
    fn set_loaded(&self, loaded: Loaded) {
        let times = loaded
            .registry
            .games()
            .iter()
            .filter_map(|g| games::spec(g.info().id))
            .map(|spec| {
                let paths = games::paths(spec, &self.settings);
                (spec.id, catalog_time(&paths.cards))
            })
            .collect();
        self.loaded.store(Arc::new(loaded));
        self.catalog_times.store(Arc::new(times));
        self.loading.store(false, Ordering::Release);
    }

    /// Runs `serve`'s loading (one load or reload at a time) and puts its games in place.
    fn load_at_start(&self, load: Loader) -> Result<(), LoadError> {
        let _one_at_a_time = self.reloading.lock().unwrap_or_else(|e| e.into_inner());
        let loaded = load(&self.settings)?;
        self.set_loaded(loaded);
        Ok(())
    }

    /// Every metric, with the gauges of each game's data and its last sync as they are now.
    pub fn render_metrics(&self, store_up: bool) -> String {
        let loaded = self.loaded();
        let times = self.catalog_times.load();
        let syncs: Vec<_> = games::GAMES
            .iter()
            .map(|spec| {
                let root = games::paths(spec, &self.settings).cards;
                deckcheck_core::sync::read_last_sync(&root)
            })
            .collect();
        let gauges: Vec<metrics::GameGauges<'_>> = games::GAMES
            .iter()
            .zip(&syncs)
            .map(|(spec, last_sync)| metrics::GameGauges {
                game: spec.id,
                loaded: loaded.registry.get(Some(spec.id)).map(|g| {
                    let time = times.iter().find(|(id, _)| *id == spec.id);
                    (g.info().cards, time.and_then(|(_, t)| *t))
                }),
                last_sync: last_sync.as_ref(),
            })
            .collect();
        metrics::render(&gauges, store_up)
    }

    /// The one line that says the service is ready: its event store and each game's data.
    fn log_ready(&self) {
        let loaded = self.loaded();
        let games: Vec<String> = loaded
            .registry
            .games()
            .iter()
            .map(|g| {
                format!(
                    "{} {} ({} cards)",
                    g.info().id,
                    g.info().catalog,
                    g.info().cards
                )
            })
            .chain(
                loaded
                    .unavailable
                    .iter()
                    .map(|u| format!("{} unavailable", u.id)),
            )
            .collect();
        tracing::info!(
            store = self.store_name.backend,
            store_location = self.store_name.location.as_str(),
            games = games.join("; ").as_str(),
            "deckcheck ready"
        );
        for u in &loaded.unavailable {
            tracing::warn!(game = u.id, reason = u.reason.as_str(), "game unavailable");
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
        if self.is_loading()
            && let Some(spec) = games::spec(id.unwrap_or(games::GAMES[0].id))
        {
            return Err(ApiError::game_unavailable(
                spec.name,
                "its data is still loading; retry in a moment (GET /ready says when)",
            ));
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
        self.set_loaded(Loaded {
            registry: deckcheck_core::Registry::new(games),
            unavailable,
        });
        Reloaded {
            reloaded,
            games: report,
        }
    }

    /// Says, at most once every [`BUSY_LOG_EVERY`], that bodies are being refused.
    fn log_busy(&self, held: usize) {
        if self.busy_logged.due(self.started) {
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
    /// `/metrics` on an address of its own (`DECKCHECK_METRICS_ADDR`), and its port.
    metrics: Option<(Server, u16)>,
    /// The games' data to load once serving (`build_loading`).
    loader: Option<Loader>,
}

/// Opens the event store the settings name and brings its schema up to date (on a thread of
/// its own, so it can be called from inside or outside a runtime); the store's pool then
/// connects on first use, in the service's runtime.
///
/// A store that does not answer yet (a database server starting beside the service, a machine
/// so loaded that the first connection takes longer than the store waits) is tried again,
/// once a second, for [`STORE_START_PATIENCE`], saying so; anything else (a read-only data
/// directory, a bad URL, a schema from a newer build) stops the start at once.
pub fn open_store(settings: &Settings) -> std::io::Result<deckcheck_store::Store> {
    let location = settings.store_location().map_err(std::io::Error::other)?;
    let named = |e: String| {
        std::io::Error::other(format!(
            "cannot open the event store ({location:?}; DECKCHECK_DATABASE_URL, else DECKCHECK_DATA_DIR): {e}"
        ))
    };
    let started = Instant::now();
    loop {
        match migrate_store(&location)? {
            Ok(()) => break,
            Err(e @ deckcheck_store::StoreError::Unavailable { .. })
                if started.elapsed() < STORE_START_PATIENCE =>
            {
                tracing::warn!(error = %e, "the event store did not answer at start; trying again in a second");
                std::thread::sleep(Duration::from_secs(1));
            }
            Err(e) => return Err(named(e.to_string())),
        }
    }
    deckcheck_store::Store::lazy(&location).map_err(|e| named(e.to_string()))
}

/// How long a start waits for an event store that does not answer yet.
const STORE_START_PATIENCE: Duration = Duration::from_secs(30);

/// Opens the store once on a thread of its own (with a runtime of its own), migrates it and
/// closes it.
fn migrate_store(
    location: &deckcheck_store::Location,
) -> std::io::Result<Result<(), deckcheck_store::StoreError>> {
    let location = location.clone();
    std::thread::spawn(move || {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()?;
        Ok(runtime.block_on(async {
            let store = deckcheck_store::Store::open(&location).await?;
            store.close().await;
            Ok(())
        }))
    })
    .join()
    .map_err(|_| std::io::Error::other("the event store's migration thread panicked"))?
}

impl Application {
    /// Binds `settings.addr` and prepares the server (it serves once awaited), with the event
    /// store the settings name.
    pub fn build(settings: Settings, loaded: Loaded) -> std::io::Result<Self> {
        let store = open_store(&settings)?;
        Self::assemble(settings, Some(loaded), store, None)
    }

    /// As [`Application::build`], with a store opened already (given the settings' policy).
    pub fn build_with_store(
        settings: Settings,
        loaded: Loaded,
        store: deckcheck_store::Store,
    ) -> std::io::Result<Self> {
        Self::assemble(settings, Some(loaded), store, None)
    }

    /// As [`Application::build_with_store`], the games' data loaded by `load` once the service serves
    /// (off the event loop): `/health` answers meanwhile, `/ready` and the game routes answer
    /// 503. If `load` fails the service stops and [`Application::run_until_stopped`] returns
    /// its error.
    pub fn build_loading(
        settings: Settings,
        store: deckcheck_store::Store,
        load: Loader,
    ) -> std::io::Result<Self> {
        Self::assemble(settings, None, store, Some(load))
    }

    fn assemble(
        settings: Settings,
        loaded: Option<Loaded>,
        store: deckcheck_store::Store,
        loader: Option<Loader>,
    ) -> std::io::Result<Self> {
        let store = store.with_policy(settings.policy());
        let listener = TcpListener::bind(settings.addr)?;
        let port = listener.local_addr()?.port();
        let metrics_listener = settings.metrics_addr.map(TcpListener::bind).transpose()?;
        let metrics_here = metrics_listener.is_none();
        let workers = settings.workers;
        let header_timeout = Duration::from_secs(settings.header_timeout);
        let max_connections = settings.max_connections as usize;
        let links = settings.links().map_err(std::io::Error::other)?;
        let state = Data::new(AppState::new(loaded, settings, store, links));
        let shared = state.clone();
        let mut server = HttpServer::new(move || {
            let app = App::new()
                .app_data(shared.clone())
                .app_data(web::PathConfig::default().error_handler(|e, _| {
                    ApiError::bad_value("path", format!("the path cannot be read: {e}")).into()
                }))
                .wrap(ErrorHandlers::new().default_handler(json_error_body))
                .wrap(actix_web::middleware::from_fn(access_log))
                .wrap(TracingLogger::default())
                // The routes alone: their descriptions are the document's (`openapi`), built
                // once, not in every worker.
                .configure(endpoints::routes);
            let app = if metrics_here {
                app.service(metrics_resource())
            } else {
                app
            };
            app.default_service(web::to(not_found))
        })
        .client_request_timeout(header_timeout)
        .max_connections(max_connections)
        .listen(listener)?;
        if let Some(n) = workers {
            server = server.workers(n as usize);
        }
        let metrics = match metrics_listener {
            Some(listener) => {
                let port = listener.local_addr()?.port();
                let shared = state.clone();
                let server = HttpServer::new(move || {
                    App::new()
                        .app_data(shared.clone())
                        .wrap(ErrorHandlers::new().default_handler(json_error_body))
                        .service(metrics_resource())
                        .default_service(web::to(not_found))
                })
                .workers(1)
                .client_request_timeout(header_timeout)
                .listen(listener)?
                .run();
                Some((server, port))
            }
            None => None,
        };
        Ok(Self {
            port,
            server: server.run(),
            state,
            metrics,
            loader,
        })
    }

    pub fn port(&self) -> u16 {
        self.port
    }

    /// The port `/metrics` is served on when it has an address of its own.
    pub fn metrics_port(&self) -> Option<u16> {
        self.metrics.as_ref().map(|(_, port)| *port)
    }

    /// The shared state, to reload from outside a request.
    pub fn state(&self) -> Data<AppState> {
        self.state.clone()
    }

    /// Serves until stopped (SIGINT/SIGTERM); SIGHUP reloads the card data; events past
    /// their retention are purged now and every `DECKCHECK_PURGE_INTERVAL`. With a loader,
    /// loads the games first (off the event loop); a failed load stops the service and is the
    /// error returned.
    pub async fn run_until_stopped(self) -> std::io::Result<()> {
        // A task of the runtime itself, not of actix's local set: a runtime shut down in the
        // middle of a purge drops it inside the runtime, where the store's connection can go
        // back to its pool (dropped outside, sqlx panics: "requires a Tokio context").
        tokio::spawn(retention::purge_periodically(self.state.clone()));
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
        // Histograms are drained at each scrape; this bounds what they hold between scrapes.
        actix_web::rt::spawn(async {
            let mut every = actix_web::rt::time::interval(UPKEEP_EVERY);
            loop {
                every.tick().await;
                metrics::handle().run_upkeep();
            }
        });
        let failed: Arc<Mutex<Option<LoadError>>> = Arc::default();
        let handles: Vec<_> = std::iter::once(self.server.handle())
            .chain(self.metrics.as_ref().map(|(s, _)| s.handle()))
            .collect();
        match self.loader {
            Some(load) => {
                let state = self.state.clone();
                let failure = Arc::clone(&failed);
                std::thread::spawn(move || match state.load_at_start(load) {
                    Ok(()) => state.log_ready(),
                    Err(e) => {
                        *failure.lock().unwrap_or_else(|e| e.into_inner()) = Some(e);
                        for handle in handles {
                            drop(handle.stop(false));
                        }
                    }
                });
            }
            None => self.state.log_ready(),
        }
        let served = match self.metrics {
            Some((metrics, _)) => futures_util::future::try_join(self.server, metrics)
                .await
                .map(|_| ()),
            None => self.server.await,
        };
        if let Some(e) = failed.lock().unwrap_or_else(|e| e.into_inner()).take() {
            return Err(std::io::Error::other(e));
        }
        served
    }
}

/// `/metrics`: GET and HEAD; another method is a 405.
fn metrics_resource() -> actix_web::Resource {
    web::resource("/metrics")
        .route(web::get().to(health::metrics))
        .route(web::head().to(health::metrics))
}

/// When a catalog's data was made: its sync (the manifest of its current version), else, for a
/// mirror, when its newest file last changed.
fn catalog_time(cards: &std::path::Path) -> Option<SystemTime> {
    let current = deckcheck_core::sync::CatalogDir::new(cards).current();
    if let Some(manifest) = deckcheck_core::sync::read_manifest(&current)
        && let Ok(synced) = manifest.synced_at.parse::<jiff::Timestamp>()
    {
        return Some(SystemTime::from(synced));
    }
    std::fs::read_dir(&current)
        .ok()?
        .filter_map(Result::ok)
        .filter_map(|e| e.metadata().ok()?.modified().ok())
        .max()
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
    if took > SLOW
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

/// A request slower than this is counted for the summary line of slow requests.
const SLOW: Duration = Duration::from_secs(1);

/// The least time between two summary lines of slow requests.
const SLOW_LOG_EVERY: Duration = Duration::from_secs(60);

/// How often the metrics' histograms are drained when nobody scrapes them.
const UPKEEP_EVERY: Duration = Duration::from_secs(5);

/// Something said at most once every so often: the first time at once, then never sooner than
/// `every` after the last time.
struct Every {
    /// When it was last said (seconds since start, plus one; 0 for never).
    last: AtomicU64,
    every: Duration,
}

impl Every {
    fn new(every: Duration) -> Self {
        Self {
            last: AtomicU64::new(0),
            every,
        }
    }

    /// Whether it is time to say it again (and, if so, the time is taken).
    fn due(&self, started: Instant) -> bool {
        let now = started.elapsed().as_secs() + 1;
        let last = self.last.load(Ordering::Relaxed);
        (last == 0 || now >= last + self.every.as_secs())
            && self
                .last
                .compare_exchange(last, now, Ordering::Relaxed, Ordering::Relaxed)
                .is_ok()
    }
}

/// Requests slower than [`SLOW`], summed up in one info line a minute at most.
struct SlowRequests {
    count: AtomicU64,
    slowest_ms: AtomicU64,
    logged: Every,
}

impl Default for SlowRequests {
    fn default() -> Self {
        Self {
            count: AtomicU64::new(0),
            slowest_ms: AtomicU64::new(0),
            logged: Every::new(SLOW_LOG_EVERY),
        }
    }
}

impl SlowRequests {
    fn note(&self, took: Duration, started: Instant) {
        self.count.fetch_add(1, Ordering::Relaxed);
        self.slowest_ms
            .fetch_max(took.as_millis() as u64, Ordering::Relaxed);
        if self.logged.due(started) {
            let requests = self.count.swap(0, Ordering::Relaxed);
            let slowest_ms = self.slowest_ms.swap(0, Ordering::Relaxed);
            tracing::info!(
                target: "access",
                requests,
                slowest_ms,
                "requests slower than 1 s since the last such line (at most one a minute): the \
                 service is under load; deckcheck_http_request_duration_seconds has the detail"
            );
        }
    }
}

/// The part of each body not counted against `DECKCHECK_BODY_MEMORY`: more than a deck list
/// in any format (a 60-card SWUDB export is under 2 KiB).
const SMALL_BODY: usize = 16 * 1024;

/// The least time between two log lines about bodies refused as `busy`.
const BUSY_LOG_EVERY: Duration = Duration::from_secs(10);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_said_every_so_often_is_said_at_once_then_not_before_its_time() {
        let every = Every::new(Duration::from_secs(60));
        let now = Instant::now();
        assert!(every.due(now));
        assert!(!every.due(now));
        if let Some(earlier) = now.checked_sub(Duration::from_secs(120)) {
            assert!(every.due(earlier), "two minutes later it is due again");
        }
    }

    #[test]
    fn slow_requests_are_summed_up_not_said_one_by_one() {
        // Issue 29: hundreds of WARN lines for normal work under load. The first slow request
        // is said at once (with the count so far), the next ones are counted for the next line.
        let slow = SlowRequests::default();
        let now = Instant::now();
        for ms in [1500, 2500, 1200] {
            slow.note(Duration::from_millis(ms), now);
        }
        assert_eq!(slow.count.load(Ordering::Relaxed), 2);
        assert_eq!(slow.slowest_ms.load(Ordering::Relaxed), 2500);
    }
}
