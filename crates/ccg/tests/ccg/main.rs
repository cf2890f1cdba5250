//! deckcheck-ccg's integration tests. The real-data tests read the mirrored upstream files in
//! `../shared/data/swccg` (beside the repository); they are `#[ignore = "needs ../shared: …"]`, run
//! by `cargo test -- --include-ignored` (CI does).

mod helpers;

mod data;
mod decks;
mod game;
mod hostile;
mod inputs;
mod issue28;
mod issue36;
mod sync;
