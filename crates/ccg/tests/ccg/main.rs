//! deckcheck-ccg's integration tests. The real-data tests read the mirrored upstream files in
//! `../shared/data/swccg` (beside the repository); without them they print one line and pass.

mod helpers;

mod data;
mod decks;
mod game;
mod hostile;
mod inputs;
mod issue28;
mod sync;
