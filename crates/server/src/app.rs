//! The application: binding, the routes, the API document they derive, and serving.
//!
//! `Application::build` binds the listener itself (port 0 in tests) and reads back the port;
//! `run_until_stopped` serves. `serve` binds first and loads the games' data off the event
//! loop ([`Application::build_loading`]): `/health` answers at once, `/ready` and the game
//! routes answer 503 until the data is in place; a default game that cannot load stops the
//! service.
//!
//! Every route is registered once ([`routes`]) with its handler's description
//! (utoipa-actix-web): each handler's `#[utoipa::path]` says its path, method, what it reads and
//! what it answers, and the router serves the handler at that very path ([`Api`]), so the
//! router and the API document ([`derived`], [`crate::openapi`]) cannot disagree; the roles a
//! route takes are read from its handler's [`Authorized`](crate::extract::Authorized) argument.
//! A GET route answers HEAD too; any other method is a 405 naming the allowed ones. The pages
//! are routed here too, outside the document. `/metrics` is registered apart (on the main
//! address or on `DECKCHECK_METRICS_ADDR`).

use std::borrow::Cow;
use std::marker::PhantomData;
use std::net::TcpListener;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use actix_web::dev::{AppService, HttpServiceFactory, Server};
use actix_web::web::{self, Data};
use actix_web::{App, FromRequest, Handler, HttpServer, Responder};
use deckcheck_core::LoadError;
use utoipa::openapi::HttpMethod;
use utoipa::openapi::RefOr;
use utoipa::openapi::extensions::ExtensionsBuilder;
use utoipa::openapi::path::{PathItem, Paths};
use utoipa::openapi::schema::Schema;
use utoipa::openapi::security::SecurityRequirement;
use utoipa_actix_web::service_config::ServiceConfig;
use utoipa_actix_web::{AppExt, OpenApiFactory};

use crate::error::Error;
use crate::extract::{GameScope, Guard, PathGame};
use crate::games::Loaded;
use crate::limits::Limits;
use crate::metrics::RouteMetrics;
use crate::middleware::{Observe, not_found};
use crate::openapi::{DEFAULT_GAME, EACH_GAME};
use crate::settings::Settings;
use crate::state::{AppState, Loader};
use crate::{admin, cards, decks, events, health, keys, metrics, page, sheets};
use deckcheck_store::Stored;

/// The document as the routes' registration makes it, before any game is named.
pub fn derived() -> serde_json::Value {
    let (_, api) = App::new()
        .into_utoipa_app()
        .configure(|cfg| routes(cfg))
        .split_for_parts();
    serde_json::to_value(api).unwrap_or_default()
}

/// The API document of the embedded legality data: `docs/openapi.json`, which the code derives
/// (a test holds the file to what [`derived`] and [`crate::openapi`] make of the embedded data,
/// so it can never drift). Served as it is: deriving it at every start cost a second of CPU and
/// left ~60 MB of freed schemas resident (issue 33 item 6).
const EMBEDDED_DOCUMENT: &str = include_str!("../../../docs/openapi.json");

/// The API document the service serves: the embedded one, or, when the operator gives other
/// legality data (`DECKCHECK_CARD_DATA`), the one derived from it at start.
fn document(settings: &Settings) -> Cow<'static, str> {
    let Some(card_data) = settings.card_data.as_deref() else {
        return Cow::Borrowed(EMBEDDED_DOCUMENT);
    };
    Cow::Owned(match crate::openapi::games(Some(card_data)) {
        Ok(games) => crate::openapi::document_json(derived(), &games),
        Err(e) => {
            tracing::error!(error = %e, "the API document could not be made");
            serde_json::json!({ "error": e.to_string() }).to_string()
        }
    })
}

/// How long the histograms' upkeep waits between two runs when nobody scrapes them.
const UPKEEP_EVERY: Duration = Duration::from_secs(5);

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
        // Several replicas share PostgreSQL: a client's budgets are kept there, spent by all.
        let shared =
            (store.backend() == deckcheck_store::Backend::Postgres).then(|| store.budgets());
        let limits = Data::new(Limits::new(&settings, shared));
        // Derived (other legality data than the embedded) on a thread of its own: what it frees
        // stays in that thread's allocator arena, not in the main thread's heap.
        let openapi = std::thread::scope(|s| s.spawn(|| document(&settings)).join()).unwrap_or(
            Cow::Borrowed(r#"{"error": "the API document could not be made"}"#),
        );
        let state = Data::new(AppState::new(loaded, settings, store, links, openapi));
        let shared = state.clone();
        let mut server = HttpServer::new(move || {
            let app = App::new()
                .app_data(shared.clone())
                .app_data(limits.clone())
                .wrap(Observe)
                // The routes alone: their descriptions are the document's, built once
                // ([`derived`]), not in every worker.
                .configure(routes);
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
                        .wrap(Observe)
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
        tokio::spawn(crate::retention::purge_periodically(self.state.clone()));
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
                    match web::block(move || crate::loading::reload(&state)).await {
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
        .app_data(RouteMetrics::new("/metrics".into()))
        .route(web::get().to(health::metrics))
        .route(web::head().to(health::metrics))
}

/// A handler served at the path its `#[utoipa::path]` (`P`) gives, under a prefix, and
/// described by it.
pub struct Api<P, H, A> {
    prefix: &'static str,
    /// What the route's metrics name before its path (the prefix, unless it is in a scope).
    route: &'static str,
    handler: H,
    described: PhantomData<fn(P, A)>,
}

/// The handler whose description is `P` (the `__path_<handler>` type `#[utoipa::path]` makes),
/// under `prefix`.
pub fn api<P, H, A>(prefix: &'static str, handler: H) -> Api<P, H, A> {
    Api {
        prefix,
        route: prefix,
        handler,
        described: PhantomData,
    }
}

impl<P, H, A> Api<P, H, A> {
    /// The route's metrics named under `route` (a route inside a scope).
    fn named(mut self, route: &'static str) -> Self {
        self.route = route;
        self
    }
}

impl<P, H, A> HttpServiceFactory for Api<P, H, A>
where
    P: utoipa::Path + 'static,
    H: Handler<A> + Clone + 'static,
    A: FromRequest + 'static,
    H::Output: Responder + 'static,
{
    fn register(self, config: &mut AppService) {
        let path = format!("{}{}", self.prefix, P::path());
        let named = format!("{}{}", self.route, P::path());
        let mut resource = web::resource(path.as_str()).app_data(RouteMetrics::new(named));
        for method in P::methods() {
            resource = match method {
                HttpMethod::Get => resource
                    .route(web::get().to(self.handler.clone()))
                    .route(web::head().to(self.handler.clone())),
                HttpMethod::Post => resource.route(web::post().to(self.handler.clone())),
                _ => panic!("{}: a method no route of this service takes", P::path()),
            };
        }
        resource.register(config);
    }
}

impl<P, H, A> OpenApiFactory for Api<P, H, A>
where
    P: utoipa::Path + utoipa::__dev::SchemaReferences + for<'t> utoipa::__dev::Tags<'t>,
    A: Guard,
{
    fn paths(&self) -> Paths {
        let mut paths = Paths::builder();
        for method in P::methods() {
            let mut operation = P::operation();
            let tags = P::tags();
            if !tags.is_empty() {
                operation
                    .tags
                    .get_or_insert_with(Vec::new)
                    .extend(tags.into_iter().map(str::to_string));
            }
            // The roles the handler's `Authorized` operation takes (the lifecycle table's):
            // the route takes an event's token, and says whose.
            if let Some(roles) = A::roles() {
                let roles: Vec<&str> = roles.iter().map(|r| r.as_str()).collect();
                operation.security = Some(vec![SecurityRequirement::new(
                    "eventToken",
                    Vec::<String>::new(),
                )]);
                operation
                    .extensions
                    .get_or_insert_with(Default::default)
                    .merge(ExtensionsBuilder::new().add("x-roles", roles).build());
            }
            paths = paths.path(
                format!("{}{}", self.prefix, P::path()),
                PathItem::new(method, operation),
            );
        }
        paths.build()
    }

    fn schemas(&self, schemas: &mut Vec<(String, RefOr<Schema>)>) {
        P::schemas(schemas);
    }
}

/// Where the routes are registered: each worker's router alone (`actix_web::web::ServiceConfig`),
/// or the router with the API document (utoipa-actix-web's [`ServiceConfig`], [`derived`]).
/// Only the document needs each route's description: built for every route in every worker, it
/// was ~10 MB of garbage per worker at start, left in that worker's allocator arena (issue 33
/// item 6).
pub trait Routes {
    /// A route of the API.
    fn service<F: HttpServiceFactory + OpenApiFactory + 'static>(&mut self, route: F) -> &mut Self;
    /// Routes outside the document.
    fn map<F>(&mut self, f: F) -> &mut Self
    where
        F: FnOnce(&mut web::ServiceConfig) -> &mut web::ServiceConfig;
    /// Every game's own routes, in the scope `/v1/games/{game}`.
    fn each_game(&mut self) -> &mut Self;
}

impl Routes for web::ServiceConfig {
    fn service<F: HttpServiceFactory + OpenApiFactory + 'static>(&mut self, route: F) -> &mut Self {
        web::ServiceConfig::service(self, route)
    }

    fn map<F>(&mut self, f: F) -> &mut Self
    where
        F: FnOnce(&mut web::ServiceConfig) -> &mut web::ServiceConfig,
    {
        f(self);
        self
    }

    fn each_game(&mut self) -> &mut Self {
        // Each game under its own fixed prefix: matched without a pattern (a pattern's
        // captures cost a request more than the rest of its routing). A path of a game
        // deckcheck does not know falls to the last scope, which says so.
        for spec in crate::games::GAMES {
            web::ServiceConfig::service(
                self,
                web::scope(&format!("/v1/games/{}", spec.id))
                    .app_data(GameScope(spec.id))
                    .configure(|c| game_routes(c, "", EACH_GAME)),
            );
        }
        web::ServiceConfig::service(
            self,
            web::scope(EACH_GAME).default_service(web::to(unknown_game)),
        )
    }
}

impl Routes for ServiceConfig<'_> {
    fn service<F: HttpServiceFactory + OpenApiFactory + 'static>(&mut self, route: F) -> &mut Self {
        ServiceConfig::service(self, route)
    }

    fn map<F>(&mut self, f: F) -> &mut Self
    where
        F: FnOnce(&mut web::ServiceConfig) -> &mut web::ServiceConfig,
    {
        ServiceConfig::map(self, f)
    }

    fn each_game(&mut self) -> &mut Self {
        ServiceConfig::service(
            self,
            utoipa_actix_web::scope(EACH_GAME).configure(|c| game_routes(c, "", EACH_GAME)),
        )
    }
}

/// A page (not part of the API document): GET and HEAD.
fn page<R, H, A>(cfg: &mut R, path: &str, handler: H)
where
    R: Routes,
    H: Handler<A> + Clone + 'static,
    A: FromRequest + 'static,
    H::Output: Responder + 'static,
{
    cfg.map(|c| {
        c.service(
            web::resource(path)
                .app_data(RouteMetrics::new(path.to_string()))
                .route(web::get().to(handler.clone()))
                .route(web::head().to(handler)),
        )
    });
}

/// Every route: the API (described), then the pages. The routes that name no game are
/// registered first: a fixed path is matched before the patterns of the game routes are tried.
pub fn routes<R: Routes>(cfg: &mut R) {
    // The router tries each route in this order until one matches: the probes first (asked
    // every few seconds), then the deck routes (what clients call most), then the rest.
    cfg.service(api::<health::__path_health, _, _>("", health::health))
        .service(api::<health::__path_live, _, _>("", health::live))
        .service(api::<health::__path_ready, _, _>("", health::ready));
    game_routes(cfg, DEFAULT_GAME, DEFAULT_GAME);
    // Every game's own routes, in one scope: its pattern is tried once, then the routes
    // inside it as the fixed paths they are.
    cfg.each_game();
    cfg.service(api::<health::__path_openapi, _, _>("", health::openapi))
        .service(api::<cards::__path_games, _, _>("", cards::games))
        .service(api::<cards::__path_formats, _, _>("", cards::formats))
        .service(api::<cards::__path_sets, _, _>("", cards::sets))
        .service(api::<cards::__path_suspensions, _, _>(
            "",
            cards::suspensions,
        ))
        .service(api::<admin::__path_reload, _, _>("", admin::reload))
        .service(api::<keys::__path_issue, _, _>("", keys::issue))
        .service(api::<keys::__path_list, _, _>("", keys::list))
        .service(api::<keys::__path_revoke, _, _>("", keys::revoke));
    event_routes(cfg);
    page(cfg, "/", page::index);
    page(cfg, "/app.js", page::script);
    page(cfg, "/style.css", page::style);
    page(cfg, "/events/register", page::register);
    page(cfg, "/events/organizer", page::organizer);
    page(cfg, "/events/judge", page::judge);
    page(cfg, "/events/published", page::published);
    page(cfg, "/events/events.js", page::events_script);
    page(cfg, "/events/events.css", page::events_style);
    page(cfg, "/events/sheet", page::sheet);
    page(cfg, "/events/sheet.js", page::sheet_script);
    page(cfg, "/events/sheet.css", page::sheet_style);
}

/// A path under `/v1/games/{game}` of a game deckcheck does not know (a 404 naming the games),
/// or of one whose data is not loaded (a 503).
async fn unknown_game(req: actix_web::HttpRequest) -> Result<actix_web::HttpResponse, Error> {
    PathGame::of(&req)?;
    Err(deckcheck_core::RequestError::not_found(
        "path",
        format!("no route {} {}", req.method(), req.path()),
    )
    .into())
}

/// A game's routes, under `prefix` (the default game's `/v1`, or none inside the scope of
/// every game's), their metrics named under `route` (`/v1/games/{game}`).
fn game_routes<R: Routes>(cfg: &mut R, prefix: &'static str, route: &'static str) {
    cfg.service(api::<decks::__path_validate, _, _>(prefix, decks::validate).named(route))
        .service(
            api::<decks::__path_validate_batch, _, _>(prefix, decks::validate_batch).named(route),
        )
        .service(api::<decks::__path_compare, _, _>(prefix, decks::compare).named(route))
        .service(api::<decks::__path_window, _, _>(prefix, decks::window).named(route))
        .service(api::<cards::__path_search, _, _>(prefix, cards::search).named(route))
        .service(api::<cards::__path_card, _, _>(prefix, cards::card).named(route));
}

/// The event routes ([`crate::events`]).
fn event_routes<R: Routes>(cfg: &mut R) {
    use events::*;
    cfg.service(api::<__path_create, _, _>("", create))
        .service(api::<__path_event, _, _>("", event))
        .service(api::<__path_configure, _, _>("", configure))
        .service(api::<__path_lock, _, _>("", lock))
        .service(api::<__path_judges, _, _>("", judges))
        .service(api::<__path_roster, _, _>("", roster))
        .service(api::<__path_export, _, _>("", export))
        .service(api::<__path_review, _, _>("", review))
        .service(api::<__path_publish, _, _>("", publish))
        .service(api::<__path_published, _, _>("", published))
        .service(api::<__path_player, _, _>("", player))
        .service(api::<__path_amend, _, _>("", amend))
        .service(api::<__path_resolve, _, _>("", resolve))
        .service(api::<__path_deck_check, _, _>("", deck_check))
        .service(api::<__path_deck_checks, _, _>("", deck_checks))
        .service(api::<__path_pick, _, _>("", pick))
        .service(api::<__path_by_code, _, _>("", by_code))
        .service(api::<__path_register, _, _>("", register))
        .service(api::<__path_me, _, _>("", me))
        .service(api::<__path_resubmit, _, _>("", resubmit))
        .service(api::<__path_tokens, _, _>("", tokens))
        .service(api::<__path_revoke_token, _, _>("", revoke_token))
        .service(api::<__path_reissue_judge_token, _, _>(
            "",
            reissue_judge_token,
        ))
        .service(api::<__path_reissue_player_token, _, _>(
            "",
            reissue_player_token,
        ))
        .service(api::<__path_rotate_organizer_token, _, _>(
            "",
            rotate_organizer_token,
        ))
        .service(api::<__path_recover_organizer, _, _>("", recover_organizer))
        .service(api::<__path_delete, _, _>("", delete))
        .service(api::<__path_remove, _, _>("", remove))
        .service(api::<__path_correct, _, _>("", correct))
        .service(api::<__path_withdraw, _, _>("", withdraw))
        .service(api::<__path_void_check, _, _>("", void_check))
        .service(api::<sheets::__path_sheets, _, _>("", sheets::sheets))
        .service(api::<sheets::__path_my_sheet, _, _>("", sheets::my_sheet));
}
