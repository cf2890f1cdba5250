//! deckcheck's event store: deck-list registration for an event, locked when lists are due,
//! judges' deck checks against the registered list, opponent review in the top cut and
//! publishing after the event, for every game (an event has a game and a format).
//!
//! One interface ([`Store`]) over two databases: SQLite, embedded, the default (a file under
//! the data directory), and PostgreSQL (`DECKCHECK_DATABASE_URL=postgres://…`) for several
//! service replicas sharing one database. Both run the same SQL through sqlx; the schema is
//! `migrations/`, applied forwards at start-up.
//!
//! What is stored of a list is its text as submitted and the printing ids it resolved to,
//! never catalog indices; every version is kept (append-only), with its time, source and,
//! for an organizer's or judge's change, the reason. Tokens are random and kept only as
//! SHA-256 hashes. Errors are typed ([`StoreError`]); the service and the CLI map them.

mod db;
mod error;
mod events;
mod export;
mod model;
mod rows;
pub mod token;

pub use db::{Backend, Location, MIGRATOR};
pub use error::StoreError;
pub use events::{
    Access, Checked, Created, DEFAULT_CHECK_SHARE, MAX_NAME, MAX_PLAYERS, MAX_REASON, MAX_UID,
    Publish, Store, Submitted, check_list, render,
};
pub use export::{EXPORT_FORMAT, EventExport, ExportedRegistration, ExportedToken};
pub use model::*;
