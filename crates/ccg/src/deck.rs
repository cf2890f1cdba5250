//! A deck as read: its entries, each in the deck (the 60) or kept outside it, resolved to a
//! card, to several (a title that names more than one), or to none.

use std::sync::Arc;

use crate::catalog::{CardIdx, Catalog, Side, set_of};

/// Where a card is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Zone {
    /// The deck itself (what CCG-SIZE counts).
    Deck,
    /// Cards kept outside the deck (Defensive Shields, cards a card deploys from outside).
    Outside,
}

impl Zone {
    pub fn id(self) -> &'static str {
        match self {
            Self::Deck => "deck",
            Self::Outside => "outside",
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            Self::Deck => "deck",
            Self::Outside => "outside the deck",
        }
    }
}

/// What an entry was read as.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Resolution {
    Card(CardIdx),
    /// A title that names several cards: never guessed (CCG-AMBIGUOUS).
    Ambiguous(Vec<CardIdx>),
    /// An id the data does not hold (`id` set, CCG-UNKNOWN), or a title no card has (its
    /// diagnostic says so).
    Unknown {
        id: Option<Arc<str>>,
    },
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    pub zone: Zone,
    pub count: u32,
    /// The line of the input (text and XML), or `None`.
    pub line: Option<u32>,
    /// What the entry said: an id or a title, as written (cut short when long).
    pub written: Arc<str>,
    pub card: Resolution,
}

impl Entry {
    pub fn card(&self) -> Option<CardIdx> {
        match self.card {
            Resolution::Card(c) => Some(c),
            _ => None,
        }
    }

    /// The set an unknown id names (`601` for `601_12`).
    pub fn unknown_set(&self) -> Option<u32> {
        match &self.card {
            Resolution::Unknown { id: Some(id) } => set_of(id),
            _ => None,
        }
    }
}

/// One deck.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Deck {
    pub entries: Vec<Entry>,
    /// The deck's name, where the input gives one.
    pub name: Option<String>,
}

impl Deck {
    /// Cards in a zone, unresolved entries included (they are cards the player listed).
    pub fn count(&self, zone: Zone) -> u64 {
        self.entries
            .iter()
            .filter(|e| e.zone == zone)
            .map(|e| u64::from(e.count))
            .sum()
    }

    /// The side most of its resolved cards are on, if any card is resolved and no tie.
    pub fn side(&self, catalog: &Catalog) -> Option<Side> {
        let (mut dark, mut light) = (0u64, 0u64);
        for e in &self.entries {
            if let Some(c) = e.card() {
                match catalog.card(c).side {
                    Side::Dark => dark += u64::from(e.count),
                    Side::Light => light += u64::from(e.count),
                }
            }
        }
        match dark.cmp(&light) {
            std::cmp::Ordering::Greater => Some(Side::Dark),
            std::cmp::Ordering::Less => Some(Side::Light),
            std::cmp::Ordering::Equal => None,
        }
    }

    /// Entries that could not be resolved to one card.
    pub fn unresolved(&self) -> usize {
        self.entries.iter().filter(|e| e.card().is_none()).count()
    }
}
