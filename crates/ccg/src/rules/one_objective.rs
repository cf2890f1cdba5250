//! CCG-ONE-OBJECTIVE: at most one Objective in the deck (a two-sided Objective is listed by its
//! front, `9_151`). Source: the rule book, as enforced by GEMP DefaultSwccgFormat.validateDeck
//! ("Deck contains more than one Objective").

use deckcheck_core::{Code, Violation};

use super::{Context, Out, Rule, list};
use crate::deck::Zone;

pub const CODE: Code = Code::new("CCG-ONE-OBJECTIVE");
pub const SECTION: &str = "RB as enforced by GEMP DefaultSwccgFormat.validateDeck";

pub struct OneObjective;

fn message(v: &Violation) -> String {
    format!(
        "A deck has at most 1 Objective; this one has {}: {}.",
        v.actual.unwrap_or(0),
        list(&v.cards)
    )
}

impl Rule for OneObjective {
    fn code(&self) -> Code {
        CODE
    }

    fn meaning(&self) -> &'static str {
        "The deck has more than one Objective."
    }

    fn check(&self, ctx: &Context<'_>, out: &mut Out) {
        for (i, _, tally) in ctx.each() {
            let objectives: Vec<_> = tally
                .zone(Zone::Deck)
                .filter(|c| ctx.card(c.card).is("OBJECTIVE"))
                .collect();
            let n: u64 = objectives.iter().map(|c| c.count).sum();
            if n > 1 {
                let cards = objectives.iter().map(|c| ctx.card_ref(c)).collect();
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
    fn one_objective_is_legal() {
        let f = Fixture::new();
        let deck = f.sixty(Side::Dark, &[("9_151", 1)]);
        assert!(
            f.violations("open", today(), &[deck], "CCG-ONE-OBJECTIVE")
                .is_empty()
        );
    }

    #[test]
    fn two_objectives_are_illegal_whether_the_same_or_different() {
        let f = Fixture::new();
        for cards in [vec![("9_151", 2)], vec![("9_151", 1), ("7_297", 1)]] {
            let deck = f.sixty(Side::Dark, &cards);
            let v = f.violations("open", today(), &[deck], "CCG-ONE-OBJECTIVE");
            assert_eq!(v[0].actual, Some(2));
            assert_eq!(ids(&v[0]).len(), cards.len());
        }
    }
}
