//! Every endpoint of the service, declared once. The router registers [`Endpoint::ALL`] with
//! [`Endpoint::route`]; the API document describes the same list with [`Endpoint::describe`]
//! (in [`crate::openapi`]). Both are exhaustive matches on this enum, so an endpoint cannot be
//! served without being documented, or documented without being served.

use actix_web::Route;
use actix_web::web;

use crate::{admin, cards, decks, health, page};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Endpoint {
    Validate,
    ValidateBatch,
    Compare,
    Window,
    CardSearch,
    Card,
    Games,
    Formats,
    Sets,
    Suspensions,
    Health,
    OpenApi,
    AdminReload,
    PageIndex,
    PageScript,
    PageStyle,
}

/// How an endpoint is reached.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Method {
    Get,
    Post,
}

impl Endpoint {
    pub const ALL: [Endpoint; 16] = [
        Self::Validate,
        Self::ValidateBatch,
        Self::Compare,
        Self::Window,
        Self::CardSearch,
        Self::Card,
        Self::Games,
        Self::Formats,
        Self::Sets,
        Self::Suspensions,
        Self::Health,
        Self::OpenApi,
        Self::AdminReload,
        Self::PageIndex,
        Self::PageScript,
        Self::PageStyle,
    ];

    /// The path of the default game's endpoint (Star Wars: Unlimited for game routes).
    pub fn path(self) -> &'static str {
        match self {
            Self::Validate => "/v1/decks/validate",
            Self::ValidateBatch => "/v1/decks/validate-batch",
            Self::Compare => "/v1/decks/compare",
            Self::Window => "/v1/decks/window",
            Self::CardSearch => "/v1/cards",
            Self::Card => "/v1/cards/{id}",
            Self::Games => "/v1/games",
            Self::Formats => "/v1/formats",
            Self::Sets => "/v1/sets",
            Self::Suspensions => "/v1/suspensions",
            Self::Health => "/health",
            Self::OpenApi => "/openapi.json",
            Self::AdminReload => "/v1/admin/reload",
            Self::PageIndex => "/",
            Self::PageScript => "/app.js",
            Self::PageStyle => "/style.css",
        }
    }

    /// Whether every game has the endpoint too, at `/v1/games/{game}` + its path after `/v1`.
    pub fn per_game(self) -> bool {
        matches!(
            self,
            Self::Validate
                | Self::ValidateBatch
                | Self::Compare
                | Self::Window
                | Self::CardSearch
                | Self::Card
        )
    }

    /// The path of a game's own endpoint: `/v1/games/legion/decks/validate`.
    pub fn game_path(self, game: &str) -> Option<String> {
        let rest = self.path().strip_prefix("/v1")?;
        self.per_game().then(|| format!("/v1/games/{game}{rest}"))
    }

    pub fn method(self) -> Method {
        match self {
            Self::Validate
            | Self::ValidateBatch
            | Self::Compare
            | Self::Window
            | Self::AdminReload => Method::Post,
            _ => Method::Get,
        }
    }

    /// What the document says of the endpoint: its operation id (the per-game copies add
    /// `_<game>`) and one line of what it answers.
    pub fn describe(self) -> (&'static str, &'static str) {
        match self {
            Self::Validate => (
                "validate",
                "Is this deck legal in these formats on this date, and if not, exactly why?",
            ),
            Self::ValidateBatch => (
                "validate_batch",
                "An event's roster: one answer per entry and a summary",
            ),
            Self::Compare => (
                "compare",
                "A judge's deck check: is the presented deck the registered one?",
            ),
            Self::Window => ("window", "When is this deck legal, format by format?"),
            Self::CardSearch => ("search_cards", "Cards by name, with did-you-mean"),
            Self::Card => (
                "card",
                "One card by any of its ids, and its standing in each format on a date",
            ),
            Self::Games => (
                "games",
                "The games, their formats, input formats and violation codes",
            ),
            Self::Formats => ("formats", "Each game's formats, as data"),
            Self::Sets => (
                "sets",
                "Star Wars: Unlimited's sets, with release dates and rotation blocks",
            ),
            Self::Suspensions => (
                "suspensions",
                "Star Wars: Unlimited's suspension history, or one list's suspensions on a date",
            ),
            Self::Health => ("health", "Ready, and which data answers"),
            Self::OpenApi => ("openapi", "This document"),
            Self::AdminReload => (
                "admin_reload",
                "Reload every game's data and swap it in (admin bearer token)",
            ),
            Self::PageIndex => ("page_index", "The player's page"),
            Self::PageScript => ("page_script", "The page's script"),
            Self::PageStyle => ("page_style", "The page's style sheet"),
        }
    }

    /// Part of the API (described in the document), or a page asset.
    pub fn is_api(self) -> bool {
        !matches!(self, Self::PageIndex | Self::PageScript | Self::PageStyle)
    }

    /// The handler, as actix routes it.
    fn handler(self, route: Route) -> Route {
        match self {
            Self::Validate => route.to(decks::validate),
            Self::ValidateBatch => route.to(decks::validate_batch),
            Self::Compare => route.to(decks::compare),
            Self::Window => route.to(decks::window),
            Self::CardSearch => route.to(cards::search),
            Self::Card => route.to(cards::card),
            Self::Games => route.to(cards::games),
            Self::Formats => route.to(cards::formats),
            Self::Sets => route.to(cards::sets),
            Self::Suspensions => route.to(cards::suspensions),
            Self::Health => route.to(health::health),
            Self::OpenApi => route.to(health::openapi),
            Self::AdminReload => route.to(admin::reload),
            Self::PageIndex => route.to(page::index),
            Self::PageScript => route.to(page::script),
            Self::PageStyle => route.to(page::style),
        }
    }

    /// Registers the endpoint (and its per-game path): GET endpoints answer HEAD too; any other
    /// method is a 405 naming the allowed ones.
    pub fn register(self, cfg: &mut web::ServiceConfig) {
        let mut paths = vec![self.path().to_string()];
        if let Some(p) = self.game_path("{game}") {
            paths.push(p);
        }
        for path in paths {
            let resource = web::resource(path);
            let resource = match self.method() {
                Method::Get => resource
                    .route(self.handler(web::get()))
                    .route(self.handler(web::head())),
                Method::Post => resource.route(self.handler(web::post())),
            };
            cfg.service(resource);
        }
    }
}

/// Every endpoint, registered.
pub fn routes(cfg: &mut web::ServiceConfig) {
    for endpoint in Endpoint::ALL {
        endpoint.register(cfg);
    }
}
