//! The games deckcheck knows, and how each is loaded: what the service and the CLI hold.
//!
//! Each game crate exports one [`GameSpec`]; the binary lists them once. Loading a game reads
//! its catalog from a directory (resolved once, see [`crate::sync::CatalogDir`]) and its own
//! legality data (embedded, or a newer copy from a directory).

use std::path::PathBuf;
use std::sync::Arc;

use crate::game::AnyGame;
use crate::sync::Source;

/// Where a game's data is.
#[derive(Debug, Clone)]
pub struct Paths {
    /// The catalog directory (a synced store, or a mirror of the upstream's files).
    pub cards: PathBuf,
    /// A directory of the project's legality data that replaces the embedded copy
    /// (`card_data/<game>/`), or `None` for the embedded one.
    pub card_data: Option<PathBuf>,
}

/// A game as the binary lists it.
pub struct GameSpec {
    /// `swu`, `lcg`, `ccg`, `legion`: what `--game` and `"game"` name.
    pub id: &'static str,
    pub name: &'static str,
    /// The catalog directory's name under the data directory (`cards` for SWU).
    pub dir_name: &'static str,
    /// The environment variable that points at its catalog (`DECKCHECK_CARDS` for SWU).
    pub env: &'static str,
    pub source: &'static dyn Source,
    pub load: fn(&Paths) -> Result<Arc<dyn AnyGame>, String>,
}

impl std::fmt::Debug for GameSpec {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("GameSpec").field("id", &self.id).finish()
    }
}

/// The loaded games, the first one the default.
#[derive(Clone, Default)]
pub struct Registry {
    games: Vec<Arc<dyn AnyGame>>,
}

impl Registry {
    pub fn new(games: Vec<Arc<dyn AnyGame>>) -> Self {
        Self { games }
    }

    /// A game by id (case-insensitive), or the default (the first) for `None`.
    pub fn get(&self, id: Option<&str>) -> Option<&Arc<dyn AnyGame>> {
        match id {
            None => self.games.first(),
            Some(id) => self
                .games
                .iter()
                .find(|g| g.info().id.eq_ignore_ascii_case(id.trim())),
        }
    }

    pub fn games(&self) -> &[Arc<dyn AnyGame>] {
        &self.games
    }
}
