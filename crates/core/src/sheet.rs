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

impl SheetDeck {
    /// One card is one line (issue 34): lines of a section that name the same card (an LCG
    /// card OCTGN gives two ids, a card written on two lines) are one line, their copies
    /// added, where the first of them was.
    pub fn merge_lines(&mut self) {
        for section in &mut self.sections {
            let mut merged: Vec<SheetLine> = Vec::with_capacity(section.lines.len());
            for line in section.lines.drain(..) {
                match merged
                    .iter_mut()
                    .find(|m| m.name == line.name && m.number == line.number && m.with == line.with)
                {
                    Some(m) => m.count += line.count,
                    None => merged.push(line),
                }
            }
            section.lines = merged;
        }
    }

    /// The deck as text, in the sheet's order: its title, then each section headed by its label
    /// and count, one card a line (`3 Waylay`; an LCG set's number before its name; a Legion
    /// unit's upgrades after it, `+ Upgrade`), then the entries that could not be read, as they
    /// were written, under `Not read as cards`: every line of the list is there.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        if let Some(title) = &self.title {
            out.push_str(title);
            out.push('\n');
        }
        for (i, section) in self
            .sections
            .iter()
            .filter(|s| !s.lines.is_empty())
            .enumerate()
        {
            // A blank line between sections; the title heads the first one.
            if i > 0 {
                out.push('\n');
            }
            out.push_str(&format!("{} ({})\n", section.label, section.count));
            for line in &section.lines {
                out.push_str(&line.to_text());
                out.push('\n');
            }
        }
        if !self.not_read.is_empty() {
            if self.sections.iter().any(|s| !s.lines.is_empty()) {
                out.push('\n');
            }
            out.push_str(&format!("{} ({})\n", NOT_READ, self.not_read.len()));
            for entry in &self.not_read {
                out.push_str(entry.trim());
                out.push('\n');
            }
        }
        out
    }
}

/// The heading of the entries of a list that are not cards, in a list written out as text.
pub const NOT_READ: &str = "Not read as cards";

impl SheetLine {
    /// `3 Waylay`, `1 #005 The Rebel Alliance`, `1 Luke Skywalker + Upgrade + Upgrade`.
    pub fn to_text(&self) -> String {
        let mut out = self.count.to_string();
        if let Some(number) = &self.number {
            out.push(' ');
            out.push_str(number);
        }
        out.push(' ');
        out.push_str(&self.name);
        for w in &self.with {
            out.push_str(" + ");
            out.push_str(w);
        }
        out
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

    fn line(count: u32, name: &str) -> SheetLine {
        SheetLine {
            count,
            number: None,
            name: name.into(),
            with: Vec::new(),
        }
    }

    #[test]
    fn one_card_is_one_line_whatever_ids_it_was_written_with() {
        let mut sheet = SheetDeck::new(vec![SheetSection::new(
            "command",
            "Command deck",
            vec![
                line(1, "Jedi Lightsaber"),
                line(2, "Heat of Battle"),
                line(1, "Jedi Lightsaber"),
            ],
        )]);
        sheet.merge_lines();
        assert_eq!(
            sheet.sections[0].lines,
            [line(2, "Jedi Lightsaber"), line(2, "Heat of Battle")]
        );
        assert_eq!(sheet.sections[0].count, 4);
    }

    #[test]
    fn a_sheet_as_text_has_every_card_and_every_entry_not_read_as_written() {
        let mut sheet = SheetDeck::new(vec![
            SheetSection::new(
                "leader",
                "Leader",
                vec![line(1, "Han Solo | Audacious Smuggler")],
            ),
            SheetSection::new("main", "Main deck", vec![line(3, "Waylay")]),
        ]);
        sheet.not_read = vec!["3 | Cunnning  ".into()];
        assert_eq!(
            sheet.to_text(),
            "Leader (1)\n1 Han Solo | Audacious Smuggler\n\nMain deck (3)\n3 Waylay\n\nNot read as cards (1)\n3 | Cunnning\n"
        );
    }
}
