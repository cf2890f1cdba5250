//! Every route of the service, registered once with its description (utoipa-actix-web): each
//! handler's `#[utoipa::path]` says its path, method, what it reads and what it answers, and the
//! router serves the handler at that very path ([`Api`]), so the router and the API document
//! ([`crate::openapi`]) cannot disagree. A GET route answers HEAD too; any other method is a
//! 405 naming the allowed ones. The pages are routed here too, outside the document. `/metrics`
//! is registered apart (on the main address or on `DECKCHECK_METRICS_ADDR`, see
//! [`crate::metrics`]).
//!
//! A new route: its handler with a `#[utoipa::path]`, and one line below.

use std::marker::PhantomData;

use actix_web::dev::{AppService, HttpServiceFactory};
use actix_web::{FromRequest, Handler, Responder, web};
use utoipa::openapi::HttpMethod;
use utoipa::openapi::RefOr;
use utoipa::openapi::path::{PathItem, Paths};
use utoipa::openapi::schema::Schema;
use utoipa_actix_web::OpenApiFactory;
use utoipa_actix_web::service_config::ServiceConfig;

use crate::{admin, cards, decks, events, health, page, sheets};

/// The default game's routes (Star Wars: Unlimited's).
pub const DEFAULT_GAME: &str = "/v1";
/// Every game's own routes: the document gives each game its own copy, with its own formats,
/// input formats and options ([`crate::openapi`]).
pub const EACH_GAME: &str = "/v1/games/{game}";

/// A handler served at the path its `#[utoipa::path]` (`P`) gives, under a prefix, and
/// described by it.
pub struct Api<P, H, A> {
    prefix: &'static str,
    handler: H,
    described: PhantomData<fn(P, A)>,
}

/// The handler whose description is `P` (the `__path_<handler>` type `#[utoipa::path]` makes),
/// under `prefix`.
pub fn api<P, H, A>(prefix: &'static str, handler: H) -> Api<P, H, A> {
    Api {
        prefix,
        handler,
        described: PhantomData,
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
        let mut resource = web::resource(format!("{}{}", self.prefix, P::path()));
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
/// or the router with the API document ([`crate::openapi`], utoipa-actix-web's
/// [`ServiceConfig`]). Only the document needs each route's description: built for every route
/// in every worker, it was ~10 MB of garbage per worker at start, left in that worker's
/// allocator arena (issue 33 item 6).
pub trait Routes {
    /// A route of the API.
    fn service<F: HttpServiceFactory + OpenApiFactory + 'static>(&mut self, route: F) -> &mut Self;
    /// Routes outside the document.
    fn map<F>(&mut self, f: F) -> &mut Self
    where
        F: FnOnce(&mut web::ServiceConfig) -> &mut web::ServiceConfig;
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
                .route(web::get().to(handler.clone()))
                .route(web::head().to(handler)),
        )
    });
}

/// Every route: the API (described), then the pages.
pub fn routes<R: Routes>(cfg: &mut R) {
    for game in [DEFAULT_GAME, EACH_GAME] {
        cfg.service(api::<decks::__path_validate, _, _>(game, decks::validate))
            .service(api::<decks::__path_validate_batch, _, _>(
                game,
                decks::validate_batch,
            ))
            .service(api::<decks::__path_compare, _, _>(game, decks::compare))
            .service(api::<decks::__path_window, _, _>(game, decks::window))
            .service(api::<cards::__path_search, _, _>(game, cards::search))
            .service(api::<cards::__path_card, _, _>(game, cards::card));
    }
    cfg.service(api::<cards::__path_games, _, _>("", cards::games))
        .service(api::<cards::__path_formats, _, _>("", cards::formats))
        .service(api::<cards::__path_sets, _, _>("", cards::sets))
        .service(api::<cards::__path_suspensions, _, _>(
            "",
            cards::suspensions,
        ))
        .service(api::<health::__path_health, _, _>("", health::health))
        .service(api::<health::__path_live, _, _>("", health::live))
        .service(api::<health::__path_ready, _, _>("", health::ready))
        .service(api::<health::__path_openapi, _, _>("", health::openapi))
        .service(api::<admin::__path_reload, _, _>("", admin::reload));
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
        .service(api::<sheets::__path_sheets, _, _>("", sheets::sheets))
        .service(api::<sheets::__path_my_sheet, _, _>("", sheets::my_sheet));
}
