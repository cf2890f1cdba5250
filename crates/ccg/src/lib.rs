//! deckcheck-ccg: Star Wars CCG (Decipher 1995–2001, run by the Players Committee since, played
//! on GEMP). A registration is a Dark Side deck and a Light Side deck; each is checked for Open,
//! Classic (the tournament guide's ban list) and GEMP's Classic (which also bans Defensive
//! Shields), on any date.
//!
//! - [`upstream`]: the published files (GEMP's formats and blueprints, the PC card database);
//!   [`catalog`]: them joined into cards by GEMP id, with titles only as a way to find cards.
//! - [`data`]: the project's own data in `card_data/ccg/` (formats with dates, release-date
//!   additions, the Episode I icon conflicts).
//! - [`input`]: GEMP deck XML, GEMP deck strings, text lists; [`deck`]: what they become.
//! - [`rules`]: one file per rule id (spec §2.3), each citing its source.
//! - [`game`]: the core's `Game`; [`sync`]: the core's `sync::Source`.
//!
//! Imports run one way, with no way back: `upstream` ← `catalog` ← `deck`, `data` ← `input`,
//! `rules`, `sheet` ← `game` ← `sync`. What a reader and a rule both need of a card (how an
//! answer names it, GEMP's set numbers) is the catalog's.

pub mod catalog;
pub mod data;
pub mod deck;
pub mod game;
pub mod input;
mod messages;
pub mod rules;
pub mod sheet;
pub mod sync;
pub mod upstream;

pub use game::{Ccg, CcgOptions};
pub use sync::CcgSource;

use deckcheck_core::GameSpec;

/// The game as the binary lists it.
pub const SPEC: GameSpec = GameSpec {
    id: "ccg",
    name: "Star Wars CCG",
    dir_name: "swccg",
    env: "DECKCHECK_CCG_CARDS",
    source: &CcgSource,
    load: game::load,
    api: game::api,
};
