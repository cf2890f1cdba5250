//! CCG-ONE-SIDE: every card of a deck, in it and outside it, is of one side. Source: REG
//! Supported Formats L12 ("one Dark Side and one Light Side"); the rule book, as enforced by GEMP
//! DefaultSwccgFormat.validateDeck ("Deck contains both light side and dark side cards").

use crate::messages::{say, side, text};
use deckcheck_core::l10n::{self, number};
use deckcheck_core::{CardRef, Code, CodeInfo, Explain, Findings, Rule, Violation};
use serde::Serialize;

use super::Context;
use crate::catalog::Side;

pub const CODE: Code = Code::new("CCG-ONE-SIDE");
pub const SECTION: &str =
    "REG Supported Formats L12; RB as enforced by GEMP DefaultSwccgFormat.validateDeck";

pub struct OneSide;

/// A deck mostly of one side with cards of the other.
#[derive(Debug, PartialEq, Serialize)]
pub(crate) struct MixedSides {
    /// The side most of the deck is.
    pub side: Side,
    /// Copies of the other side's cards.
    #[serde(skip)]
    pub others: u64,
}

impl Explain for MixedSides {
    fn message(&self, cards: &[CardRef], lang: deckcheck_core::Lang) -> String {
        let other = match self.side {
            Side::Dark => Side::Light,
            Side::Light => Side::Dark,
        };
        say(
            lang,
            "ccg-mixed-sides",
            [
                ("side", text(side(lang, self.side))),
                ("others", number(self.others)),
                ("other", text(side(lang, other))),
                ("cards", text(l10n::titles_with_ids(lang, cards))),
            ],
        )
    }

    fn numbers(&self) -> Option<(u64, u64)> {
        Some((0, self.others))
    }
}

impl Rule<Context<'_>> for OneSide {
    fn codes(&self) -> &'static [CodeInfo] {
        &[CodeInfo {
            code: CODE,
            meaning: "The deck (cards outside it included) mixes Dark Side and Light Side cards.",
        }]
    }

    fn check(&self, ctx: &Context<'_>, out: &mut Findings) {
        for (i, _, tally) in ctx.each() {
            let copies = |side: Side| -> u64 {
                tally
                    .all()
                    .iter()
                    .filter(|c| ctx.card(c.card).side == side)
                    .map(|c| c.count)
                    .sum()
            };
            let (dark, light) = (copies(Side::Dark), copies(Side::Light));
            if dark == 0 || light == 0 {
                continue;
            }
            let (side, minority, others) = if dark >= light {
                (Side::Dark, Side::Light, light)
            } else {
                (Side::Light, Side::Dark, dark)
            };
            let cards = tally
                .all()
                .iter()
                .filter(|c| ctx.card(c.card).side == minority)
                .map(|c| ctx.card_ref(c))
                .collect();
            ctx.report(
                out,
                i,
                Violation::new(CODE, SECTION, MixedSides { side, others }).cards(cards),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::fixture::{Fixture, ids, today};
    use crate::catalog::Side;

    #[test]
    fn a_light_side_card_in_a_dark_side_deck_is_illegal() {
        let f = Fixture::new();
        let deck = f.sixty(Side::Dark, &[("200_16", 1)]);
        let v = f.violations("open", today(), &[deck], "CCG-ONE-SIDE");
        assert_eq!(ids(&v[0]), ["200_16"]);
        assert!(
            v[0].message()
                .contains("Most of this deck is Dark Side, but it has 1 card of the Light Side"),
            "{}",
            v[0].message()
        );
    }

    #[test]
    fn the_side_is_checked_outside_the_deck_too() {
        let f = Fixture::new();
        let mut deck = f.sixty(Side::Dark, &[]);
        deck.entries.extend(f.deck(&[], &[("204_35", 1)]).entries);
        assert_eq!(
            f.violations("open", today(), &[deck], "CCG-ONE-SIDE").len(),
            1
        );
    }

    #[test]
    fn a_deck_of_one_side_is_legal() {
        let f = Fixture::new();
        let deck = f.sixty(Side::Light, &[("200_16", 1)]);
        assert!(
            f.violations("open", today(), &[deck], "CCG-ONE-SIDE")
                .is_empty()
        );
    }
}
