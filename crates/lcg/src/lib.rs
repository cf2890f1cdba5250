//! deckcheck-lcg: Star Wars: The Card Game (Fantasy Flight Games' LCG, 2012-2017, played on
//! OCTGN since). Decks are built from objective sets (an objective and its five cards); a
//! registration is a light side and a dark side deck.
//!
//! - [`catalog`]: swlcg-json's product files, loaded from a directory and indexed by OCTGN id,
//!   set and name; [`sync`]: the same files fetched from the upstream, safely.
//! - [`data`]: the project's own dated facts (`card_data/lcg/`): formats, product dates, the
//!   restricted lists and the Along the Gamor Run errata.
//! - [`input`]: OCTGN `.o8d` XML and pod lists (`2x A Hero's Journey (1)`).
//! - [`rules`]: one file per rule of spec `other-games.md` §1.3, each with its id and source.
//! - [`game`]: the [`Game`](deckcheck_core::Game) the service and the CLI see.
//!
//! Imports run one way, with no way back: `catalog` ← `deck`, `data` ← `input`, `rules`,
//! `sheet` ← `game`. What a reader and a rule both need (how an answer names a card, where a
//! card of a type is filed) is the catalog's and the deck's.

pub mod catalog;
pub mod data;
pub mod deck;
pub mod game;
pub mod input;
mod messages;
pub mod rules;
pub mod sheet;
pub mod sync;

pub use game::{Lcg, LcgOptions};

/// Star Wars: The Card Game as the binary lists it.
pub const SPEC: deckcheck_core::GameSpec = deckcheck_core::GameSpec {
    id: "lcg",
    name: "Star Wars: The Card Game",
    dir_name: "swlcg",
    env: "DECKCHECK_LCG_CARDS",
    source: &sync::SwlcgSource,
    load: game::load,
    api: game::api,
};
