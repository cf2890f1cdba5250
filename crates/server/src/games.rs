//! The games the service serves: every game is one [`GameSpec`] listed in [`GAMES`]; nothing
//! else in the service names a game or a format. What loaded and what could not ([`Loaded`]).
//! Where each game's data is read from is the settings' ([`crate::settings::Settings::paths`]);
//! loading it is [`crate::loading`]'s.

use deckcheck_core::{GameSpec, Registry};
use serde::Serialize;

/// Every game, the default (Star Wars: Unlimited) first.
pub const GAMES: &[&GameSpec] = &[
    &deckcheck_swu::SPEC,
    &deckcheck_lcg::SPEC,
    &deckcheck_ccg::SPEC,
    &deckcheck_legion::SPEC,
];

/// The spec of a game by id.
pub fn spec(id: &str) -> Option<&'static GameSpec> {
    GAMES
        .iter()
        .copied()
        .find(|g| g.id.eq_ignore_ascii_case(id))
}

/// A game that could not be loaded, and why: it is listed, and its routes answer 503.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct Unavailable {
    pub id: &'static str,
    pub name: &'static str,
    pub reason: String,
}

/// The loaded games and those that could not be.
#[derive(Clone, Default)]
pub struct Loaded {
    pub registry: Registry,
    pub unavailable: Vec<Unavailable>,
    /// What the start line must also say (issue 36): data served from where the README's
    /// offline command points, data older than its upstream's usual update interval.
    pub notes: Vec<String>,
}
