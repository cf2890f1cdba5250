//! deckcheck-server's integration tests: the HTTP service over real HTTP, one binary. What each
//! module covers:
//! - `validate`: `POST /v1/decks/validate` and `/compare`, at the default and each game's path — issue 4, 16.
//! - `batch`: `POST /v1/decks/validate-batch` — issue 4.
//! - `cards`: games, cards, formats, sets, suspensions, health, the API document, the pages — issue 4.
//! - `errors`: every request that cannot be understood, and its one error shape — issue 4.
//! - `hostile`: what people and programs send by mistake or on purpose, each with its exact
//!   answer — issue 7.
//! - `reload`: the admin reload, under load and with data that does not load — issue 5.
//! - `docs`: `docs/violation-codes.md` against every game's rules — issue 16.
//! - `first_start`: `serve`'s first start syncs SWU with its card names in other languages —
//!   issue 28.
//! - `games`: Legion, CCG and LCG through the service on real decks, legal and illegal, with
//!   their verdicts and codes — issues 20-22.
//! - `ops`: `/metrics`, `/health`, `/health/live` and `/ready` as an operator uses them — issue 29.
//! - `links`: decks given as links on every deck route, each site from a local server, and
//!   every refusal — issue 30.
//! - `sheets`: printable deck-registration sheets of each game, and who may print them — issue 30.
//! - `encodings`: a list saved as Windows-1252, declared or not, and bytes that are no text —
//!   issue 36.
//!
//! Bodies are pinned by snapshots (`snapshots/`, the catalog version redacted). The real data
//! of `../shared` (or `DECKCHECK_SHARED`, `DECKCHECK_CARDS`…) is loaded once; without it the
//! tests that need it pass without running, one line says so, and the rest run on the
//! hand-written catalog of `fixtures/swu/` (issue 16).

mod helpers;
#[path = "../common/metrics_text.rs"]
mod metrics_text;

mod batch;
mod cards;
mod docs;
mod encodings;
mod errors;
mod first_start;
mod games;
mod hostile;
mod languages;
mod links;
mod ops;
mod reload;
mod sheets;
mod validate;
