//! CCG-ONE-STARTING-EFFECT: at most one Starting Effect (an Effect of subtype STARTING, such as
//! Fear Is My Ally 13_69 or Knowledge And Defense 200_110) in the deck. Source: the rule book, as
//! enforced by GEMP DefaultSwccgFormat.validateDeck ("Deck contains more than one Starting
//! Effect").

use deckcheck_core::{Code, Violation};

use super::{Context, Out, Rule, list};
use crate::deck::Zone;

pub const CODE: Code = Code::new("CCG-ONE-STARTING-EFFECT");
pub const SECTION: &str = "RB as enforced by GEMP DefaultSwccgFormat.validateDeck";

pub struct OneStartingEffect;

fn message(v: &Violation) -> String {
    format!(
        "A deck has at most 1 Starting Effect; this one has {}: {}.",
        v.actual.unwrap_or(0),
        list(&v.cards)
    )
}

impl Rule for OneStartingEffect {
    fn code(&self) -> Code {
        CODE
    }

    fn meaning(&self) -> &'static str {
        "The deck has more than one Starting Effect."
    }

    fn check(&self, ctx: &Context<'_>, out: &mut Out) {
        for (i, _, tally) in ctx.each() {
            let starting: Vec<_> = tally
                .zone(Zone::Deck)
                .filter(|c| ctx.card(c.card).starting_effect)
                .collect();
            let n: u64 = starting.iter().map(|c| c.count).sum();
            if n > 1 {
                let cards = starting.iter().map(|c| ctx.card_ref(c)).collect();
                out.violation(
                    i,
                    Violation::rendered(CODE, SECTION, message)
                        .cards(cards)
                        .numbers(1, n),
                );
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::fixture::{Fixture, ids, today};
    use crate::catalog::Side;

    #[test]
    fn two_starting_effects_are_illegal() {
        let f = Fixture::new();
        let deck = f.sixty(Side::Dark, &[("13_69", 1), ("200_110", 1)]);
        let v = f.violations("open", today(), &[deck], "CCG-ONE-STARTING-EFFECT");
        assert_eq!(ids(&v[0]), ["13_69", "200_110"]);
    }

    #[test]
    fn one_starting_effect_is_legal() {
        let f = Fixture::new();
        let deck = f.sixty(Side::Dark, &[("200_110", 1)]);
        assert!(
            f.violations("open", today(), &[deck], "CCG-ONE-STARTING-EFFECT")
                .is_empty()
        );
    }
}
