//! Integration tests, one binary. What each module covers:
//! - `real_decks`: the rules engine on the real card catalog and the real decks of `../shared`
//!   (official starter and spotlight decks, the Wichita tournament deck) — issue 2.
//! - `api`: the HTTP service over real HTTP, every endpoint and error, snapshots — issue 4.
//! - `cli`: `deckcheck check` as a user runs it: exit codes, text and `--json` output, bad input.
//! - `import`: every input format reads to the same deck; diagnostics; convert round trips — issue 3.
//! - `judge`: deck checks against the registered list, limited decks against their pool — issue 6.
//! - `name_resolution`: the corpus of misspellings, capitalisations, missing subtitles and
//!   transpositions, each with its expected outcome — issue 3.
//! - `sync`: card data sync from a mock upstream and the local mirror, faults, reload — issue 5.
//! - `properties`: property tests of the engine and the importer (proptest) — issue 7.
//! - `docs`: the documented list of violation codes matches the code.
//!
//! Tests that need the full catalog find it through `DECKCHECK_CARDS` or
//! `../shared/data/swu/cards`, and fail (not skip) when it is missing.

mod api;
mod cli;
mod docs;
mod helpers;
mod import;
mod judge;
mod name_resolution;
mod properties;
mod real_decks;
mod sync;
