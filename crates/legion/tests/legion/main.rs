//! The Legion game on Legion HQ's real data (`../shared/data/legion/legion-hq`); the tests that
//! read it are `#[ignore = "needs ../shared: …"]`, run with `--include-ignored`.
//!
//! - `lists`: 40+ armies built from the real card data, every rule id legal and illegal,
//!   including links Legion HQ's own validator passes and the regulations reject.
//! - `inputs`: the link, TTS JSON and text readers; bad input never panics.
//! - `dates`: the same army on different dates (800 → 1,000 points, costs from history).
//! - `service`: the game through `AnyGame` as the service and CLI see it.
//! - `sync`: syncing from a mirror and from a repository layout, and a failed sync.
//! - `issue28`: an unknown card is unverified, with did-you-mean, on dated cases (issue 28,
//!   item 4).

mod common;
mod dates;
mod inputs;
mod issue28;
mod lists;
mod service;
mod sync;
