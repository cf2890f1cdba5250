//! The event store's tests, each run on SQLite and, when `DECKCHECK_TEST_DATABASE_URL` names a
//! server, on PostgreSQL: the same suite on both backends.
//!
//! - `registration`: lists checked on submission, refused or pending, resubmitted, versioned
//! - `lock`: the deadline and the organizer's lock; judges' amendments and resolutions
//! - `judges`: deck checks against the registered list; the 10% pick
//! - `access`: tokens by event and role, kept as hashes
//! - `publishing`: opponent review; publishing after the event, final; the snapshot's pages
//! - `backups`: export and import round-trip
//! - `migrations`: from an empty database and from the previous schema
//! - `concurrency`: many players at once, a lock racing submissions
//! - `clock`: one clock for the lock: 20 rounds of 300 registrations with a lock mid-burst
//! - `properties`: random operations by random actors keep the event's invariants
//! - `tokens`: revoking, reissuing, rotating, recovering; expiry
//! - `dates`: deadlines in the past refused; far dates warned
//! - `retention`: deleting an event; the operator's retention
//! - `kill`: `kill -9` inside the lock's transaction and half-way through publishing
//! - `fingerprints`: each version's list fingerprint, deck checks by fingerprint, published
//!   lists with theirs (issue 30)
//! - `roster`: removals, withdrawals, corrections, UIDs by their normal form, stale and voided
//!   deck checks, publishing's question about pending lists, search (issue 34)
//! - `faults`: writes failing (I/O error, full disk, server gone), cancelled inside their
//!   transaction, a read-only data directory (issue 27, item 4)
//! - `races`: two token operations sent together, one winner (issue 35, item 2)
//! - `bounds`: what one player and one event can store (issue 35, item 1)
//! - `database_clock`: deadlines and stamps on PostgreSQL's clock, whatever the caller's
//!   (issue 35, item 5)
//! - `idempotent`: a write's answer kept with it, replayed for the same key (issue 35, item 3)
//! - `budgets`: per-client budgets kept in the database (issue 35, item 5)

mod access;
mod backups;
mod bounds;
mod budgets;
mod clock;
mod concurrency;
mod database_clock;
mod dates;
mod faults;
mod fingerprints;
mod helpers;
mod idempotent;
mod judges;
mod kill;
mod lock;
mod migrations;
mod mounts;
mod properties;
mod publishing;
mod races;
mod registration;
mod retention;
mod roster;
mod tokens;
mod toy;
