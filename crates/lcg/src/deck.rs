//! A deck as read: entries resolved to catalog cards, each in the section the list filed it
//! in, and the entries whose id the catalog does not have.

use crate::catalog::{CardIdx, CardType};

/// The sections of a deck (CR p.10 Setup step 5: an objective deck and a command deck, and the
/// affiliation card beside them).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
pub enum Section {
    Affiliation,
    Objective,
    Command,
}

impl Section {
    pub fn id(self) -> &'static str {
        match self {
            Self::Affiliation => "affiliation",
            Self::Objective => "objective",
            Self::Command => "command",
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            Self::Affiliation => "Affiliation",
            Self::Objective => "Objective Deck",
            Self::Command => "Command Deck",
        }
    }

    /// Where a card goes when the list does not say: by its type.
    pub fn of(kind: CardType) -> Self {
        match kind {
            CardType::Affiliation => Self::Affiliation,
            CardType::Objective => Self::Objective,
            _ => Self::Command,
        }
    }
}

/// One line of a list: a card, how many, where the list filed it and where it was written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    pub card: CardIdx,
    pub count: u32,
    pub section: Section,
    pub line: Option<u32>,
}

/// An OCTGN card id the catalog does not have (a community-made set, or a damaged file).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unknown {
    pub id: String,
    pub name: String,
    pub count: u32,
    pub section: Section,
    pub line: Option<u32>,
}

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Deck {
    pub entries: Vec<Entry>,
    pub unknown: Vec<Unknown>,
    /// Entries that could not be read at all (an unknown objective title, a count that is not
    /// one): they may be cards the deck needs, so a rule a missing card breaks is then not
    /// certain.
    pub unread: u32,
}
