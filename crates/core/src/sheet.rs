//! A deck as a deck-registration sheet lists it (issue 30): the game's sections in its usual
//! sheet order, each card once with its copies, the count of each section and the deck's
//! totals. A game gives its own order with [`crate::Game::sheet`] (SWU: leader, base, main
//! deck, sideboard; Legion: units from commanders to heavies, then the command hand and the
//! battle deck; the CCG: starting cards, the deck by card type, the cards outside the deck; the
//! LCG: objective sets by number); by default the sheet is the deck as understood
//! ([`crate::Game::view`]).

use serde::Serialize;

use crate::answer::DeckView;

/// One deck of a list, as its sheet lists it.
#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
pub struct SheetDeck {
    /// The deck's name where the game names the decks of a list (`Light Side`, `Dark Side`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    pub sections: Vec<SheetSection>,
    /// The deck's totals as the game counts them (`Cards`; the CCG: `In the deck`, `Outside
    /// the deck`).
    pub totals: Vec<SheetTotal>,
    /// Entries of the list that could not be read as cards, as written: the sheet shows every
    /// entry the player wrote.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub not_read: Vec<String>,
}

/// A section of a sheet (a deck zone, a Legion rank, a CCG card type).
#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
pub struct SheetSection {
    /// `leader`, `main`, `commander`, `starting`, `objective`…
    pub id: &'static str,
    /// As the sheet heads it: `Main deck`, `Special Forces`, `Objective sets`.
    pub label: String,
    /// Cards in the section, copies added.
    pub count: u64,
    pub lines: Vec<SheetLine>,
}

/// One card of a section, with its copies.
#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
pub struct SheetLine {
    pub count: u32,
    /// What players number the card by, where they do: an LCG objective set's number (`#005`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub number: Option<String>,
    /// `Title | Subtitle`, or the title.
    pub name: String,
    /// The cards it carries (a Legion unit's upgrades), by name.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub with: Vec<String>,
}

/// A total of a sheet: what is counted and how many.
#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
pub struct SheetTotal {
    pub label: String,
    pub count: u64,
}

impl SheetTotal {
    pub fn new(label: impl Into<String>, count: u64) -> Self {
        Self {
            label: label.into(),
            count,
        }
    }
}

impl SheetSection {
    /// A section of these lines, its count their copies.
    pub fn new(id: &'static str, label: impl Into<String>, lines: Vec<SheetLine>) -> Self {
        Self {
            id,
            label: label.into(),
            count: lines.iter().map(|l| u64::from(l.count)).sum(),
            lines,
        }
    }
}

impl SheetDeck {
    /// A sheet of these sections, with one total: every card listed.
    pub fn new(sections: Vec<SheetSection>) -> Self {
        let cards = sections.iter().map(|s| s.count).sum();
        Self {
            title: None,
            sections,
            totals: vec![SheetTotal::new("Cards", cards)],
            not_read: Vec::new(),
        }
    }

    /// The deck as understood, section by section, as a sheet: each section headed by its
    /// label with a capital, each card by its name, a unit's upgrades beside it.
    pub fn from_view(view: DeckView) -> Self {
        Self::new(
            view.sections
                .into_iter()
                .map(|s| {
                    let lines = s
                        .lines
                        .into_iter()
                        .map(|l| SheetLine {
                            count: l.count,
                            number: None,
                            name: l.card.name(),
                            with: l.attached.iter().map(|a| a.name()).collect(),
                        })
                        .collect();
                    SheetSection {
                        id: s.id,
                        label: capitalized(s.label),
                        count: s.count,
                        lines,
                    }
                })
                .collect(),
        )
    }
}

/// `main deck` → `Main deck`.
pub fn capitalized(label: &str) -> String {
    let mut chars = label.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::game::{LineView, SectionView};
    use crate::report::CardRef;

    #[test]
    fn the_deck_as_understood_is_a_sheet_of_its_sections_with_every_card_counted() {
        let card = |title: &str, subtitle: Option<&str>| {
            CardRef::new(Arc::from("x"), Arc::from(title), subtitle.map(Arc::from))
        };
        let view = DeckView {
            sections: vec![
                SectionView {
                    id: "leader",
                    label: "leader",
                    count: 1,
                    lines: vec![LineView {
                        count: 1,
                        card: card("Han Solo", Some("Audacious Smuggler")),
                        attached: Vec::new(),
                    }],
                },
                SectionView {
                    id: "main",
                    label: "main deck",
                    count: 3,
                    lines: vec![LineView {
                        count: 3,
                        card: card("Waylay", None),
                        attached: vec![card("Scope", None)],
                    }],
                },
            ],
        };
        let sheet = SheetDeck::from_view(view);
        assert_eq!(sheet.sections[0].label, "Leader");
        assert_eq!(
            sheet.sections[0].lines[0].name,
            "Han Solo | Audacious Smuggler"
        );
        assert_eq!(sheet.sections[1].label, "Main deck");
        assert_eq!(sheet.sections[1].lines[0].with, ["Scope"]);
        assert_eq!(sheet.totals, [SheetTotal::new("Cards", 4)]);
    }
}
