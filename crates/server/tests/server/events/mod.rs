//! The event routes over HTTP, on a service bound to a free loopback port with its event store
//! in a temporary directory (SQLite) or, when `DECKCHECK_TEST_DATABASE_URL` is set, in a new
//! PostgreSQL database too. The decks are the real SWU tournament list in `../shared`; `games`
//! registers a CCG pair and a Legion army (issues 20, 21); `limits`: per-client limits
//! and event creation (issue 27); `metrics` counts what happened in `/metrics` and `ready`
//! follows PostgreSQL out and back (issue 29); `tokens`: revoking, reissuing, rotating and
//! recovering tokens, their lifetime, deleting an event; `published`: the published snapshot's
//! pages, entity tag and fingerprints (issue 27); `fingerprints`: each list's fingerprint in
//! the answers and the deck check (issue 30); `idempotency`: every write route a client
//! retries answers a retry with its first answer, after a fault between commit and answer too;
//! `history`: a player's record is a page of their history, a list the game cannot take is
//! refused (issue 35); `roster`: removals, corrections, withdrawals, stale and voided deck
//! checks, publishing's question and search (issue 34).

mod access;
mod fingerprints;
mod flow;
mod games;
mod helpers;
mod history;
mod idempotency;
mod limits;
mod metrics;
mod published;
mod ready;
mod roster;
mod tokens;
