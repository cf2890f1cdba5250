//! The loaded state a check needs (catalog and legality data) and where it comes from.

use std::path::{Path, PathBuf};

use crate::catalog::{Catalog, CatalogError, load_dir};
use crate::data::{DataError, LegalityData};
use crate::deck::Deck;
use crate::decklist::Diagnostic;
use crate::rules::{CheckOptions, Links, Report, check};

/// Card catalog and legality data, loaded once and shared by every check.
#[derive(Debug)]
pub struct Checker {
    pub catalog: Catalog,
    pub data: LegalityData,
    /// The data linked to the catalog's cards and sets.
    pub links: Links,
}

/// Why the checker could not start.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    #[error("card catalog: {0}")]
    Catalog(#[from] CatalogError),
    #[error("legality data: {0}")]
    Data(#[from] DataError),
}

impl Checker {
    /// Loads the catalog from `cards` and the legality data from `card_data` (or the embedded
    /// copy when `None`).
    pub fn load(cards: &Path, card_data: Option<&Path>) -> Result<Self, LoadError> {
        let data = match card_data {
            Some(dir) => LegalityData::from_dir(dir)?,
            None => LegalityData::embedded()?,
        };
        let release = |code: &str| data.release_date(code);
        let catalog = load_dir(cards, &release)?;
        Ok(Self::new(catalog, data))
    }

    /// Links legality data to a catalog.
    pub fn new(catalog: Catalog, data: LegalityData) -> Self {
        let links = Links::new(&catalog, &data);
        Self {
            catalog,
            data,
            links,
        }
    }

    pub fn check(
        &self,
        decks: &[Deck],
        diagnostics: Vec<Diagnostic>,
        options: &CheckOptions,
    ) -> Report {
        check(self, decks, diagnostics, options)
    }
}

/// Where the card catalog is looked for when neither `--cards` nor `DECKCHECK_CARDS` is given:
/// `$XDG_DATA_HOME/deckcheck/cards`, else `$HOME/.local/share/deckcheck/cards`, else
/// `./deckcheck-data/cards`. The sync command keeps its catalog there.
pub fn default_cards_dir() -> PathBuf {
    let base = std::env::var_os("XDG_DATA_HOME")
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
        .or_else(|| {
            std::env::var_os("HOME")
                .filter(|v| !v.is_empty())
                .map(|h| PathBuf::from(h).join(".local/share"))
        });
    match base {
        Some(base) => base.join("deckcheck").join("cards"),
        None => PathBuf::from("deckcheck-data").join("cards"),
    }
}
