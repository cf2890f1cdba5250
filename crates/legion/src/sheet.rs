//! An army as its registration sheet lists it (issue 30): the units from commanders to heavies,
//! each with its upgrades, then the command hand and the battle deck (REG Army Lists L150: "all
//! units, associated upgrade cards, … and command cards").

use deckcheck_core::sheet::capitalized;
use deckcheck_core::{DeckView, SheetDeck, SheetSection, SheetTotal};

use crate::army::Army;
use crate::catalog::{Catalog, Rank};

/// The sheet of an army, from the army as the game shows it (`view`: the units in the army's
/// order, each with its upgrades and counterpart; the command hand; the battle deck).
pub fn of(catalog: &Catalog, army: &Army, view: DeckView) -> SheetDeck {
    let mut shown = SheetDeck::from_view(view).sections.into_iter();
    let units = shown.next().map(|s| s.lines).unwrap_or_default();
    let rank = |i: usize| army.units.get(i).and_then(|u| catalog.card(u.card).rank);
    let mut sections: Vec<SheetSection> = Rank::ALL
        .into_iter()
        .map(Some)
        .chain([None])
        .filter_map(|r| {
            let lines: Vec<_> = units
                .iter()
                .enumerate()
                .filter(|(i, _)| rank(*i) == r)
                .map(|(_, l)| l.clone())
                .collect();
            let (id, label) = match r {
                Some(Rank::Special) => ("special", "Special Forces".to_string()),
                Some(r) => (r.key(), capitalized(r.label())),
                None => ("other", "Other units".to_string()),
            };
            (!lines.is_empty()).then(|| SheetSection::new(id, label, lines))
        })
        .collect();
    let unit_count = sections.iter().map(|s| s.count).sum();
    let rest: Vec<SheetSection> = shown.collect();
    let mut totals = vec![SheetTotal::new("Units", unit_count)];
    totals.extend(
        rest.iter()
            .map(|s| SheetTotal::new(s.label.clone(), s.count)),
    );
    sections.extend(rest);
    SheetDeck {
        totals,
        ..SheetDeck::new(sections)
    }
}
