//! What can go wrong with an event operation. Typed here; the service maps each to its HTTP
//! status and the API's error shape, the CLI prints it.

use deckcheck_core::{ErrorCode, RequestError, Validated};
use jiff::Timestamp;

use crate::model::{ListVerdict, Role};

#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// No event has this id or registration code.
    #[error("there is no event {0:?}")]
    NoEvent(String),
    /// No player of this event has this id.
    #[error("this event has no player {0:?}")]
    NoPlayer(String),
    /// No token, or a token that does not open this event (unknown, or another event's).
    #[error("this route needs a token of this event (Authorization: Bearer …)")]
    Unauthorized,
    /// A token of this event whose role may not do this.
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
    #[error(
        "a player with UID {uid:?} is registered already; change that registration with its token"
    )]
    AlreadyRegistered { uid: String },
    /// A list that is not legal, under the event's `refuse` setting: every reason is in the report.
    #[error(
        "the list is {verdict:?} and this event refuses lists that are not legal; nothing was stored"
    )]
    Refused {
        verdict: ListVerdict,
        report: Box<Validated>,
    },
    /// The game cannot read or judge what was sent (unreadable deck, unknown format…).
    #[error("{0}")]
    Request(#[from] RequestError),
    /// A value that cannot be used, naming the field.
    #[error("{field}: {message}")]
    Invalid { field: String, message: String },
    /// A request of the right shape that this event's lists cannot answer (a deck index the
    /// registered list does not have, a pairing of a player with themself): the service's 422.
    #[error("{field}: {message}")]
    Unprocessable {
        code: ErrorCode,
        field: String,
        message: String,
    },
    /// The operation does not fit the event's state (publishing before the lock…).
    #[error("{0}")]
    Conflict(String),
    /// The game the event is played with is not loaded.
    #[error("the event's game {0:?} is not loaded")]
    GameUnavailable(String),
    #[error("the event store cannot be reached or answered an error: {0}")]
    Database(#[from] sqlx::Error),
    #[error("the event store's schema cannot be brought up to date: {0}")]
    Migrate(#[from] sqlx::migrate::MigrateError),
    /// Something stored cannot be read back (never expected).
    #[error("a stored value cannot be read: {0}")]
    Corrupt(String),
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

    pub(crate) fn forbidden(role: Role, action: &'static str, needed: &[Role]) -> Self {
        use crate::model::Stored;
        Self::Forbidden {
            role: role.as_str(),
            action,
            needed: needed
                .iter()
                .map(|r| r.as_str())
                .collect::<Vec<_>>()
                .join(" or "),
        }
    }
}
