//! CCG-ONE-STARTING-EFFECT: at most one Starting Effect (an Effect of subtype STARTING, such as
//! Fear Is My Ally 13_69 or Knowledge And Defense 200_110) in the deck. Source: the rule book, as
//! enforced by GEMP DefaultSwccgFormat.validateDeck ("Deck contains more than one Starting
//! Effect").

use deckcheck_core::{Code, CodeInfo, Findings, Rule};

use super::Context;
use super::one_objective::at_most_one;

pub const CODE: Code = Code::new("CCG-ONE-STARTING-EFFECT");
pub const SECTION: &str = "RB as enforced by GEMP DefaultSwccgFormat.validateDeck";

pub struct OneStartingEffect;

impl Rule<Context<'_>> for OneStartingEffect {
    fn codes(&self) -> &'static [CodeInfo] {
        &[CodeInfo {
            code: CODE,
            meaning: "The deck has more than one Starting Effect.",
        }]
    }

    fn check(&self, ctx: &Context<'_>, out: &mut Findings) {
        at_most_one(ctx, out, (CODE, SECTION), "Starting Effect", |c| {
            ctx.card(c).starting_effect
        });
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
