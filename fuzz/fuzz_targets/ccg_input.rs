//! The readers of the Star Wars CCG (GEMP XML, GEMP deck strings, text lists), through the game as the service and the CLI see it
//! (`AnyGame::validate`, every format on a date): the first byte picks the input format and the
//! date, the rest is one to three decks split at `====` lines. Answered or refused with a
//! message, never a panic; every answer consistent.
#![no_main]

mod common;

use std::sync::{Arc, LazyLock};

use deckcheck_core::AnyGame;
use libfuzzer_sys::fuzz_target;

static GAME: LazyLock<Arc<dyn AnyGame>> = LazyLock::new(|| common::load("ccg"));

fuzz_target!(|data: &[u8]| {
    common::game_input(GAME.as_ref(), data);
});
