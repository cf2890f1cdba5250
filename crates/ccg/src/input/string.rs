//! GEMP's deck string, as GEMP stores decks (`DeckSerialization`, the sample decks of
//! `sample_decks.sql`): the deck's blueprint ids, one per card, then `|` and the ids of the
//! cards outside the deck: `9_109,9_109,3_82|13_54,13_66`.

use deckcheck_core::input::{InputFormat, InputFormatInfo};
use deckcheck_core::{Diagnostic, DiagnosticCode, ImportError, Imported};

use super::{At, Builder, MAX_ENTRIES, too_many};
use crate::catalog::{Catalog, looks_like_id};
use crate::deck::{Deck, Zone};

pub struct GempString;

impl InputFormat<Catalog, Deck> for GempString {
    fn info(&self) -> InputFormatInfo {
        InputFormatInfo {
            id: "gemp-string",
            name: "GEMP deck string",
            description: "Blueprint ids separated by commas, the deck's then `|` and those of the cards outside the deck: 9_109,9_109,3_82|13_54.",
        }
    }

    fn detect(&self, text: &str) -> bool {
        text.matches('|').count() <= 1
            && text
                .split([',', '|'])
                .map(str::trim)
                .all(|t| t.is_empty() || looks_like_id(t))
            && text.split([',', '|']).any(|t| !t.trim().is_empty())
    }

    fn read(&self, catalog: &Catalog, text: &str) -> Result<Imported<Deck>, ImportError> {
        let mut parts = text.split('|');
        let deck = parts.next().unwrap_or_default();
        let outside = parts.next().unwrap_or_default();
        if parts.next().is_some() {
            return Err(ImportError::NotADeck(
                "a GEMP deck string has one `|`, between the deck and the cards outside it; this one has more".into(),
            ));
        }
        let tokens = deck.split(',').count() + outside.split(',').count();
        if tokens > MAX_ENTRIES {
            return Err(too_many("ids", tokens));
        }
        let mut builder = Builder::new(catalog);
        for (zone, part) in [(Zone::Deck, deck), (Zone::Outside, outside)] {
            let mut n = 0;
            for token in part.split(',').map(str::trim).filter(|t| !t.is_empty()) {
                n += 1;
                let at = At::Card(zone, n);
                if looks_like_id(token) {
                    builder.by_id(zone, 1, at, token, None);
                } else {
                    builder.diagnostic(
                        Diagnostic::error(
                            DiagnosticCode::MALFORMED_ENTRY,
                            at.to_string(),
                            token,
                            "not a blueprint id (set_number, e.g. 9_151); it is counted as an unknown card.",
                        )
                        .in_zone(zone.id()),
                    );
                    builder.unknown(zone, at, token);
                }
            }
        }
        if builder.entries() == 0 {
            return Err(ImportError::NotADeck(
                "the deck string holds no card".into(),
            ));
        }
        Ok(builder.finish())
    }
}
