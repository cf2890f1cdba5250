//! The input formats: GEMP's deck XML, GEMP's deck string, and text lists (`3x Title` lines with
//! category headers and an outside-the-deck section, GEMP's "Deck list" page included).
//!
//! Every reader builds entries through [`Builder`], which resolves ids and titles the same way:
//! an id names its card (`*` and `^` marks stripped); a title may name several cards, and then
//! only two facts narrow it, both stated by the rules of the game: a deck has one side (the
//! side of the rest of the deck), and Defensive Shields are kept outside the deck (a shield's
//! title in the deck is the other card, outside it the shield). What still names several cards is
//! never guessed: the entry stays ambiguous and the report judges it under each candidate.

mod string;
mod text;
mod xml;

pub use string::GempString;
pub use text::TextList;
pub use xml::GempXml;

use std::sync::Arc;

use deckcheck_core::input::{InputFormat, MAX_COUNT, MAX_SUGGESTED};
use deckcheck_core::{CardRef, Diagnostic, DiagnosticCode, ImportError, Imported};

use crate::catalog::{CardIdx, Catalog, LEGACY_SET, Side, base_id, looks_like_id};
use crate::deck::{Deck, Entry, Resolution, Zone};

/// The most entries (text lines, XML elements, ids of a deck string) one deck may have.
pub const MAX_ENTRIES: usize = deckcheck_core::input::MAX_LINES;

/// A title read with the help of the rest of the deck (its side, or the zone it is in).
pub const RESOLVED_BY_CONTEXT: DiagnosticCode = DiagnosticCode::new("resolved-by-context");
/// An id given with a title (GEMP XML `title`, `Alter (12_145)`) where the title is not the card's.
pub const ID_NAME_MISMATCH: DiagnosticCode = DiagnosticCode::ID_NAME_MISMATCH;

/// Where an entry is in its input, as its diagnostics name it: a line of a text list or of an
/// XML file, or the place of an id in a deck string. Kept as it is and written out only for a
/// diagnostic.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum At {
    Line(u32),
    /// The n-th id (from 1) of a deck string's zone.
    Card(Zone, usize),
}

impl At {
    /// The line, for an input that has lines.
    pub fn line(self) -> Option<u32> {
        match self {
            Self::Line(line) => Some(line),
            Self::Card(..) => None,
        }
    }
}

impl std::fmt::Display for At {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Line(line) => write!(f, "line {line}"),
            Self::Card(Zone::Deck, n) => write!(f, "card {n}"),
            Self::Card(Zone::Outside, n) => write!(f, "outside card {n}"),
        }
    }
}

/// Every reader, in the order detection tries them; the text reader takes anything.
pub const READERS: &[&dyn InputFormat<Catalog, Deck>] = &[&GempXml, &GempString, &TextList];

/// Room made at once for the entries of a deck: a deck file has one per card, 60 in the deck
/// and a few outside it.
const USUAL_ENTRIES: usize = 64;

/// Builds a deck entry by entry, with a diagnostic for every entry that is not clean.
pub struct Builder<'c> {
    catalog: &'c Catalog,
    deck: Deck,
    /// Where each entry was, for its diagnostics.
    ats: Vec<At>,
    diagnostics: Vec<Diagnostic>,
    suggested: usize,
}

impl<'c> Builder<'c> {
    pub fn new(catalog: &'c Catalog) -> Self {
        Self {
            catalog,
            deck: Deck {
                entries: Vec::with_capacity(USUAL_ENTRIES),
                name: None,
            },
            ats: Vec::with_capacity(USUAL_ENTRIES),
            diagnostics: Vec::new(),
            suggested: 0,
        }
    }

    pub fn name(&mut self, name: Option<String>) {
        self.deck.name = name;
    }

    pub fn diagnostic(&mut self, d: Diagnostic) {
        self.diagnostics.push(d);
    }

    pub fn entries(&self) -> usize {
        self.deck.entries.len()
    }

    /// An entry given by id; `title`, when the input gives one too, is checked against it
    /// and names the card meant when the id is unknown.
    pub fn by_id(&mut self, zone: Zone, count: u32, at: At, id: &str, title: Option<&str>) {
        let id = id.trim();
        let found = self.catalog.by_id(id);
        // Written as the card's own id (most are), the entry shares the catalog's copy.
        let written: Arc<str> = match found.map(|c| &self.catalog.card(c).id) {
            Some(own) if **own == *id => own.clone(),
            _ => deckcheck_core::echo(id).into(),
        };
        let resolution = match found {
            Some(card) => {
                if let Some(t) = title.filter(|t| !t.trim().is_empty())
                    && !self.catalog.has_title(card, t)
                {
                    let c = self.catalog.card(card);
                    self.diagnostics.push(
                        Diagnostic::warning(
                            ID_NAME_MISMATCH,
                            at.to_string(),
                            t,
                            format!(
                                "{id} is {} ({}), not {:?}; the id was used.",
                                c.title,
                                c.side.name(),
                                deckcheck_core::echo(t.trim())
                            ),
                        )
                        .in_zone(zone.id())
                        .understood(self.catalog.card_ref(card)),
                    );
                }
                Resolution::Card(card)
            }
            None => {
                // Did-you-mean: the cards the title names (or nearly names), else the ids a
                // keystroke or two away; none for a set the card data predates.
                let title = title.filter(|t| !t.trim().is_empty());
                let newer = crate::catalog::set_of(base_id(id))
                    .filter(|set| self.catalog.predates(*set))
                    .map(|set| {
                        self.catalog
                            .set(set)
                            .map_or_else(|| format!("set {set}"), |s| s.name.to_string())
                    });
                let mut candidates = title.map(|t| self.catalog.by_title(t)).unwrap_or_default();
                if candidates.is_empty() && newer.is_none() && self.suggested < MAX_SUGGESTED {
                    self.suggested += 1;
                    candidates = match title {
                        Some(t) => self.catalog.suggest(t, 3, |_| true),
                        None => self.catalog.suggest_id(id, 3),
                    };
                }
                let legacy = crate::catalog::set_of(base_id(id)) == Some(LEGACY_SET);
                let message = match (title, &newer) {
                    _ if legacy => format!(
                        "{id} is a card of GEMP's Legacy set 601, which deckcheck's card data does not hold; it cannot be judged."
                    ),
                    (_, Some(set)) => format!(
                        "no card has the id {id} in deckcheck's card data, which predates {set}; the card cannot be judged until the data holds it."
                    ),
                    (Some(t), None) if !candidates.is_empty() => format!(
                        "no card has the id {id}; the title {:?} names the card{} listed here.",
                        deckcheck_core::echo(t.trim()),
                        if candidates.len() == 1 { "" } else { "s" }
                    ),
                    (None, None) if !candidates.is_empty() => {
                        format!("no card has the id {id}; did you mean one of the ids listed?")
                    }
                    _ => format!("no card has the id {id}."),
                };
                self.diagnostics.push(
                    Diagnostic::error(DiagnosticCode::UNKNOWN_CARD, at.to_string(), id, message)
                        .in_zone(zone.id())
                        .candidates(
                            candidates
                                .iter()
                                .map(|c| self.catalog.card_ref(*c))
                                .collect(),
                        ),
                );
                Resolution::Unknown {
                    id: Some(written.clone()),
                }
            }
        };
        self.ats.push(at);
        self.deck.entries.push(Entry {
            zone,
            count,
            line: at.line(),
            written,
            card: resolution,
        });
    }

    /// An entry given by title (or by an id written where a title goes).
    pub fn by_title(&mut self, zone: Zone, count: u32, at: At, title: &str) {
        let title = title.trim();
        if looks_like_id(title) {
            return self.by_id(zone, count, at, title, None);
        }
        // `Alter (12_145)`, `Alter [12_145]`: the id says which card.
        if let Some((name, id)) = split_trailing_id(title) {
            return self.by_id(zone, count, at, id, Some(name));
        }
        let found = self.catalog.by_title(title);
        let mut written = None;
        let resolution = match found.as_slice() {
            [one] => {
                // Written as the card's own title, the entry shares the catalog's copy.
                let own = &self.catalog.card(*one).title;
                written = (**own == *title).then(|| own.clone());
                Resolution::Card(*one)
            }
            [] => {
                let suggestions = if self.suggested < MAX_SUGGESTED {
                    self.suggested += 1;
                    self.catalog.suggest(title, 3, |_| true)
                } else {
                    Vec::new()
                };
                let message = if suggestions.is_empty() {
                    "no card has this title.".to_string()
                } else {
                    "no card has this title; did you mean one of the cards listed?".to_string()
                };
                self.diagnostics.push(
                    Diagnostic::error(DiagnosticCode::UNKNOWN_CARD, at.to_string(), title, message)
                        .in_zone(zone.id())
                        .candidates(
                            suggestions
                                .iter()
                                .map(|c| self.catalog.card_ref(*c))
                                .collect(),
                        ),
                );
                Resolution::Unknown { id: None }
            }
            several => Resolution::Ambiguous(several.to_vec()),
        };
        self.ats.push(at);
        self.deck.entries.push(Entry {
            zone,
            count,
            line: at.line(),
            written: written.unwrap_or_else(|| deckcheck_core::echo(title).into()),
            card: resolution,
        });
    }

    /// An entry that names no card (its diagnostic is already given): it still counts as a card
    /// of its zone, since the player listed one.
    pub fn unknown(&mut self, zone: Zone, at: At, written: &str) {
        self.ats.push(at);
        self.deck.entries.push(Entry {
            zone,
            count: 1,
            line: at.line(),
            written: deckcheck_core::echo(written).into(),
            card: Resolution::Unknown { id: None },
        });
    }

    /// The deck, once every entry is in: titles that named several cards are narrowed by the
    /// deck's side and the zone they are in, or stay ambiguous with their diagnostic.
    pub fn finish(mut self) -> Imported<Deck> {
        let side = unanimous_side(self.catalog, &self.deck);
        let catalog = self.catalog;
        let mut diagnostics = Vec::new();
        for (entry, at) in self.deck.entries.iter_mut().zip(&self.ats) {
            let Resolution::Ambiguous(all) = &entry.card else {
                continue;
            };
            let mut kept = all.clone();
            let mut why = Vec::new();
            let shield = |c: &CardIdx| catalog.card(*c).is("DEFENSIVE_SHIELD");
            let narrowed: Vec<CardIdx> = match entry.zone {
                Zone::Deck => kept.iter().copied().filter(|c| !shield(c)).collect(),
                Zone::Outside => kept.iter().copied().filter(shield).collect(),
            };
            if !narrowed.is_empty() && narrowed.len() < kept.len() {
                kept = narrowed;
                why.push(match entry.zone {
                    Zone::Deck => "Defensive Shields are kept outside the deck",
                    Zone::Outside => "it is listed outside the deck, where Defensive Shields are",
                });
            }
            if let Some(side) = side {
                let same: Vec<CardIdx> = kept
                    .iter()
                    .copied()
                    .filter(|c| catalog.card(*c).side == side)
                    .collect();
                if !same.is_empty() && same.len() < kept.len() {
                    kept = same;
                    why.push(match side {
                        Side::Dark => "the rest of the deck is Dark Side",
                        Side::Light => "the rest of the deck is Light Side",
                    });
                }
            }
            let candidates: Vec<CardRef> = all.iter().map(|c| catalog.card_ref(*c)).collect();
            if let [one] = kept.as_slice() {
                let card = catalog.card(*one);
                diagnostics.push(
                    Diagnostic::warning(
                        RESOLVED_BY_CONTEXT,
                        at.to_string(),
                        &entry.written,
                        format!(
                            "this title names {} cards; read as {} ({}, {}) because {}.",
                            all.len(),
                            card.title,
                            card.id,
                            card.side.name(),
                            why.join(" and ")
                        ),
                    )
                    .in_zone(entry.zone.id())
                    .understood(catalog.card_ref(*one))
                    .candidates(candidates),
                );
                entry.card = Resolution::Card(*one);
            } else {
                diagnostics.push(
                    Diagnostic::error(
                        DiagnosticCode::AMBIGUOUS_CARD,
                        at.to_string(),
                        &entry.written,
                        format!(
                            "this title names {} cards; none was chosen. Write the blueprint id after the title, e.g. \"{} ({})\"; the report judges the deck with each.",
                            kept.len(),
                            catalog.card(kept[0]).title,
                            catalog.card(kept[0]).id
                        ),
                    )
                    .in_zone(entry.zone.id())
                    .candidates(kept.iter().map(|c| catalog.card_ref(*c)).collect()),
                );
                entry.card = Resolution::Ambiguous(kept);
            }
        }
        self.diagnostics.extend(diagnostics);
        Imported {
            deck: self.deck,
            diagnostics: self.diagnostics,
            format: "",
        }
    }
}

/// The side every resolved card of the deck is on, if they agree.
fn unanimous_side(catalog: &Catalog, deck: &Deck) -> Option<Side> {
    let mut sides = deck
        .entries
        .iter()
        .filter_map(Entry::card)
        .map(|c| catalog.card(c).side);
    let first = sides.next()?;
    sides.all(|s| s == first).then_some(first)
}

/// `Alter (12_145)` / `Alter [12_145]` → (`Alter`, `12_145`).
fn split_trailing_id(title: &str) -> Option<(&str, &str)> {
    let close = title.chars().last()?;
    let open = match close {
        ')' => '(',
        ']' => '[',
        _ => return None,
    };
    let start = title.rfind(open)?;
    let inner = &title[start + 1..title.len() - 1];
    looks_like_id(inner).then(|| (title[..start].trim(), inner.trim()))
}

/// Digits written where a count goes that are not a count (a sign, or out of range).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{token:?} is not a count: a count is a whole number from 1 to {MAX_COUNT}.")]
pub struct BadCount {
    /// The token as written (cut short when long).
    pub token: String,
}

/// A count as written, or why it is not one: `Ok(None)` when the text is not a count at all.
pub fn read_count(token: &str) -> Result<Option<u32>, BadCount> {
    if let Some(n) = deckcheck_core::input::parse_count(token) {
        return Ok(Some(n));
    }
    let t = token.trim();
    let t = t
        .strip_suffix(['x', 'X', '×'])
        .or_else(|| t.strip_prefix(['x', 'X', '×']))
        .unwrap_or(t);
    let digits = t.strip_prefix(['-', '+']).unwrap_or(t);
    if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(BadCount {
            token: deckcheck_core::echo(token),
        });
    }
    Ok(None)
}

/// Refuses an input with more entries than any deck has (`n` of them, or more).
pub fn too_many(what: &str, n: usize) -> ImportError {
    ImportError::TooLarge(format!(
        "{n} {what}; a deck list has at most {MAX_ENTRIES} (a Star Wars CCG deck has 60 cards)"
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_id_after_a_title_says_which_card() {
        assert_eq!(
            split_trailing_id("Alter (12_145)"),
            Some(("Alter", "12_145"))
        );
        assert_eq!(
            split_trailing_id("Alter [1_234*]"),
            Some(("Alter", "1_234*"))
        );
        assert_eq!(split_trailing_id("Fanfare (V)"), None);
        assert_eq!(split_trailing_id(")"), None);
    }

    #[test]
    fn counts_out_of_range_are_refused_and_words_are_not_counts() {
        assert_eq!(read_count("3x"), Ok(Some(3)));
        assert_eq!(read_count("0"), Ok(Some(0)));
        assert!(read_count("-1").is_err());
        assert!(read_count("18446744073709551616").is_err());
        assert!(read_count("1001x").is_err());
        assert_eq!(read_count("Alter"), Ok(None));
        assert_eq!(read_count("4-LOM"), Ok(None));
    }
}
