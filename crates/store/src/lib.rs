//! deckcheck's event store: deck-list registration for an event, locked when lists are due,
//! judges' deck checks against the registered list, opponent review in the top cut and
//! publishing after the event, for every game (an event has a game and a format).
//!
//! - [`lifecycle`]: the event's life as a state machine without I/O (phases, actors, which
//!   operation is allowed when, citing the regulations).
//! - `store/`: the operations ([`Store`]): each asks the state machine, then writes in one
//!   transaction.
//! - `repo`: the thin repository, every SQL statement, typed rows.
//! - `db`: SQLite or PostgreSQL, migrations, and the transaction type that cannot leak.
//! - `faults` (the `faults` feature, for tests only): hooks that make writes fail or hold them.
//! - [`idempotency`]: the answers of writes that carry an `Idempotency-Key`, kept with them.
//!
//! One interface ([`Store`]) over two databases: SQLite, embedded, the default (a file under
//! the data directory), and PostgreSQL (`DECKCHECK_DATABASE_URL=postgres://…`) for several
//! service replicas sharing one database. Both run the same SQL through sqlx; the schema is
//! `migrations/`, applied forwards at start-up.
//!
//! What is stored of a list is its text as submitted and the printing ids it resolved to,
//! never catalog indices; every version is kept (append-only), with its time, source and,
//! for an organizer's or judge's change, the reason. Tokens are random and kept only as
//! SHA-256 hashes.
//!
//! Errors: every operation answers a typed [`StoreError`] with a stable code; a database that
//! cannot answer is [`StoreError::Unavailable`] (retry), and the next write after the fault
//! clears succeeds. The service maps each error to its status; the CLI prints it.

mod db;
mod error;
pub mod faults;
pub mod idempotency;
pub mod lifecycle;
mod model;
mod repo;
mod store;
pub mod token;

pub use db::{Backend, Clock, Location, MIGRATOR};
pub use error::{EVENTS_REALM, OPERATOR_RETRY_AFTER, RETRY_AFTER_SECS, StoreError};
pub use lifecycle::{Actor, Op, Phase};
pub use model::*;
pub use store::export::{EXPORT_FORMAT, EventExport, ExportedRegistration, ExportedToken};
pub use store::roster::Correction;
pub use store::{
    Access, Checked, Created, DEFAULT_CHECK_SHARE, HISTORY_PAGE, ListLimit, MAX_HISTORY_PAGE,
    MAX_NAME, MAX_PLAYERS, MAX_REASON, MAX_UID, Publish, Store, Submitted, check_list,
    limits::{Budget, Budgets},
    list_limit, render,
};
