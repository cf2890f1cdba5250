//! Every error code of the API, once: its id (an API contract), the HTTP status the service
//! answers it with, and what it means. The service's answers, the API document's list of codes
//! (`error.code` is an enum of them) and `docs/api-contract.md` all come from [`ErrorCode`].
//!
//! A deck that breaks rules is never an error (it is a report); a request that cannot be
//! answered is a [`RequestError`]: a code, a message naming the bad value, and the field at
//! fault.

use serde::Serialize;
use serde_json::Value;

use crate::input::ImportError;

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
    Conflict = "conflict", 409, "The operation does not fit the event's state (publishing before the lock, resolving a list that is not pending).";
    // 413.
    BodyTooLarge = "body-too-large", 413, "The body is larger than the service takes (`details.limit`).";
    BatchTooLarge = "batch-too-large", 413, "A roster of more entries than the service takes (`details`: entries, limit).";
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
    LinkWrongGame = "link-wrong-game", 422, "A deck given as a link to another game's list (a Legion HQ link on a Star Wars: Unlimited route), or read by another input format than the request names.";
    TooManyAttempts = "too-many-attempts", 429, "Too many attempts; retry after `Retry-After` seconds (`details.retry_after`).";
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
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("{message}")]
pub struct RequestError {
    pub code: ErrorCode,
    pub message: String,
    /// The field or parameter at fault: `format`, `decks[1]`, `pool`.
    pub field: Option<String>,
    pub details: Option<Value>,
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
            err.details = Some(serde_json::json!({ "line": line, "column": column }));
        }
        err
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

    pub fn details(mut self, details: Value) -> Self {
        self.details = Some(details);
        self
    }

    /// The HTTP status the service answers with.
    pub fn status(&self) -> u16 {
        self.code.status()
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
