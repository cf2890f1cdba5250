//! The event store's tests, each run on SQLite and, when `DECKCHECK_TEST_DATABASE_URL` names a
//! server, on PostgreSQL: the same suite on both backends.
//!
//! - `registration`: lists checked on submission, refused or pending, resubmitted, versioned
//! - `lock`: the deadline and the organizer's lock; judges' amendments and resolutions
//! - `judges`: deck checks against the registered list; the 10% pick
//! - `access`: tokens by event and role, kept as hashes
//! - `publishing`: opponent review and publishing after the event
//! - `backups`: export and import round-trip
//! - `migrations`: from an empty database and from the previous schema
//! - `concurrency`: many players at once, a lock racing submissions

mod access;
mod backups;
mod concurrency;
mod helpers;
mod judges;
mod lock;
mod migrations;
mod publishing;
mod registration;
mod toy;
