//! deckcheck-swu's integration tests, one binary. What each module covers:
//! - `real_decks`: the rules engine on the real card catalog and the real decks of `../shared`
//!   (official starter and spotlight decks, the Wichita tournament deck) — issue 2.
//! - `import`: every input format reads to the same deck; diagnostics; convert round trips — issue 3.
//! - `name_resolution`: the corpus of misspellings, capitalisations, missing subtitles and
//!   transpositions (`tests/fixtures/name_resolution.toml`), each with its expected outcome — issue 3.
//! - `judge`: deck checks against the registered list, limited decks against their pool — issue 6.
//! - `sync`: card data sync from the local mirror — issue 5 (over HTTP, with its faults: the
//!   tests of `crates/fetch`).
//! - `properties`: property tests of the engine and the importer (proptest) — issue 7.
//! - `languages`: card names in German, French, Italian and Spanish: synced from a directory of
//!   the official card database's pages (over HTTP: the tests of `crates/fetch`), lists in each
//!   language and mixed, dated cases — issue 28.
//! - `issue28`: the dated cases of issue 28's items 2 and 3: limited decks and pools on their
//!   date, a suspension cited by its announcement, the boundaries no source of the time fixed.
//!
//! The real data is found through `DECKCHECK_SHARED` (the `shared/` directory) or
//! `DECKCHECK_CARDS` (the catalog), else `shared/` beside the repository. The tests that need it
//! are `#[ignore = "needs ../shared: …"]` (issue 26): `cargo test -- --include-ignored` runs them;
//! the rules' unit tests on hand-written fixtures run either way (`src/rules/fixture.rs`).

mod helpers;

mod import;
mod issue28;
mod issue36;
mod judge;
mod languages;
mod name_resolution;
mod properties;
mod real_decks;
mod sync;
