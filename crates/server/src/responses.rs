//! What the routes answer besides their own answers, said once: the error envelope
//! ([`ErrorAnswer`]), what each error answer of a route means ([`say`]), and the lists of error
//! answers routes share ([`DeckErrors`], [`JsonErrors`], [`TokenErrors`]). Handlers and the
//! document read them here; nothing here reads a handler.

use deckcheck_core::RequestError;
use serde::Serialize;

/// Every error answer (4xx and 5xx): `{"error": {...}}`.
#[derive(Serialize, utoipa::ToSchema)]
pub struct ErrorAnswer {
    pub error: RequestError,
}

/// What the error answers of the routes mean, said once.
pub mod say {
    pub const BAD_REQUEST: &str = "The request does not have the documented shape: a wrong type, an unknown field or parameter, a value outside its list or bounds, a date not written YYYY-MM-DD. `error.field` names it.";
    pub const BAD_PARAMETER: &str = "A parameter the route does not read, or a value outside its documented set or bounds. `error.field` names it.";
    pub const NO_PARAMETERS: &str =
        "The route reads no query parameter: `error.field` names the one given.";
    pub const BODY_TIMEOUT: &str = "The body did not arrive whole in time.";
    pub const TOO_LARGE: &str = "The body is larger than the service takes.";
    pub const TOO_LARGE_ROSTER: &str = "The body is larger than the service takes, the roster has more entries than it checks at once, or more entries give their deck as a link than a roster may (64).";
    pub const LINK_HOST: &str = "A deck given as a link to a host the service does not fetch from (`link-host-not-allowed`; `details.site`).";
    pub const LINK_NOT_FOUND: &str = "A deck given as a link names a deck the site does not have or does not show (`link-deck-not-found`).";
    pub const LINK_UPSTREAM: &str = "A deck given as a link could not be fetched: the site failed, answered too much or too slowly, answered no deck, or led where deck links never go (`link-upstream-*`; `details.site`).";
    pub const MEDIA: &str = "The body's content type is not application/json.";
    pub const UNREADABLE_DECKS: &str = "A deck whose entries cannot all be read as cards (`details` lists them), or a deck given as a link to another game's list (`link-wrong-game`).";
    pub const UNAVAILABLE: &str = "The game's data is not loaded, or the service is receiving as many request bodies as it holds at once (retry).";
    pub const STORE_UNAVAILABLE: &str = "The event store did not answer or cannot be written (`store-unavailable`, `read-only`: nothing was changed, and `Retry-After` says when to retry), or failed while it committed (`outcome-unknown`: what was asked may have been done; send the request again with the same `Idempotency-Key` to get its answer), the event's game is not loaded, or the service is receiving as many request bodies as it holds at once: retry.";
    pub const UNAUTHORIZED: &str = "No token, or a token that does not open this event (unknown, or another event's: the same answer). Send `Authorization: Bearer <token>` of this event.";
    pub const FORBIDDEN_AMEND: &str = "A token of this event whose role may not do this (`x-roles` lists the roles the route takes). After the lock only a judge amends a list (CPG 4.3).";
    pub const NO_PLAYER: &str = "The event has no player with this id.";
    pub const TOO_MANY_LOOKUPS: &str = "This client has looked up too many event codes this minute, or too many codes that name no event: retry after `Retry-After` seconds. Counted per client: no other client is refused for it.";
    pub const TOO_MANY_REGISTRATIONS: &str = "This client tried too many codes that name no event (`too-many-attempts`, counted per client: no other client is refused for it), or the player sent as many new lists this hour as an event takes (`too-many-lists`): retry after `Retry-After` seconds. A registration with a valid code is never counted against the address: a venue's players share one.";
    pub const TOO_MANY_EVENTS: &str = "Without an organizer key, while creation is open: this client has created too many events this hour or today, or the service has created as many events today as it creates a day for everyone without a key; with an organizer key: the key created as many events this hour as a key may. Retry after `Retry-After` seconds.";
    pub const LOCKS_AT_PAST: &str = "`locks_at` is not in the future (`locks-at-past`, on the database's clock): give the time lists are due, or none to lock by hand.";
    pub const NO_CREATE_KEY: &str = "The request carries a key that creates no events (unknown, or revoked by the operator), or the service creates events only with a key (`DECKCHECK_CREATE_KEY` is set) and the request carries none: send `Authorization: Bearer <key>` with an organizer key the operator issued.";
    pub const LIST_UNANSWERABLE: &str = "The list has the documented shape but the event's game cannot judge it as it was sent (a deck it cannot read, more decks than the event's format plays, an input format or option it does not read); or the `Idempotency-Key` was sent with another request (`idempotency-key-reused`).";
    pub const LIST_REFUSED: &str = "The list has the documented shape but the event's game cannot judge it as it was sent (a deck it cannot read, more decks than the event's format plays, an input format it does not read); or the list is not legal and the event refuses such lists (`list-refused`: every reason in `details.report`, nothing stored); or the `Idempotency-Key` was sent with another request (`idempotency-key-reused`).";
    pub const PATH_EVENT: &str = "The event's id (`ev_…`), as its creation answered it.";
    pub const PATH_PLAYER: &str = "The player's id (`pl_…`), as the roster lists it.";
    pub const PATH_TOKEN: &str = "The token's id (`tk_…`), as the event's token list and the answer that issued it give it (never the token itself).";
    pub const TOKEN_CHANGED: &str = "Another request changed this token first (`token-changed`: rotated, reissued or revoked at `details.changed_at`): of two token operations sent together one wins, and this one changed nothing.";
    pub const NO_TOKEN: &str = "The event has no token with this id (`no-token`): revoked or reissued already, or another event's.";
    pub const PATH_CODE: &str =
        "The event's registration code (any case; spaces and dashes are ignored).";
}

/// The errors of a validate or window route, as the document lists them (the handlers answer
/// them as [`crate::error::ApiError`]s).
#[derive(utoipa::IntoResponses)]
pub enum DeckErrors {
    /// The request does not have the documented shape: a wrong type, an unknown field or
    /// parameter, a value outside its list or bounds, a date not written YYYY-MM-DD.
    /// `error.field` names it.
    #[response(status = 400)]
    BadRequest(ErrorAnswer),
    /// The body did not arrive whole in time.
    #[response(status = 408)]
    Timeout(ErrorAnswer),
    /// The body is larger than the service takes.
    #[response(status = 413)]
    TooLarge(ErrorAnswer),
    /// The body's content type is neither application/json nor text/plain.
    #[response(status = 415)]
    Media(ErrorAnswer),
    /// The documented shape, but it cannot be answered as it is: a deck or a pool that cannot
    /// be read, more decks than the formats asked play, a Trilogy pool not played on the date,
    /// a window whose `until` is before its `from`, a deck given as a link to another game's
    /// list (`link-wrong-game`).
    #[response(status = 422)]
    Unanswerable(ErrorAnswer),
    /// The game's data is not loaded, or the service is receiving as many request bodies as
    /// it holds at once (retry).
    #[response(status = 503)]
    Unavailable(ErrorAnswer),
    /// A deck given as a link to a host the service does not fetch from
    /// (`link-host-not-allowed`; `details.site`).
    #[response(status = 403)]
    LinkHost(ErrorAnswer),
    /// A deck given as a link names a deck the site does not have or does not show
    /// (`link-deck-not-found`: the message says what to do on that site).
    #[response(status = 404)]
    LinkNotFound(ErrorAnswer),
    /// A deck given as a link could not be fetched: the site failed, answered too much or too
    /// slowly, answered no deck, or led where deck links never go (`link-upstream-*`;
    /// `details.site`).
    #[response(status = 502)]
    LinkUpstream(ErrorAnswer),
}

/// The errors of a route that reads a JSON body.
#[derive(utoipa::IntoResponses)]
pub enum JsonErrors {
    /// The request does not have the documented shape: a wrong type, an unknown field or
    /// parameter, a value outside its list or bounds, a blank name or reason. `error.field`
    /// names it.
    #[response(status = 400)]
    BadRequest(ErrorAnswer),
    /// The body did not arrive whole in time.
    #[response(status = 408)]
    Timeout(ErrorAnswer),
    /// The body is larger than the service takes; on the event routes, a deck list (or pool)
    /// larger than the event's game takes (`list-too-large`: `details` says its bytes and lines
    /// and the most the game takes).
    #[response(status = 413)]
    TooLarge(ErrorAnswer),
    /// The body's content type is not application/json.
    #[response(status = 415)]
    Media(ErrorAnswer),
}

/// The errors of a route that takes an event's token.
#[derive(utoipa::IntoResponses)]
pub enum TokenErrors {
    /// No token, or a token that does not open this event (unknown, or another event's: the
    /// same answer). Send `Authorization: Bearer <token>` of this event.
    #[response(status = 401)]
    Unauthorized(ErrorAnswer),
    /// A token of this event whose role may not do this (`x-roles` lists the roles the route
    /// takes).
    #[response(status = 403)]
    Forbidden(ErrorAnswer),
}

/// The API document, as `/openapi.json` answers it (served as the text made at start).
pub struct Document;

impl utoipa::PartialSchema for Document {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        utoipa::openapi::schema::ObjectBuilder::new()
            .schema_type(utoipa::openapi::schema::Type::Object)
            .description(Some("An OpenAPI 3.1 document."))
            .into()
    }
}

impl utoipa::ToSchema for Document {}
