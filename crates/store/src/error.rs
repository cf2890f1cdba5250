//! What can go wrong with an event operation. Typed here, each with a stable code
//! ([`StoreError::code`]); the service maps each to its HTTP status and the API's error shape,
//! the CLI prints it. A database that cannot answer is [`StoreError::Unavailable`] (retry), never
//! a poisoned store: see `db.rs`.

use std::path::PathBuf;

use deckcheck_core::error::{
    BodyLimit, ChangedAt, ListSize, LockedSince, PendingLists, PendingPlayer, PublishedAt,
    RefusedList, RetryAfter, StaleVersion,
};
use deckcheck_core::{Details, ErrorCode, RequestError, Validated, Verdict};
use jiff::Timestamp;

use crate::lifecycle::{Actor, Refusal};

/// Seconds a client is asked to wait before retrying when the store cannot answer.
pub const RETRY_AFTER_SECS: u64 = 2;

/// The realm of an event's tokens (`WWW-Authenticate`).
pub const EVENTS_REALM: &str = "deckcheck events";

/// Seconds to wait after a store error that needs the operator (a read-only disk, a broken
/// schema): later than a passing fault's.
pub const OPERATOR_RETRY_AFTER: u64 = 30;

#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// No event has this id or registration code.
    #[error("there is no event {0:?}")]
    NoEvent(String),
    /// No player of this event has this id.
    #[error("this event has no player {0:?}")]
    NoPlayer(String),
    /// No token of this event has this id.
    #[error("this event has no token {0:?}")]
    NoToken(String),
    /// No organizer key has this id.
    #[error("there is no organizer key {0:?}")]
    NoKey(String),
    /// The registration was removed or withdrawn: kept for the history, nothing more is done
    /// with it.
    #[error(
        "{player}'s registration was removed from the event at {at}; it is kept in the history only"
    )]
    Removed { player: String, at: Timestamp },
    /// No deck check of this event has this id.
    #[error("this event has no deck check {0:?}")]
    NoCheck(String),
    /// A deck check made against a version of the list that is not the player's current one.
    #[error(
        "this deck check was made against version {asked} of the list, but the player's list is at version {current} now: read the player again and check against the current list"
    )]
    StaleVersion { asked: i64, current: i64 },
    /// Publishing with lists pending, without saying what to do with them.
    #[error(
        "{} pending: say what to do with {}: \"pending\": \"withhold\" leaves them out (listed as withheld), \"include\" publishes them marked pending",
        count_lists(players.len()),
        if players.len() == 1 { "it" } else { "them" }
    )]
    PendingLists { players: Vec<PendingPlayer> },
    /// No token, or a token that does not open this event (unknown, revoked, or another
    /// event's).
    #[error("this route needs a token of this event (Authorization: Bearer …)")]
    Unauthorized,
    /// A token operation lost a race: the token it changes (or the one presented) was changed
    /// first by another request, at `at`; nothing was done.
    #[error(
        "the token was changed at {at} by another request (rotated, reissued or revoked); nothing was done"
    )]
    TokenChanged { at: Timestamp },
    /// A token of this event past its time.
    #[error("this token expired at {at}; the organizer can issue a new one")]
    TokenExpired { at: Timestamp },
    /// A token (or actor) whose role may not do this.
    #[error("a {role} token cannot {action}; it needs a {needed} token")]
    Forbidden {
        role: &'static str,
        action: &'static str,
        needed: String,
    },
    /// Lists are frozen (CEG 3.3.3: after the time lists are due they cannot be altered).
    #[error(
        "the event's lists are locked (since {since}); only a judge may amend a list now, with a reason"
    )]
    Locked { since: Timestamp },
    /// Published lists are final (CEG 10.2): nothing of the event changes any more.
    #[error("the event's lists were published at {at} and are final; nothing can change them")]
    Published { at: Timestamp },
    /// Lists are published after the event.
    #[error("lists are published after the event: lock it first")]
    NotLocked,
    #[error(
        "a player with UID {uid:?} is registered already; change that registration with its token (the organizer can issue a new one)"
    )]
    AlreadyRegistered { uid: String },
    /// A list that is not legal, under the event's `refuse` setting: every reason is in the report.
    #[error(
        "the list is {verdict:?} and this event refuses lists that are not legal; nothing was stored"
    )]
    Refused {
        verdict: Verdict,
        report: Box<Validated>,
    },
    /// A list larger than the event's game takes (in bytes or lines): nothing was judged.
    #[error(
        "{field} has {bytes} bytes and {lines} lines; a list of this game has at most {max_bytes} bytes and {max_lines} lines"
    )]
    ListTooLarge {
        field: String,
        bytes: u64,
        lines: u64,
        max_bytes: u64,
        max_lines: u64,
    },
    /// The player sent as many new lists as an hour allows.
    #[error(
        "you sent {per_hour} new lists within the last hour, as many as an hour allows; send the next in {retry_after} s"
    )]
    TooManyLists { per_hour: u32, retry_after: u64 },
    /// The event stored as much as one event may.
    #[error(
        "the event has stored {limit} bytes of lists, as much as one event may; nothing more is stored (the operator can raise the quota)"
    )]
    EventQuota { limit: u64 },
    /// The game cannot read or judge what was sent (unreadable deck, unknown format…).
    #[error("{0}")]
    Request(#[from] RequestError),
    /// A value that cannot be used, naming the field.
    #[error("{field}: {message}")]
    Invalid { field: String, message: String },
    /// A request of the right shape that this event cannot take (a deck index the registered
    /// list does not have, a deadline in the past): the service's 422.
    #[error("{field}: {message}")]
    Unprocessable {
        code: ErrorCode,
        field: String,
        message: String,
    },
    /// The operation does not fit what is stored (a list that is not pending, an import of an
    /// event this store has), with a stable code.
    #[error("{message}")]
    Conflict { code: ErrorCode, message: String },
    /// The game the event is played with is not loaded.
    #[error("the event's game {0:?} is not loaded")]
    GameUnavailable(String),
    /// The database cannot answer now (a full disk, an I/O error, a server gone): nothing was
    /// changed; the same request may be sent again. The store recovers by itself when the
    /// fault clears.
    #[error(
        "the event store cannot answer now ({cause}); nothing was changed, retry in {retry_after} s"
    )]
    Unavailable { retry_after: u64, cause: String },
    /// The database failed while it committed: what was asked may or may not be done. A retry
    /// with the same `Idempotency-Key` gets the first answer if it was.
    #[error(
        "the event store failed while it committed ({cause}); the outcome is unknown; retry with the same Idempotency-Key"
    )]
    OutcomeUnknown { retry_after: u64, cause: String },
    /// The database the settings name cannot work as given (no such database, role or host, a
    /// password refused): said at start, never retried.
    #[error(
        "the event store's database cannot be used as DECKCHECK_DATABASE_URL gives it: {cause}"
    )]
    Unusable { cause: String },
    /// The data directory cannot be written (at start).
    #[error(
        "the data directory {} is read-only ({cause}); the event store needs to write there (give a writable DECKCHECK_DATA_DIR, or DECKCHECK_DATABASE_URL)",
        path.display()
    )]
    ReadOnly { path: PathBuf, cause: String },
    #[error("the event store's schema cannot be brought up to date: {0}")]
    Migrate(#[from] sqlx::migrate::MigrateError),
    /// Something stored cannot be read back, or a write broke a constraint of the schema
    /// (never expected: a defect).
    #[error("the event store is inconsistent: {0}")]
    Corrupt(String),
}

fn count_lists(n: usize) -> String {
    if n == 1 {
        "1 list is".into()
    } else {
        format!("{n} lists are")
    }
}

impl StoreError {
    pub fn invalid(field: &str, message: impl Into<String>) -> Self {
        Self::Invalid {
            field: field.to_string(),
            message: message.into(),
        }
    }

    pub fn unprocessable(code: ErrorCode, field: &str, message: impl Into<String>) -> Self {
        Self::Unprocessable {
            code,
            field: field.to_string(),
            message: message.into(),
        }
    }

    pub fn conflict(code: ErrorCode, message: impl Into<String>) -> Self {
        Self::Conflict {
            code,
            message: message.into(),
        }
    }

    pub(crate) fn unavailable(cause: impl std::fmt::Display) -> Self {
        Self::Unavailable {
            retry_after: RETRY_AFTER_SECS,
            cause: cause.to_string(),
        }
    }

    pub(crate) fn outcome_unknown(cause: impl std::fmt::Display) -> Self {
        Self::OutcomeUnknown {
            retry_after: RETRY_AFTER_SECS,
            cause: cause.to_string(),
        }
    }

    /// The state machine's refusal of `action` by `actor`.
    pub(crate) fn refused(refusal: Refusal, actor: Actor, action: &'static str) -> Self {
        match refusal {
            Refusal::Forbidden { needed } => Self::Forbidden {
                role: actor.as_str(),
                action,
                needed: needed
                    .iter()
                    .map(|a| a.as_str())
                    .collect::<Vec<_>>()
                    .join(" or "),
            },
            Refusal::Locked { since } => Self::Locked { since },
            Refusal::Published { at } => Self::Published { at },
            Refusal::NotLocked => Self::NotLocked,
            // Nothing published reads as no event: nothing leaks before.
            Refusal::NotPublished => Self::NoEvent(String::new()),
        }
    }

    /// The stable machine id of the error (an API contract; the message is not).
    pub fn code(&self) -> ErrorCode {
        match self {
            Self::NoEvent(_) => ErrorCode::NoEvent,
            Self::NoPlayer(_) => ErrorCode::NoPlayer,
            Self::NoToken(_) => ErrorCode::NoToken,
            Self::NoKey(_) => ErrorCode::NotFound,
            Self::NoCheck(_) => ErrorCode::NoCheck,
            Self::Removed { .. } => ErrorCode::PlayerRemoved,
            Self::StaleVersion { .. } => ErrorCode::StaleVersion,
            Self::PendingLists { .. } => ErrorCode::PendingLists,
            Self::Unauthorized => ErrorCode::Unauthorized,
            Self::TokenExpired { .. } => ErrorCode::TokenExpired,
            Self::TokenChanged { .. } => ErrorCode::TokenChanged,
            Self::ListTooLarge { .. } => ErrorCode::ListTooLarge,
            Self::TooManyLists { .. } => ErrorCode::TooManyLists,
            Self::EventQuota { .. } => ErrorCode::EventQuota,
            Self::OutcomeUnknown { .. } => ErrorCode::OutcomeUnknown,
            Self::Forbidden { .. } => ErrorCode::Forbidden,
            Self::Locked { .. } => ErrorCode::EventLocked,
            Self::Published { .. } => ErrorCode::Published,
            Self::NotLocked => ErrorCode::NotLocked,
            Self::AlreadyRegistered { .. } => ErrorCode::AlreadyRegistered,
            Self::Refused { .. } => ErrorCode::ListRefused,
            Self::Request(e) => e.code,
            Self::Invalid { .. } => ErrorCode::BadValue,
            Self::Unprocessable { code, .. } | Self::Conflict { code, .. } => *code,
            Self::GameUnavailable(_) => ErrorCode::GameUnavailable,
            Self::Unavailable { .. }
            | Self::Unusable { .. }
            | Self::Migrate(_)
            | Self::Corrupt(_) => ErrorCode::StoreUnavailable,
            Self::ReadOnly { .. } => ErrorCode::ReadOnly,
        }
    }
}

impl StoreError {
    /// A list judged for an event: what the event's game cannot read or judge as it was sent
    /// (a deck it cannot read, more decks than the event's format plays, an input format it
    /// does not know) is unanswerable (422): the body had the documented shape, and the
    /// document cannot know the event's game, its format or the player's registered list.
    pub fn judged(self) -> Self {
        match self {
            Self::Request(e) if e.status() == 400 => Self::Request(e.unanswerable()),
            e => e,
        }
    }

    /// Whether the database failed (rather than refusing the operation): what is counted and
    /// logged.
    pub fn is_failure(&self) -> bool {
        matches!(
            self,
            Self::Unavailable { .. }
                | Self::OutcomeUnknown { .. }
                | Self::Unusable { .. }
                | Self::ReadOnly { .. }
                | Self::Migrate(_)
                | Self::Corrupt(_)
        )
    }
}

/// The API's error for a store error: its code (and so its status), the field at fault, and
/// what the code says beyond its message. A database failure says when to retry; what the
/// operator must fix is not told to clients (it is logged).
impl From<StoreError> for RequestError {
    fn from(e: StoreError) -> Self {
        let message = e.to_string();
        let code = e.code();
        let field = match &e {
            StoreError::NoEvent(_) | StoreError::Published { .. } | StoreError::NotLocked => {
                "event"
            }
            StoreError::Conflict { .. } => "event",
            StoreError::NoPlayer(_) => "player",
            StoreError::NoToken(_) | StoreError::TokenChanged { .. } => "token",
            StoreError::NoKey(_) => "key",
            StoreError::ListTooLarge { field, .. } => field,
            StoreError::TooManyLists { .. } => "deck",
            StoreError::EventQuota { .. } => "event",
            StoreError::NoCheck(_) => "check",
            StoreError::Removed { .. } => "player",
            StoreError::StaleVersion { .. } => "version",
            StoreError::PendingLists { .. } => "pending",
            StoreError::Unauthorized
            | StoreError::Forbidden { .. }
            | StoreError::TokenExpired { .. } => "authorization",
            StoreError::AlreadyRegistered { .. } => "uid",
            StoreError::GameUnavailable(_) => "game",
            StoreError::Invalid { field, .. } | StoreError::Unprocessable { field, .. } => field,
            _ => "",
        }
        .to_string();
        let err = match e {
            StoreError::Request(e) => return e,
            StoreError::Unauthorized => {
                return RequestError::unauthorized(message, EVENTS_REALM);
            }
            StoreError::Locked { since } => RequestError::new(code, message)
                .field("event")
                .details(Details::LockedSince(LockedSince {
                    locked_since: since,
                })),
            StoreError::Published { at } => RequestError::new(code, message)
                .details(Details::PublishedAt(PublishedAt { published_at: at })),
            StoreError::StaleVersion { asked, current } => RequestError::new(code, message)
                .details(Details::StaleVersion(StaleVersion { asked, current })),
            StoreError::PendingLists { players } => RequestError::new(code, message)
                .details(Details::PendingLists(PendingLists { players })),
            StoreError::Refused { verdict, report } => RequestError::new(code, message)
                .field("deck")
                .details(Details::RefusedList(RefusedList { verdict, report })),
            StoreError::Unavailable { retry_after, .. } => RequestError::new(code, message)
                .details(Details::RetryAfter(RetryAfter { retry_after })),
            StoreError::OutcomeUnknown { retry_after, .. } => RequestError::new(
                code,
                "the event store failed while it committed: the outcome is unknown; retry with the same Idempotency-Key",
            )
            .details(Details::RetryAfter(RetryAfter { retry_after })),
            StoreError::TokenChanged { at } => RequestError::new(code, message)
                .details(Details::ChangedAt(ChangedAt { changed_at: at })),
            StoreError::ListTooLarge {
                bytes,
                lines,
                max_bytes,
                max_lines,
                ..
            } => RequestError::new(code, message).details(Details::ListSize(ListSize {
                bytes,
                lines,
                max_bytes,
                max_lines,
            })),
            StoreError::TooManyLists { retry_after, .. } => RequestError::new(code, message)
                .details(Details::RetryAfter(RetryAfter { retry_after })),
            StoreError::EventQuota { limit } => {
                RequestError::new(code, message).details(Details::BodyLimit(BodyLimit { limit }))
            }
            StoreError::ReadOnly { .. } => RequestError::new(
                code,
                "the event store cannot be written; nothing was changed (the operator is told)",
            )
            .details(Details::RetryAfter(RetryAfter {
                retry_after: OPERATOR_RETRY_AFTER,
            })),
            StoreError::Migrate(_) | StoreError::Corrupt(_) | StoreError::Unusable { .. } => RequestError::new(
                code,
                "the event store did not answer; nothing was changed, retry in a moment",
            )
            .details(Details::RetryAfter(RetryAfter {
                retry_after: OPERATOR_RETRY_AFTER,
            })),
            _ => RequestError::new(code, message),
        };
        if field.is_empty() || err.field.is_some() {
            err
        } else {
            err.field(field)
        }
    }
}

/// A database error: the database could not do it now (unavailable: retry), or something
/// stored cannot be read or a constraint was broken (corrupt: a defect, not worth a retry).
/// Constraint violations the store expects (a code or UID taken) are caught where they can
/// happen, before this.
impl From<sqlx::Error> for StoreError {
    fn from(e: sqlx::Error) -> Self {
        use sqlx::Error as E;
        use sqlx::error::ErrorKind;
        match e {
            E::Database(ref d) if !matches!(d.kind(), ErrorKind::Other) => {
                Self::Corrupt(e.to_string())
            }
            E::ColumnDecode { .. }
            | E::Decode(_)
            | E::ColumnNotFound(_)
            | E::ColumnIndexOutOfBounds { .. }
            | E::TypeNotFound { .. }
            | E::RowNotFound => Self::Corrupt(e.to_string()),
            other => Self::unavailable(other),
        }
    }
}
