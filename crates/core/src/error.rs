//! Every error code of the API, once: its id (an API contract), the HTTP status the service
//! answers it with, and what it means. The service's answers, the API document's list of codes
//! (`error.code` is an enum of them) and `docs/api-contract.md` all come from [`ErrorCode`].
//!
//! A deck that breaks rules is never an error (it is a report); a request that cannot be
//! answered is a [`RequestError`]: a code, a message naming the bad value, the field at fault
//! and, where the code has more to say, typed [`Details`]. It is the one error of the API: the
//! service answers it as it is (`{"error": {code, message, field, details}}`), its status the
//! code's own, its `Retry-After` and `WWW-Authenticate` headers read from its details.

use jiff::Timestamp;
use serde::Serialize;

use crate::answer::{Reloaded, Validated};
use crate::diagnostic::{Diagnostic, MAX_LISTED};
use crate::input::ImportError;
use crate::report::Verdict;

macro_rules! codes {
    ($($(#[$doc:meta])* $variant:ident = $id:tt, $status:tt, $meaning:tt;)*) => {
        /// A stable error id, with the HTTP status the service answers it with.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, utoipa::ToSchema)]
        pub enum ErrorCode {
            $($(#[$doc])* #[serde(rename = $id)] $variant,)*
        }

        impl ErrorCode {
            /// Every code, in the order of the contract's table.
            pub const ALL: &'static [ErrorCode] = &[$(Self::$variant),*];

            /// The id a client reads in `error.code`.
            pub const fn as_str(self) -> &'static str {
                match self { $(Self::$variant => $id,)* }
            }

            /// The HTTP status the service answers with.
            pub const fn status(self) -> u16 {
                match self { $(Self::$variant => $status,)* }
            }

            /// What the code means, for the document and the contract.
            pub const fn meaning(self) -> &'static str {
                match self { $(Self::$variant => $meaning,)* }
            }
        }
    };
}

codes! {
    // 400: the request does not have the documented shape.
    MalformedJson = "malformed-json", 400, "The body is not valid JSON (`details`: line and column).";
    InvalidRequest = "invalid-request", 400, "The JSON does not have the request's shape: a wrong type, an unknown field, a list where an object goes.";
    BadValue = "bad-value", 400, "A value outside its documented set or bounds, or of the wrong kind; an unknown query parameter.";
    BadDate = "bad-date", 400, "A date not written YYYY-MM-DD, or no such day.";
    MissingField = "missing-field", 400, "A required field or parameter is missing.";
    UnknownFormat = "unknown-format", 400, "A format the game does not have (the message lists its formats).";
    UnknownInputFormat = "unknown-input-format", 400, "An input format the game does not read (the message lists them).";
    BadRequest = "bad-request", 400, "The HTTP request itself cannot be read.";
    LinkInvalid = "link-invalid", 400, "A deck given as a link that is not an absolute `https://` URL.";
    LinkNotADeckLink = "link-not-a-deck-link", 400, "A link of a known deck site that names no deck (the message says the shape expected).";
    LinkNotHttps = "link-not-https", 400, "A deck site's link over plain HTTP: deck links are fetched over HTTPS only.";
    // 401, 403: tokens.
    Unauthorized = "unauthorized", 401, "No token, or one that does not open this route or event (`WWW-Authenticate` says the scheme).";
    TokenExpired = "token-expired", 401, "The token has expired (tokens expire a set time after the event's day); the organizer can reissue it.";
    Forbidden = "forbidden", 403, "A token of this event whose role may not do this.";
    LinkHostNotAllowed = "link-host-not-allowed", 403, "A deck given as a link to a host the service does not fetch from (an unknown site, or one the operator left off `DECKCHECK_LINK_HOSTS`); `details.site` names it.";
    // 404.
    UnknownGame = "unknown-game", 400, "A `game` field or parameter naming a game deckcheck does not know (the message lists the games).";
    NotFound = "not-found", 404, "No such route (a path naming a game deckcheck does not know too), card or admin route.";
    NoEvent = "no-event", 404, "No event has this id or code, or its lists are not published.";
    NoPlayer = "no-player", 404, "The event has no player with this id.";
    NoToken = "no-token", 404, "The event has no token with this id.";
    NoCheck = "no-check", 404, "The event has no deck check with this id.";
    LinkDeckNotFound = "link-deck-not-found", 404, "The deck site has no such deck, or does not show it to everyone (a private deck); the message says what to do on that site.";
    MethodNotAllowed = "method-not-allowed", 405, "The route does not take this method (`Allow` lists those it takes).";
    BodyTimeout = "body-timeout", 408, "The body did not arrive whole in time (`details.seconds`).";
    // 409: the event's state.
    EventLocked = "event-locked", 409, "The event is locked (`details.locked_since`): lists and settings are frozen.";
    AlreadyRegistered = "already-registered", 409, "A player with this UID is registered already.";
    Published = "published", 409, "The event's lists are published (`details.published_at`): nothing of the event changes any more.";
    NotLocked = "not-locked", 409, "The operation needs the event locked first (publishing).";
    NotPending = "not-pending", 409, "The list is not pending, so there is nothing to resolve.";
    RosterFull = "roster-full", 409, "The event has as many players as one event takes.";
    EventExists = "event-exists", 409, "An imported event's id or registration code is taken in this store.";
    NoFreeCode = "no-free-code", 409, "No free registration code was found for a new event: send it again.";
    TokenChanged = "token-changed", 409, "The token was changed by another request first (rotated, reissued or revoked at `details.changed_at`): of two token operations sent together one wins, and this one changed nothing.";
    EventQuota = "event-quota", 409, "The event has stored as much as one event may (`details.limit`, bytes): nothing more is stored for it; the operator can raise the quota.";
    IdempotencyKeyInUse = "idempotency-key-in-use", 409, "Another request with this `Idempotency-Key` is being answered now: send it again in a moment to get its answer.";
    StaleVersion = "stale-version", 409, "A deck check made against a version of the list that is not the player's current one (`details`: the version asked and the current one): read the player again.";
    PendingLists = "pending-lists", 409, "Publishing while lists are pending: `details.players` names them; say `pending`: `withhold` (left out, listed as withheld) or `include` (published, marked pending).";
    PlayerRemoved = "player-removed", 409, "The player's registration was removed or withdrawn: it is kept in the history, and nothing more is done with it.";
    AlreadyVoided = "already-voided", 409, "The deck check is void already.";
    Conflict = "conflict", 409, "The operation does not fit the event's state (publishing before the lock, resolving a list that is not pending).";
    // 413.
    BodyTooLarge = "body-too-large", 413, "The body is larger than the service takes (`details.limit`).";
    BatchTooLarge = "batch-too-large", 413, "A roster of more entries than the service takes (`details`: entries, limit).";
    ListTooLarge = "list-too-large", 413, "A deck list (or pool) larger than the event's game takes, in bytes or lines (`details`: bytes, lines, max_bytes, max_lines); nothing was judged or stored.";
    UriTooLong = "uri-too-long", 414, "The URI is longer than the service reads.";
    UnsupportedMediaType = "unsupported-media-type", 415, "A content type the route does not read (`details.accepted`).";
    // 422: the documented shape, but it cannot be answered as it is.
    UnreadableDeck = "unreadable-deck", 422, "A deck that cannot be read as a list at all (empty, not a list, too many lines); on a deck check, entries that cannot be read.";
    UnreadablePool = "unreadable-pool", 422, "A limited pool that cannot be read as a list of cards.";
    Unanswerable = "unanswerable", 422, "The documented shape, but not answerable as it is: more decks than the formats asked play, a Trilogy pool not played on the date, a list the event's game cannot judge as it was sent.";
    BadRange = "bad-range", 422, "A window whose `until` is before its `from`.";
    ListRefused = "list-refused", 422, "The list is not legal and the event refuses such lists: every reason is in `details.report`, nothing was stored.";
    NoSuchDeck = "no-such-deck", 422, "A deck index the registered list does not have.";
    SamePlayer = "same-player", 422, "A pairing of a player with themself.";
    LocksAtPast = "locks-at-past", 422, "A `locks_at` that is not in the future: it would lock the event for good at once.";
    NotAJudgeToken = "not-a-judge-token", 422, "A token reissued as a judge's that is not a judge's (a player's is reissued by their registration).";
    OrganizerToken = "organizer-token", 422, "The organizer's token is rotated, never revoked.";
    NotAPlayer = "not-a-player", 422, "A player named in the body is not of this event.";
    IdempotencyKeyReused = "idempotency-key-reused", 422, "This `Idempotency-Key` was sent before (within 24 hours) with another request: a key names one request; send a new key for a new request.";
    LinkWrongGame = "link-wrong-game", 422, "A deck given as a link to another game's list (a Legion HQ link on a Star Wars: Unlimited route), or read by another input format than the request names.";
    TooManyAttempts = "too-many-attempts", 429, "Too many attempts; retry after `Retry-After` seconds (`details.retry_after`).";
    TooManyLists = "too-many-lists", 429, "The player sent as many new lists as an hour allows; the next one is taken after `Retry-After` seconds (`details.retry_after`).";
    HeadersTooLarge = "headers-too-large", 431, "The request line and headers are larger than the service reads.";
    // 5xx.
    Internal = "internal", 500, "Something the service did not expect; the log says more under the request id.";
    ReloadFailed = "reload-failed", 500, "New data could not be loaded; the previous data stays in use (`details`: each game).";
    LinkUpstreamRefused = "link-upstream-refused", 502, "The deck site's answer (or its name's address) led where deck links never go: a redirect off the allowlist, to plain HTTP or another port, too many redirects, a private, loopback or link-local address. Nothing was read.";
    LinkUpstreamFailed = "link-upstream-failed", 502, "The deck site could not be reached or failed (no connection, a TLS failure, an unexpected HTTP status); `details.site` names it.";
    LinkUpstreamTooLarge = "link-upstream-too-large", 502, "The deck site's answer is larger than the service reads; reading stopped at the limit.";
    LinkUpstreamTooSlow = "link-upstream-too-slow", 502, "The deck site gave no whole answer within the time limit.";
    LinkUpstreamNotADeck = "link-upstream-not-a-deck", 502, "The deck site answered, but not with a deck of its shape.";
    GameUnavailable = "game-unavailable", 503, "The game's card data is not loaded (`GET /v1/games` says why).";
    Busy = "busy", 503, "The service is receiving as many request bodies as it holds at once: retry in a moment.";
    ReadOnly = "read-only", 503, "The data directory cannot be written: the event store cannot keep anything (said at start).";
    StoreUnavailable = "store-unavailable", 503, "The event store did not answer; nothing was changed: retry in a moment.";
    OutcomeUnknown = "outcome-unknown", 503, "The event store failed while it committed: what was asked may or may not have been done. Retry with the same `Idempotency-Key` to get the first answer (`details.retry_after`).";
}

impl std::fmt::Display for ErrorCode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

impl PartialEq<str> for ErrorCode {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == other
    }
}

impl PartialEq<&str> for ErrorCode {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

/// Why a request cannot be answered: a bad value, a missing input, an unreadable deck. The
/// service answers it with its code's status and `{"error": {code, message, field, details}}`.
#[derive(Debug, Clone, thiserror::Error, Serialize, utoipa::ToSchema)]
#[error("{message}")]
#[schema(as = ErrorBody)]
pub struct RequestError {
    pub code: ErrorCode,
    pub message: String,
    /// The field, query parameter or part of the request at fault (`format`, `decks[1]`,
    /// `limit`, `body`, `authorization`); on every 4xx.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub field: Option<String>,
    /// More about the error, by code (each shape names the codes that carry it).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub details: Option<Details>,
}

/// What an error says beyond its message: one shape per kind of error, each a named schema.
/// The shapes are told apart by their fields; each names the codes it comes with.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(untagged)]
pub enum Details {
    JsonPosition(JsonPosition),
    BodyLimit(BodyLimit),
    RosterSize(RosterSize),
    RosterLinks(RosterLinks),
    AcceptedTypes(AcceptedTypes),
    BodyTime(BodyTime),
    RetryAfter(RetryAfter),
    AuthScheme(AuthScheme),
    LockedSince(LockedSince),
    PublishedAt(PublishedAt),
    RefusedList(RefusedList),
    LinkSite(LinkSite),
    UnreadEntries(UnreadEntries),
    DeckCount(DeckCount),
    ChangedAt(ChangedAt),
    ListSize(ListSize),
    StaleVersion(StaleVersion),
    PendingLists(PendingLists),
    /// `reload-failed`: what each game's reload did.
    Reload(Reloaded),
}

/// `malformed-json`, `invalid-request`, `unreadable-deck` (a JSON deck): where the JSON broke.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct JsonPosition {
    pub line: usize,
    pub column: usize,
}

/// `body-too-large`: the most bytes the route reads; `event-quota`: the most bytes an event stores.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct BodyLimit {
    pub limit: u64,
}

/// `batch-too-large`: the roster's entries, and the most one roster may hold.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct RosterSize {
    pub entries: usize,
    pub limit: usize,
}

/// `batch-too-large`: the entries that give their deck as a link, and the most.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct RosterLinks {
    pub links: usize,
    pub limit: usize,
}

/// `unsupported-media-type`: the content types the route reads.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct AcceptedTypes {
    pub accepted: Vec<&'static str>,
}

/// `body-timeout`: the seconds the body had to arrive.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct BodyTime {
    pub seconds: u64,
}

/// `too-many-attempts`, `store-unavailable`, `read-only`: seconds to wait (also the `Retry-After` header).
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct RetryAfter {
    pub retry_after: u64,
}

/// `unauthorized`: the scheme to use (also the `WWW-Authenticate` header).
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct AuthScheme {
    pub scheme: &'static str,
    /// Which tokens open it (`deckcheck events`: an event's, or the operator's creation key;
    /// `deckcheck admin`: the admin token).
    pub realm: &'static str,
}

/// `event-locked`: since when the lists are frozen.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct LockedSince {
    #[schema(value_type = String, format = DateTime)]
    pub locked_since: Timestamp,
}

/// `published`: when the lists were published.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct PublishedAt {
    #[schema(value_type = String, format = DateTime)]
    pub published_at: Timestamp,
}

/// `list-refused`: the list's verdict and every reason, as validate answers them.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct RefusedList {
    pub verdict: Verdict,
    pub report: Box<Validated>,
}

/// `link-*`: the deck site (none for text that is no link) and the link (cut short).
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct LinkSite {
    pub site: Option<String>,
    pub link: String,
}

/// `unreadable-deck` (a deck check, a fingerprint): the entries that are not cards, the first 200 of them, and how many there were.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct UnreadEntries {
    pub diagnostics: Vec<Diagnostic>,
    pub count: usize,
}

/// `token-changed`: when the token was changed by the request that won.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct ChangedAt {
    #[schema(value_type = String, format = DateTime)]
    pub changed_at: Timestamp,
}

/// `list-too-large`: the list's size and the most the event's game takes.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct ListSize {
    pub bytes: u64,
    pub lines: u64,
    pub max_bytes: u64,
    pub max_lines: u64,
}

/// `unanswerable`: the decks given and the most the formats asked play.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct DeckCount {
    pub decks: usize,
    pub most: usize,
}

/// `stale-version`: the version a deck check was made against, and the player's current one.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct StaleVersion {
    pub asked: i64,
    pub current: i64,
}

/// `pending-lists`: the lists that are pending, which publishing asks what to do with.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct PendingLists {
    pub players: Vec<PendingPlayer>,
}

/// A player whose list is pending.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct PendingPlayer {
    pub player_id: String,
    pub player: String,
    pub verdict: Verdict,
}

impl Details {
    /// Diagnostics as an error's details: the first [`MAX_LISTED`], and how many there were.
    pub fn listed(diagnostics: &[&Diagnostic]) -> Self {
        let shown = &diagnostics[..diagnostics.len().min(MAX_LISTED)];
        Self::UnreadEntries(UnreadEntries {
            diagnostics: shown.iter().map(|d| (*d).clone()).collect(),
            count: diagnostics.len(),
        })
    }
}

impl RequestError {
    pub fn new(code: ErrorCode, message: impl Into<String>) -> Self {
        Self {
            code,
            message: message.into(),
            field: None,
            details: None,
        }
    }

    pub fn bad_value(field: &str, message: impl Into<String>) -> Self {
        Self::new(ErrorCode::BadValue, message).field(field)
    }

    pub fn missing(field: &str, what: &str) -> Self {
        Self::new(
            ErrorCode::MissingField,
            format!("{field} is required: {what}"),
        )
        .field(field)
    }

    pub fn unreadable(field: &str, e: &ImportError) -> Self {
        let mut err = Self::new(
            ErrorCode::UnreadableDeck,
            format!("{field} cannot be read as a deck list: {e}"),
        )
        .field(field);
        if let ImportError::Json { line, column, .. } = e {
            err.details = Some(Details::JsonPosition(JsonPosition {
                line: *line,
                column: *column,
            }));
        }
        err
    }

    /// A body that is not valid JSON at all.
    pub fn malformed_json(e: &serde_json::Error) -> Self {
        Self::new(
            ErrorCode::MalformedJson,
            format!("the body is not valid JSON: {e}"),
        )
        .field("body")
        .details(Details::JsonPosition(JsonPosition {
            line: e.line(),
            column: e.column(),
        }))
    }

    /// JSON that parses but does not have the request's shape (a wrong type, a list where an
    /// object goes).
    pub fn invalid_request(e: &serde_json::Error) -> Self {
        Self::new(
            ErrorCode::InvalidRequest,
            format!("the request does not have the expected shape: {e}"),
        )
        .field("body")
        .details(Details::JsonPosition(JsonPosition {
            line: e.line(),
            column: e.column(),
        }))
    }

    /// A JSON body that could not be read: not JSON at all, or not the request's shape.
    pub fn json(e: &serde_json::Error) -> Self {
        if e.is_syntax() || e.is_eof() {
            Self::malformed_json(e)
        } else {
            Self::invalid_request(e)
        }
    }

    pub fn unsupported_media_type(content_type: &str, accepted: &[&'static str]) -> Self {
        Self::new(
            ErrorCode::UnsupportedMediaType,
            format!(
                "content type {content_type:?} is not accepted; send {}",
                accepted.join(" or ")
            ),
        )
        .field("content-type")
        .details(Details::AcceptedTypes(AcceptedTypes {
            accepted: accepted.to_vec(),
        }))
    }

    pub fn too_large(limit: u64) -> Self {
        Self::new(
            ErrorCode::BodyTooLarge,
            format!("the body is larger than the limit of {limit} bytes"),
        )
        .field("body")
        .details(Details::BodyLimit(BodyLimit { limit }))
    }

    pub fn batch_too_large(entries: usize, limit: usize) -> Self {
        Self::new(
            ErrorCode::BatchTooLarge,
            format!("the batch has {entries} entries; the limit is {limit}"),
        )
        .field("entries")
        .details(Details::RosterSize(RosterSize { entries, limit }))
    }

    pub fn bad_date(field: &str, value: &str) -> Self {
        Self::new(
            ErrorCode::BadDate,
            format!(
                "{field} {:?} is not a date; write YYYY-MM-DD",
                crate::text::echo(value)
            ),
        )
        .field(field)
    }

    pub fn unknown_game(value: &str, known: &[&str]) -> Self {
        Self::new(
            ErrorCode::UnknownGame,
            format!(
                "{:?} is not a game deckcheck knows; the games are {}",
                crate::text::echo(value),
                known.join(", ")
            ),
        )
        .field("game")
    }

    pub fn game_unavailable(game: &str, reason: &str) -> Self {
        Self::new(
            ErrorCode::GameUnavailable,
            format!("{game}'s card data is not loaded: {reason}"),
        )
        .field("game")
    }

    pub fn timeout(seconds: u64) -> Self {
        Self::new(
            ErrorCode::BodyTimeout,
            format!("the body did not arrive whole within {seconds} s"),
        )
        .field("body")
        .details(Details::BodyTime(BodyTime { seconds }))
    }

    /// Too many bodies are being received at once.
    pub fn busy() -> Self {
        Self::new(
            ErrorCode::Busy,
            "the service is receiving as many request bodies as it holds at once; retry in a moment",
        )
    }

    /// Nothing at `field` (`path`, `id`): a 404.
    pub fn not_found(field: &str, message: impl Into<String>) -> Self {
        Self::new(ErrorCode::NotFound, message).field(field)
    }

    pub fn method_not_allowed(method: &str, path: &str) -> Self {
        Self::new(
            ErrorCode::MethodNotAllowed,
            format!("{method} is not allowed on {path}"),
        )
        .field("method")
    }

    /// No token, or one that does not open what was asked: the scheme and the realm to use in
    /// `details` (and in the `WWW-Authenticate` header).
    pub fn unauthorized(message: impl Into<String>, realm: &'static str) -> Self {
        Self::new(ErrorCode::Unauthorized, message)
            .field("authorization")
            .details(Details::AuthScheme(AuthScheme {
                scheme: "Bearer",
                realm,
            }))
    }

    /// The `WWW-Authenticate` challenge a 401 answers with.
    pub fn challenge(&self) -> Option<String> {
        match &self.details {
            Some(Details::AuthScheme(a)) => Some(format!("{} realm=\"{}\"", a.scheme, a.realm)),
            _ => None,
        }
    }

    /// Too many attempts: a 429 that says when to retry.
    pub fn too_many(field: &str, message: impl Into<String>, retry_after: u64) -> Self {
        Self::new(ErrorCode::TooManyAttempts, message)
            .field(field)
            .details(Details::RetryAfter(RetryAfter { retry_after }))
    }

    /// New data could not be loaded for some game; the service goes on with what it had.
    pub fn reload_failed(reloaded: Reloaded) -> Self {
        let failed: Vec<String> = reloaded
            .games
            .iter()
            .filter_map(|g| g.error.as_ref().map(|e| format!("{}: {e}", g.game)))
            .collect();
        Self::new(
            ErrorCode::ReloadFailed,
            format!(
                "the data could not be reloaded, the previous data stays in use: {}",
                failed.join("; ")
            ),
        )
        .details(Details::Reload(reloaded))
    }

    pub fn internal(message: impl Into<String>) -> Self {
        Self::new(ErrorCode::Internal, message)
    }

    pub fn code(mut self, code: ErrorCode) -> Self {
        self.code = code;
        self
    }

    /// The request had the documented shape but cannot be answered as it is: the same error,
    /// as [`ErrorCode::Unanswerable`] (a 422, where a request of another shape is a 400).
    pub fn unanswerable(self) -> Self {
        self.code(ErrorCode::Unanswerable)
    }

    pub fn field(mut self, field: impl Into<String>) -> Self {
        self.field = Some(field.into());
        self
    }

    pub fn details(mut self, details: Details) -> Self {
        self.details = Some(details);
        self
    }

    /// The HTTP status the service answers with.
    pub fn status(&self) -> u16 {
        self.code.status()
    }

    /// Seconds a client should wait before it tries again, where the error says.
    pub fn retry_after(&self) -> Option<u64> {
        match self.details {
            Some(Details::RetryAfter(RetryAfter { retry_after })) => Some(retry_after),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_code_is_written_as_its_id_and_has_a_status_and_a_meaning() {
        let mut seen = std::collections::BTreeSet::new();
        for code in ErrorCode::ALL {
            assert_eq!(
                serde_json::to_value(code).unwrap(),
                code.as_str(),
                "{code:?}"
            );
            assert!(seen.insert(code.as_str()), "{code} twice");
            assert!((400..600).contains(&code.status()), "{code}");
            assert!(!code.meaning().is_empty(), "{code}");
        }
    }

    #[test]
    fn a_request_error_takes_its_status_from_its_code() {
        assert_eq!(RequestError::bad_value("format", "x").status(), 400);
        let err = RequestError::unreadable("deck", &ImportError::Empty);
        assert_eq!((err.code, err.status()), (ErrorCode::UnreadableDeck, 422));
        assert_eq!(
            RequestError::bad_value("decks", "x")
                .unanswerable()
                .status(),
            422
        );
    }
}
