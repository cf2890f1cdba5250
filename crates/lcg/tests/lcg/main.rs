//! The real-data suite of deckcheck-lcg: the card catalog of `../shared/data/swlcg` (never
//! copied here), OCTGN's own starter decks and the deck files of `decks/`.
//!
//! - `support`: finds the shared data (the tests that need it are ignored without `--include-ignored`), loads the game once.
//! - `decks`: every deck file of `decks/` and its verdict: each rule id legal and illegal,
//!   OCTGN's four Core Set starter decks (eight sets: illegal by LCG-MIN-10 only).
//! - `inputs`: what the readers make of hostile and sloppy input, one diagnostic per entry.
//! - `game`: the game as the service sees it: codes, formats, cards, windows, conversions.
//! - `sync`: a sync from a mirror, and the ones it refuses.
//! - `issue28`: an unknown card is unverified, with did-you-mean, as dated cases.

mod decks;
mod game;
mod inputs;
mod issue28;
mod support;
mod sync;
