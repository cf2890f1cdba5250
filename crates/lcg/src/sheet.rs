//! A deck as its registration sheet lists it (issue 30): the affiliation, the objective sets by
//! number (a deck is built of whole sets, and players name them by number: "The Secret of
//! Yavin 4 (5)"), then the command deck set by set. The deck is named by its side. A card the
//! data does not have is not listed here: the sheet names it among the entries not read.

use deckcheck_core::{SheetDeck, SheetLine, SheetSection, SheetTotal};

use crate::catalog::Catalog;
use crate::deck::{Deck, Section};

pub fn of(catalog: &Catalog, deck: &Deck) -> SheetDeck {
    let lines = |section: Section| {
        let mut lines: Vec<((u16, u16), SheetLine)> = deck
            .entries
            .iter()
            .filter(|e| e.section == section)
            .map(|e| {
                let card = catalog.card(e.card);
                let line = SheetLine {
                    count: e.count,
                    number: card.set.map(|set| format!("#{set:03}")),
                    name: card.title.to_string(),
                    with: Vec::new(),
                };
                ((card.set.unwrap_or(0), card.seq), line)
            })
            .collect();
        lines.sort_by(|a, b| a.0.cmp(&b.0).then_with(|| a.1.name.cmp(&b.1.name)));
        lines.into_iter().map(|(_, line)| line).collect::<Vec<_>>()
    };
    let sections = vec![
        SheetSection::new("affiliation", "Affiliation", lines(Section::Affiliation)),
        SheetSection::new("objective", "Objective sets", lines(Section::Objective)),
        SheetSection::new("command", "Command deck", lines(Section::Command)),
    ];
    let totals = vec![
        SheetTotal::new("Objective sets", sections[1].count),
        SheetTotal::new("Cards in the deck", sections[1].count + sections[2].count),
    ];
    let side = deck
        .entries
        .iter()
        .map(|e| catalog.card(e.card).side)
        .next();
    SheetDeck {
        title: side.map(|s| format!("{} Side", s.data_name())),
        totals,
        ..SheetDeck::new(sections)
    }
}
