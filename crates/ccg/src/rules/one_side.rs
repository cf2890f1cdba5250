//! CCG-ONE-SIDE: every card of a deck, in it and outside it, is of one side. Source: REG
//! Supported Formats L12 ("one Dark Side and one Light Side"); the rule book, as enforced by GEMP
//! DefaultSwccgFormat.validateDeck ("Deck contains both light side and dark side cards").

use deckcheck_core::{Code, Violation};

use super::{Context, Out, Rule, list, plural};
use crate::catalog::Side;

pub const CODE: Code = Code::new("CCG-ONE-SIDE");
pub const SECTION: &str =
    "REG Supported Formats L12; RB as enforced by GEMP DefaultSwccgFormat.validateDeck";

pub struct OneSide;

fn message(v: &Violation) -> String {
    let side = Some(v.get("detail"))
        .filter(|d| !d.is_empty())
        .unwrap_or("Dark Side");
    let other = if side == "Dark Side" {
        "Light Side"
    } else {
        "Dark Side"
    };
    format!(
        "A deck is all Dark Side or all Light Side. Most of this deck is {side}, but it has {} {other}: {}.",
        plural(v.actual.unwrap_or(0), "card of the", "cards of the"),
        list(&v.cards)
    )
}

impl Rule for OneSide {
    fn code(&self) -> Code {
        CODE
    }

    fn meaning(&self) -> &'static str {
        "The deck (cards outside it included) mixes Dark Side and Light Side cards."
    }

    fn check(&self, ctx: &Context<'_>, out: &mut Out) {
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
            let (side, minority, n) = if dark >= light {
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
            out.violation(
                i,
                Violation::rendered(CODE, SECTION, message)
                    .cards(cards)
                    .numbers(0, n)
                    .with("detail", side.name()),
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
