//! LCG-SIDE: every card of a deck is of its affiliation's side of the Force (neutral sets have
//! a side too). Source: CR p.28 Deck Customizing Rules ("A deck must be built for either LS or
//! DS play. A player cannot … include objective sets in his deck, belonging to an affiliation
//! dedicated to the other side of the Force").

use crate::messages::{say, side, text};
use deckcheck_core::l10n::number;
use deckcheck_core::{CardRef, Code, CodeInfo, Explain, Findings, Rule, Violation};
use serde::Serialize;

use super::{Judging, names};
use crate::catalog::Side;

pub const CODE: Code = Code::new("LCG-SIDE");

pub struct OneSide;

/// Cards of the other side of the Force than the deck's.
#[derive(Debug, PartialEq, Serialize)]
pub(crate) struct OtherSide {
    /// The deck's side.
    pub side: Side,
}

impl Explain for OtherSide {
    fn message(&self, cards: &[CardRef], lang: deckcheck_core::Lang) -> String {
        let other = match self.side {
            Side::Light => Side::Dark,
            Side::Dark => Side::Light,
        };
        say(
            lang,
            "lcg-other-side",
            [
                ("cards", text(names(lang, cards))),
                ("count", number(cards.len() as u64)),
                ("other", text(side(lang, other))),
                ("side", text(side(lang, self.side))),
            ],
        )
    }
}

impl Rule<Judging<'_>> for OneSide {
    fn codes(&self) -> &'static [CodeInfo] {
        &[CodeInfo {
            code: CODE,
            meaning: "A card is of the other side of the Force than the deck's affiliation.",
        }]
    }

    fn check(&self, j: &Judging<'_>, out: &mut Findings) {
        let catalog = j.ctx.catalog;
        for deck in &j.decks {
            let Some(side) = deck.side else { continue };
            let mut cards = Vec::new();
            for e in &deck.deck.entries {
                let found = catalog.card(e.card);
                if found.side != side {
                    // A set is named once, by its objective.
                    let card = match found.set {
                        Some(set) => deck.set_ref(catalog, set),
                        None => None,
                    }
                    .unwrap_or_else(|| deck.card_ref(catalog, e.card));
                    if !cards.contains(&card) {
                        cards.push(card);
                    }
                }
            }
            if !cards.is_empty() {
                deck.report(
                    out,
                    Violation::new(CODE, "CR p.28 Deck Customizing Rules", OtherSide { side })
                        .cards(cards),
                );
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::fixture::*;

    #[test]
    fn a_dark_side_set_in_a_light_side_deck_is_illegal() {
        let mut deck = jedi();
        add_set(&mut deck, 19, 1, 30);
        let f = run(&deck);
        assert_eq!(codes(&f), ["LCG-SIDE"]);
        assert_eq!(
            f.violations[0].message(),
            "Objective 19 is of the dark side, in this light side deck; a deck is built for one side of the Force."
        );
    }
}
