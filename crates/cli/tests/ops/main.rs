//! The service and the commands run as an operator runs them, against hostile clients and
//! broken data (issue 15): the real `deckcheck` binary on a free loopback port, a hand-made
//! catalog, bytes sent as written.
//!
//! - `sync`: a set the source lacks fails the sync and keeps the catalog (item 1); reloads
//!   during syncs load only catalogs a sync made, and `serve` repairs an interrupted swap
//!   before it loads (item 2).
//! - `protocol`: stalled and trickling bodies (408), the memory held for bodies in flight
//!   (503), what the HTTP layer refuses before the service (item 3); 405 and `Allow`, HEAD,
//!   the admin route's bearer scheme and `WWW-Authenticate` (item 9).
//! - `requests`: more decks than a format plays, answers bounded whatever the deck, heavy
//!   work off the event loop (item 4); `"format": []` (item 5); the access log (item 6);
//!   pools that cannot be read (item 10).
//! - `startup`: a first start against an upstream that never answers (item 7).
//! - `offline`: the README's first command on a machine that reaches no upstream: the data of
//!   `../shared` served and said so in the start line, stale data warned of, else the README's
//!   offline command (issue 36, items 7, 8).
//! - `settings`: settings checked at start-up with their variable and range, `serve --help`,
//!   the data variables read by every command (item 8).
//! - `events`: the event store under `serve` (issue 27): a read-only data directory stops the
//!   start within 2 s, a store that cannot write answers 503 with `Retry-After`, events past
//!   their retention are purged, and `kill -9` inside the lock's transaction and in the middle
//!   of publishing loses nothing acknowledged.
//! - `operator`: the start line naming the event store and each game's data, on SQLite and
//!   PostgreSQL; no escapes in a log written to a file; an error said once (issue 29).
//! - `replicas`: two `serve` on one PostgreSQL: token races with one winner, a replica 10 s
//!   off (libfaketime) deciding deadlines and stamps as the database's clock says, budgets
//!   spent once over both (issue 35; run by `scripts/replicas.sh`).
//!
//! Slow and stalled clients by the thousand are not a test but a script run by hand
//! (`scripts/stall.sh`, figures in `BENCHMARKS.md`).

mod events;
mod offline;
mod operator;
mod protocol;
mod replicas;
mod requests;
mod settings;
mod startup;
mod support;
mod sync;
