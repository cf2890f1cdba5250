//! A resolved deck: every line already a catalog card, in its zone, with its count.
//!
//! Decks are made by the importers in `decklist/` and judged by the rules in `rules/`; nothing
//! downstream of this type reads raw text again.

use std::collections::BTreeMap;

use serde::Serialize;

use crate::catalog::{CardId, PrintingId};

/// Where a card sits in a deck list.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Zone {
    Leader,
    Base,
    Main,
    Sideboard,
}

impl Zone {
    pub const ALL: [Zone; 4] = [Self::Leader, Self::Base, Self::Main, Self::Sideboard];

    pub fn label(self) -> &'static str {
        match self {
            Self::Leader => "leader",
            Self::Base => "base",
            Self::Main => "main deck",
            Self::Sideboard => "sideboard",
        }
    }
}

/// One line of a deck: `count` copies of a card, written as one of its printings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DeckEntry {
    pub zone: Zone,
    pub card: CardId,
    /// The printing the list named (a Hyperspace id, a reprint): kept to answer in the
    /// player's own terms.
    pub printing: PrintingId,
    pub count: u32,
    /// Line number in the input, where the input has lines.
    pub line: Option<u32>,
}

/// A deck and the facts of its list that the regulations ask for (TR 3.1.3).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Deck {
    pub name: Option<String>,
    pub player: Option<String>,
    pub uid: Option<String>,
    pub entries: Vec<DeckEntry>,
}

impl Deck {
    pub fn in_zone(&self, zone: Zone) -> impl Iterator<Item = &DeckEntry> {
        self.entries.iter().filter(move |e| e.zone == zone)
    }

    /// How many cards a zone holds (counts added; cannot overflow for any parsed deck since
    /// importers bound each count).
    pub fn count(&self, zone: Zone) -> u64 {
        self.in_zone(zone).map(|e| u64::from(e.count)).sum()
    }

    /// Copies per card over the given zones, in card order.
    pub fn copies(&self, zones: &[Zone]) -> BTreeMap<CardId, u64> {
        let mut copies = BTreeMap::new();
        for e in self.entries.iter().filter(|e| zones.contains(&e.zone)) {
            *copies.entry(e.card).or_insert(0) += u64::from(e.count);
        }
        copies
    }

    /// The first printing the list used for a card (to name it as the player wrote it).
    pub fn printing_of(&self, card: CardId) -> Option<PrintingId> {
        self.entries
            .iter()
            .find(|e| e.card == card)
            .map(|e| e.printing)
    }
}
