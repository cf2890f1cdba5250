//! A deck as its registration sheet lists it (issue 30): the deck named by its side, its
//! starting cards first (Objectives, Starting Effects and Starting Interrupts: what a player
//! may start the game with, REG "Starting the Tournament"), then the rest of the deck by card
//! type, then the cards kept outside the deck. A title that names several cards is listed as
//! written; an entry the data does not have is named among the entries not read.

use std::collections::BTreeMap;

use deckcheck_core::{SheetDeck, SheetLine, SheetSection, SheetTotal};

use crate::catalog::{CardIdx, Catalog, category_name};
use crate::deck::{Deck, Resolution, Zone};

/// The card types in the order a deck list names them; any other after them.
const ORDER: [&str; 15] = [
    "LOCATION",
    "CHARACTER",
    "STARSHIP",
    "VEHICLE",
    "WEAPON",
    "DEVICE",
    "CREATURE",
    "EFFECT",
    "INTERRUPT",
    "EPIC_EVENT",
    "JEDI_TEST",
    "ADMIRALS_ORDER",
    "PODRACER",
    "DEFENSIVE_SHIELD",
    "GAME_AID",
];

/// The section id of a card type (ids are the sheet's, a card type's in lower case).
fn section_id(category: &str) -> &'static str {
    match category {
        "LOCATION" => "locations",
        "CHARACTER" => "characters",
        "STARSHIP" => "starships",
        "VEHICLE" => "vehicles",
        "WEAPON" => "weapons",
        "DEVICE" => "devices",
        "CREATURE" => "creatures",
        "EFFECT" => "effects",
        "INTERRUPT" => "interrupts",
        "EPIC_EVENT" => "epic-events",
        "JEDI_TEST" => "jedi-tests",
        "ADMIRALS_ORDER" => "admirals-orders",
        "PODRACER" => "podracers",
        "DEFENSIVE_SHIELD" => "defensive-shields",
        "GAME_AID" => "game-aids",
        "OBJECTIVE" => "objectives",
        _ => "other",
    }
}

pub fn of(catalog: &Catalog, deck: &Deck) -> SheetDeck {
    // Copies of each card, by zone, merged (a card may be written on several lines).
    let mut copies: BTreeMap<(Zone, CardIdx), u32> = BTreeMap::new();
    let mut ambiguous: Vec<SheetLine> = Vec::new();
    for e in &deck.entries {
        match &e.card {
            Resolution::Card(c) => {
                let n = copies.entry((e.zone, *c)).or_insert(0);
                *n = n.saturating_add(e.count);
            }
            Resolution::Ambiguous(_) => ambiguous.push(SheetLine {
                count: e.count,
                number: None,
                name: format!("{} (names several cards)", e.written),
                with: Vec::new(),
            }),
            Resolution::Unknown { .. } => {}
        }
    }
    let line = |idx: CardIdx, count: u32| SheetLine {
        count,
        number: None,
        name: catalog.card(idx).title.to_string(),
        with: Vec::new(),
    };
    let in_zone = |zone: Zone| copies.iter().filter(move |((z, _), _)| *z == zone);
    let mut starting = Vec::new();
    let mut by_type: BTreeMap<usize, (&str, Vec<SheetLine>)> = BTreeMap::new();
    for ((_, idx), n) in in_zone(Zone::Deck) {
        let card = catalog.card(*idx);
        if card.starting {
            starting.push(line(*idx, *n));
            continue;
        }
        let rank = ORDER
            .iter()
            .position(|c| **c == *card.category)
            .unwrap_or(ORDER.len());
        by_type
            .entry(rank)
            .or_insert_with(|| (&card.category, Vec::new()))
            .1
            .push(line(*idx, *n));
    }
    let by_name = |mut lines: Vec<SheetLine>| {
        lines.sort_by(|a, b| a.name.cmp(&b.name));
        lines
    };
    let mut sections = vec![SheetSection::new(
        "starting",
        "Starting cards",
        by_name(starting),
    )];
    for (category, lines) in by_type.into_values() {
        sections.push(SheetSection::new(
            section_id(category),
            format!("{}s", category_name(category)),
            by_name(lines),
        ));
    }
    if !ambiguous.is_empty() {
        sections.push(SheetSection::new("ambiguous", "Not one card", ambiguous));
    }
    let outside = in_zone(Zone::Outside)
        .map(|((_, i), n)| line(*i, *n))
        .collect();
    sections.push(SheetSection::new(
        "outside",
        "Outside the deck",
        by_name(outside),
    ));
    let totals = vec![
        SheetTotal::new("In the deck", deck.count(Zone::Deck)),
        SheetTotal::new("Outside the deck", deck.count(Zone::Outside)),
    ];
    SheetDeck {
        title: deck.side(catalog).map(|s| s.name().to_string()),
        totals,
        ..SheetDeck::new(sections)
    }
}
