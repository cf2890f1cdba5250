//! A resolved deck: every line already a catalog card, in its zone, with its count.
//!
//! Decks are made by the readers in `decklist/` and judged by the rules in `rules/`; nothing
//! downstream of this type reads raw text again. Its cards are indices into the catalog that
//! read it, so a deck lives no longer than a check: what is stored is the list's text.

use std::collections::BTreeMap;

use deckcheck_core::names::Written;
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

    /// The id answers use: `leader`, `base`, `main`, `sideboard`.
    pub fn id(self) -> &'static str {
        match self {
            Self::Leader => "leader",
            Self::Base => "base",
            Self::Main => "main",
            Self::Sideboard => "sideboard",
        }
    }

    /// In words: "main deck".
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

/// A deck and the facts of its list that the regulations ask for (CEG 3.3.3).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Deck {
    name: Option<String>,
    player: Option<String>,
    /// Who made the list (a deck site's author), which is not necessarily who plays it.
    author: Option<String>,
    uid: Option<String>,
    entries: Vec<DeckEntry>,
    /// The entries the list wrote by a name that is not their English one (issue 28), by
    /// entry index: few or none, so kept apart rather than as an empty slot per entry.
    written: Vec<(usize, Written)>,
    /// Copies per zone of entries that could not be resolved (unknown or ambiguous cards):
    /// they still count toward the deck's size, so one unknown id is one diagnostic and an
    /// unverified verdict, never a deck "too small" that is not.
    unresolved: [u64; 4],
}

impl Deck {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn push(&mut self, entry: DeckEntry) {
        self.push_written(entry, None);
    }

    /// Room for `additional` more entries (a reader that knows how many lines it has).
    pub fn reserve(&mut self, additional: usize) {
        self.entries.reserve(additional);
    }

    /// Adds an entry the list wrote by a name in another language (`None`: its English name).
    pub fn push_written(&mut self, entry: DeckEntry, written: Option<Written>) {
        if let Some(written) = written {
            self.written.push((self.entries.len(), written));
        }
        self.entries.push(entry);
    }

    /// The name the list wrote an entry by, when not its English one.
    fn written_at(&self, index: usize) -> Option<&Written> {
        self.written
            .iter()
            .find(|(i, _)| *i == index)
            .map(|(_, w)| w)
    }

    /// The entries of a zone, each with the name the list wrote it by when not its English one.
    pub fn in_zone_as_written(
        &self,
        zone: Zone,
    ) -> impl Iterator<Item = (&DeckEntry, Option<&Written>)> {
        self.entries
            .iter()
            .enumerate()
            .filter(move |(_, e)| e.zone == zone)
            .map(|(i, e)| (e, self.written_at(i)))
    }

    /// The languages other than English the list wrote cards in, each once (`de`, `fr`).
    pub fn languages(&self) -> Vec<&'static str> {
        let mut langs: Vec<&'static str> = self.written.iter().map(|(_, w)| w.lang).collect();
        langs.sort_unstable();
        langs.dedup();
        langs
    }

    /// How many entries the list wrote in another language.
    pub fn written_elsewhere(&self) -> usize {
        self.written.len()
    }

    /// Notes `count` copies in `zone` that could not be read as a card.
    pub fn add_unresolved(&mut self, zone: Zone, count: u32) {
        self.unresolved[zone as usize] += u64::from(count);
    }

    /// Copies in `zone` that could not be read as a card.
    pub fn unresolved(&self, zone: Zone) -> u64 {
        self.unresolved[zone as usize]
    }

    pub fn entries(&self) -> &[DeckEntry] {
        &self.entries
    }

    pub fn name(&self) -> Option<&str> {
        self.name.as_deref()
    }

    pub fn player(&self) -> Option<&str> {
        self.player.as_deref()
    }

    pub fn uid(&self) -> Option<&str> {
        self.uid.as_deref()
    }

    pub fn author(&self) -> Option<&str> {
        self.author.as_deref()
    }

    pub fn set_author(&mut self, author: Option<String>) {
        self.author = author;
    }

    pub fn set_name(&mut self, name: Option<String>) {
        self.name = name;
    }

    pub fn set_player(&mut self, player: Option<String>) {
        self.player = player;
    }

    pub fn set_uid(&mut self, uid: Option<String>) {
        self.uid = uid;
    }

    pub fn in_zone(&self, zone: Zone) -> impl Iterator<Item = &DeckEntry> {
        self.entries.iter().filter(move |e| e.zone == zone)
    }

    /// How many cards a zone holds (readers bound each count, so the sum cannot overflow).
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

    /// The first entry of a card: the printing and line the list used for it.
    pub fn first_entry(&self, card: CardId) -> Option<&DeckEntry> {
        self.entries.iter().find(|e| e.card == card)
    }

    /// The first entry of a card, with the name the list wrote it by when not its English one.
    pub fn first_entry_as_written(&self, card: CardId) -> Option<(&DeckEntry, Option<&Written>)> {
        let i = self.entries.iter().position(|e| e.card == card)?;
        Some((&self.entries[i], self.written_at(i)))
    }
}
