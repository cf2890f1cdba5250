//! Every endpoint of the service, declared once. The router registers [`Endpoint::ALL`] with
//! [`Endpoint::route`]; the API document describes the same list with [`Endpoint::describe`]
//! (in [`crate::openapi`]). Both are exhaustive matches on this enum, so an endpoint cannot be
//! served without being documented, or documented without being served.

use actix_web::Route;
use actix_web::web;

use crate::{admin, cards, decks, events, events_doc, health, page};

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
    HealthLive,
    Ready,
    OpenApi,
    AdminReload,
    PageIndex,
    PageScript,
    PageStyle,
    EventCreate,
    Event,
    EventSettings,
    EventLock,
    EventJudges,
    EventRoster,
    EventExport,
    EventReview,
    EventPublish,
    EventPublished,
    EventPlayer,
    EventAmend,
    EventResolve,
    EventDeckCheck,
    EventDeckChecks,
    EventPick,
    EventByCode,
    EventRegister,
    EventMe,
    EventResubmit,
    PageRegister,
    PageOrganizer,
    PageJudge,
    PageEventsScript,
    PageEventsStyle,
}

/// How an endpoint is reached.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Method {
    Get,
    Post,
}

impl Endpoint {
    pub const ALL: [Endpoint; 43] = [
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
        Self::HealthLive,
        Self::Ready,
        Self::OpenApi,
        Self::AdminReload,
        Self::PageIndex,
        Self::PageScript,
        Self::PageStyle,
        Self::EventCreate,
        Self::Event,
        Self::EventSettings,
        Self::EventLock,
        Self::EventJudges,
        Self::EventRoster,
        Self::EventExport,
        Self::EventReview,
        Self::EventPublish,
        Self::EventPublished,
        Self::EventPlayer,
        Self::EventAmend,
        Self::EventResolve,
        Self::EventDeckCheck,
        Self::EventDeckChecks,
        Self::EventPick,
        Self::EventByCode,
        Self::EventRegister,
        Self::EventMe,
        Self::EventResubmit,
        Self::PageRegister,
        Self::PageOrganizer,
        Self::PageJudge,
        Self::PageEventsScript,
        Self::PageEventsStyle,
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
            Self::HealthLive => "/health/live",
            Self::Ready => "/ready",
            Self::OpenApi => "/openapi.json",
            Self::AdminReload => "/v1/admin/reload",
            Self::PageIndex => "/",
            Self::PageScript => "/app.js",
            Self::PageStyle => "/style.css",
            Self::EventCreate => "/v1/events",
            Self::Event => "/v1/events/{event}",
            Self::EventSettings => "/v1/events/{event}/settings",
            Self::EventLock => "/v1/events/{event}/lock",
            Self::EventJudges => "/v1/events/{event}/judges",
            Self::EventRoster => "/v1/events/{event}/players",
            Self::EventExport => "/v1/events/{event}/export",
            Self::EventReview => "/v1/events/{event}/review",
            Self::EventPublish => "/v1/events/{event}/publish",
            Self::EventPublished => "/v1/events/{event}/published",
            Self::EventPlayer => "/v1/events/{event}/players/{player}",
            Self::EventAmend => "/v1/events/{event}/players/{player}/lists",
            Self::EventResolve => "/v1/events/{event}/players/{player}/resolve",
            Self::EventDeckCheck => "/v1/events/{event}/players/{player}/deck-checks",
            Self::EventDeckChecks => "/v1/events/{event}/deck-checks",
            Self::EventPick => "/v1/events/{event}/deck-checks/pick",
            Self::EventByCode => "/v1/events/code/{code}",
            Self::EventRegister => "/v1/events/code/{code}/players",
            Self::EventMe => "/v1/events/{event}/me",
            Self::EventResubmit => "/v1/events/{event}/me/lists",
            Self::PageRegister => "/events/register",
            Self::PageOrganizer => "/events/organizer",
            Self::PageJudge => "/events/judge",
            Self::PageEventsScript => "/events/events.js",
            Self::PageEventsStyle => "/events/events.css",
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
            | Self::AdminReload
            | Self::EventCreate
            | Self::EventSettings
            | Self::EventLock
            | Self::EventJudges
            | Self::EventPublish
            | Self::EventAmend
            | Self::EventResolve
            | Self::EventDeckCheck
            | Self::EventPick
            | Self::EventRegister
            | Self::EventResubmit => Method::Post,
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
            Self::Health => (
                "health",
                "Live (the process answers), and which data answers",
            ),
            Self::HealthLive => (
                "health_live",
                "Live: the process answers (a liveness probe)",
            ),
            Self::Ready => (
                "ready",
                "Ready: every game's data loaded and the event store answering (a readiness probe); 503 otherwise",
            ),
            Self::OpenApi => ("openapi", "This document"),
            Self::AdminReload => (
                "admin_reload",
                "Reload every game's data and swap it in (admin bearer token)",
            ),
            Self::PageIndex => ("page_index", "The player's page"),
            Self::PageScript => ("page_script", "The page's script"),
            Self::PageStyle => ("page_style", "The page's style sheet"),
            Self::PageRegister => ("page_register", "The registration page"),
            Self::PageOrganizer => ("page_organizer", "The organizer's page"),
            Self::PageJudge => ("page_judge", "The judge's page"),
            Self::PageEventsScript => ("page_events_script", "The event pages' script"),
            Self::PageEventsStyle => ("page_events_style", "The event pages' style sheet"),
            event => events_doc::describe(event),
        }
    }

    /// Part of the API (described in the document), or a page asset.
    pub fn is_api(self) -> bool {
        !matches!(
            self,
            Self::PageIndex
                | Self::PageScript
                | Self::PageStyle
                | Self::PageRegister
                | Self::PageOrganizer
                | Self::PageJudge
                | Self::PageEventsScript
                | Self::PageEventsStyle
        )
    }

    /// An event route (`/v1/events/...`).
    pub fn is_event(self) -> bool {
        self.path().starts_with("/v1/events")
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
            Self::HealthLive => route.to(health::live),
            Self::Ready => route.to(health::ready),
            Self::OpenApi => route.to(health::openapi),
            Self::AdminReload => route.to(admin::reload),
            Self::PageIndex => route.to(page::index),
            Self::PageScript => route.to(page::script),
            Self::PageStyle => route.to(page::style),
            Self::EventCreate => route.to(events::create),
            Self::Event => route.to(events::event),
            Self::EventSettings => route.to(events::configure),
            Self::EventLock => route.to(events::lock),
            Self::EventJudges => route.to(events::judges),
            Self::EventRoster => route.to(events::roster),
            Self::EventExport => route.to(events::export),
            Self::EventReview => route.to(events::review),
            Self::EventPublish => route.to(events::publish),
            Self::EventPublished => route.to(events::published),
            Self::EventPlayer => route.to(events::player),
            Self::EventAmend => route.to(events::amend),
            Self::EventResolve => route.to(events::resolve),
            Self::EventDeckCheck => route.to(events::deck_check),
            Self::EventDeckChecks => route.to(events::deck_checks),
            Self::EventPick => route.to(events::pick),
            Self::EventByCode => route.to(events::by_code),
            Self::EventRegister => route.to(events::register),
            Self::EventMe => route.to(events::me),
            Self::EventResubmit => route.to(events::resubmit),
            Self::PageRegister => route.to(page::register),
            Self::PageOrganizer => route.to(page::organizer),
            Self::PageJudge => route.to(page::judge),
            Self::PageEventsScript => route.to(page::events_script),
            Self::PageEventsStyle => route.to(page::events_style),
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
