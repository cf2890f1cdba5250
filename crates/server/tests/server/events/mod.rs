//! The event routes over HTTP, on a service bound to a free loopback port with its event store
//! in a temporary directory (SQLite) or, when `DECKCHECK_TEST_DATABASE_URL` is set, in a new
//! PostgreSQL database too. The decks are the real SWU tournament list in `../shared`.

mod access;
mod flow;
mod helpers;
