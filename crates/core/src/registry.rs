//! The games deckcheck knows, and how each is loaded: what the service and the CLI hold.
//!
//! Each game crate exports one [`GameSpec`]; the binary lists them once. Loading a game reads
//! its catalog from a directory (resolved once, see [`crate::sync::CatalogDir`]) and its own
//! legality data (embedded, or a newer copy from a directory).

use std::path::{Path, PathBuf};
use std::sync::Arc;

use serde_json::Value;

use crate::game::{AnyGame, FormatInfo};
use crate::input::InputFormatInfo;
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
    pub load: fn(&Paths) -> Result<Arc<dyn AnyGame>, LoadError>,
    /// What the API document says of the game, from its own legality data (`card_data`: a
    /// directory replacing the embedded copy, as [`Paths::card_data`]) and no card catalog:
    /// the document is the same wherever the service runs.
    pub api: fn(Option<&Path>) -> Result<GameApi, LoadError>,
}

/// Why a game's data could not be loaded: the game's own error (its catalog, its legality
/// data), kept whole; the service lists the game as unavailable with it, the CLI stops with it.
#[derive(Debug, thiserror::Error)]
#[error(transparent)]
pub struct LoadError(Box<dyn std::error::Error + Send + Sync>);

impl LoadError {
    pub fn new(e: impl Into<Box<dyn std::error::Error + Send + Sync>>) -> Self {
        Self(e.into())
    }
}

impl From<String> for LoadError {
    fn from(message: String) -> Self {
        Self::new(message)
    }
}

/// A game as the API document describes it: the values a request may name, and a real deck.
#[derive(Debug, Clone)]
pub struct GameApi {
    pub formats: Vec<FormatInfo>,
    /// The input formats, in the order detection tries them.
    pub inputs: Vec<InputFormatInfo>,
    /// The JSON schema of the game's options (an object; see [`crate::Game::Options`]).
    pub options: Value,
    /// A real deck of the game, for the document's examples.
    pub example: ApiExample,
    /// Whether a request body may be a JSON deck posted as it is (see
    /// [`crate::Game::is_bare_deck`]): one whose `deck` field is the list of its entries.
    pub bare_deck: bool,
}

/// A real deck as a request names it: a list in one of the game's input formats, the format
/// it is checked for and the date; and a real card, by an id and by a name.
#[derive(Debug, Clone, Copy)]
pub struct ApiExample {
    pub deck: &'static str,
    pub format: &'static str,
    pub as_of: &'static str,
    pub card: &'static str,
    pub name: &'static str,
}

impl GameApi {
    /// The description of a game whose options are `O`.
    pub fn new<O: utoipa::PartialSchema>(
        formats: Vec<FormatInfo>,
        inputs: Vec<InputFormatInfo>,
        example: ApiExample,
    ) -> Self {
        Self {
            formats,
            inputs,
            options: serde_json::to_value(O::schema()).unwrap_or(Value::Null),
            example,
            bare_deck: false,
        }
    }

    /// The most decks one request may hold: what its formats play, at most [`crate::game::MAX_DECKS`].
    pub fn max_decks(&self) -> usize {
        crate::game::most_decks(&self.formats)
    }
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
