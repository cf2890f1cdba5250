//! The loaded state a check needs (catalog and legality data) and where it comes from.

use std::ops::Range;
use std::path::{Path, PathBuf};

use jiff::civil::Date;
use serde::Serialize;

use crate::catalog::{CardId, CardType, Catalog, CatalogError, load_dir};
use crate::data::{DataError, FormatId, LegalityData};
use crate::deck::{Deck, DeckEntry, Zone};
use crate::decklist::{Diagnostic, Imported};
use crate::rules::{CheckOptions, Code, Links, Report, Violation, check};

/// Card catalog and legality data, loaded once and shared by every check.
#[derive(Debug, Clone)]
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

    /// Checks imported decks in several formats: Trilogy judges all decks together, every other
    /// format each deck on its own. Each report comes with the indices of the decks it judged.
    pub fn check_formats(
        &self,
        decks: &[Imported],
        formats: &[FormatId],
        template: &CheckOptions,
    ) -> Vec<(Range<usize>, Report)> {
        let mut reports = Vec::new();
        for &format in formats {
            let mut options = template.clone();
            options.format = format;
            if format == FormatId::Trilogy {
                let all: Vec<Deck> = decks.iter().map(|i| i.deck.clone()).collect();
                let diagnostics = decks.iter().flat_map(|i| i.diagnostics.clone()).collect();
                reports.push((0..decks.len(), self.check(&all, diagnostics, &options)));
            } else {
                for (i, imported) in decks.iter().enumerate() {
                    let report = self.check(
                        std::slice::from_ref(&imported.deck),
                        imported.diagnostics.clone(),
                        &options,
                    );
                    reports.push((i..i + 1, report));
                }
            }
        }
        reports
    }

    /// Whether one card may be played in a format on a date, and if not, why: its release, its
    /// format's card pool and suspensions (deck-shape rules do not apply to a single card).
    /// Limited formats depend on the opened pool and have no answer here.
    pub fn card_legality(&self, card: CardId, format: FormatId, as_of: Date) -> CardLegality {
        if format.is_limited() {
            return CardLegality {
                format,
                legal: None,
                violations: Vec::new(),
                note: Some(
                    "Limited decks may play any card opened or drafted at the event.".into(),
                ),
            };
        }
        let c = self.catalog.card(card);
        let zone = match c.card_type {
            CardType::Leader => Zone::Leader,
            CardType::Base => Zone::Base,
            _ => Zone::Main,
        };
        let deck = Deck {
            entries: vec![DeckEntry {
                zone,
                card,
                printing: self.catalog.default_printing(card),
                count: 1,
                line: None,
            }],
            ..Deck::default()
        };
        let report = self.check(&[deck], vec![], &CheckOptions::new(format, as_of));
        let violations: Vec<Violation> = report
            .violations
            .into_iter()
            .filter(|v| {
                matches!(
                    v.code,
                    Code::FormatNotAvailable
                        | Code::CardNotReleased
                        | Code::CardNotInFormat
                        | Code::CardSuspended
                )
            })
            .collect();
        let token = c.card_type == CardType::Token;
        CardLegality {
            format,
            legal: Some(violations.is_empty() && !token),
            violations,
            note: token.then(|| "Tokens are never part of a deck (CR 1.2.3).".into()),
        }
    }
}

/// A card's standing in one format on one date.
#[derive(Debug, Clone, Serialize)]
pub struct CardLegality {
    pub format: FormatId,
    /// `None` where the question has no answer for a single card (limited formats).
    pub legal: Option<bool>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub violations: Vec<Violation>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
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
