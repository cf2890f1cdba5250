//! CCG-ONE-OBJECTIVE: at most one Objective in the deck (a two-sided Objective is listed by its
//! front, `9_151`). Source: the rule book, as enforced by GEMP DefaultSwccgFormat.validateDeck
//! ("Deck contains more than one Objective").

use crate::messages::{say, text};
use deckcheck_core::l10n::{self, number};
use deckcheck_core::{CardRef, Code, CodeInfo, Explain, Findings, Rule, Violation};
use serde::Serialize;

use super::Context;
use crate::deck::Zone;

pub const CODE: Code = Code::new("CCG-ONE-OBJECTIVE");
pub const SECTION: &str = "RB as enforced by GEMP DefaultSwccgFormat.validateDeck";

pub struct OneObjective;

/// More than one card of a kind a deck has at most one of (an Objective; a Starting Effect,
/// `one_starting_effect.rs`).
#[derive(Debug, PartialEq, Serialize)]
pub(crate) struct AtMostOne {
    /// The kind: "Objective", "Starting Effect".
    #[serde(skip)]
    pub what: &'static str,
    #[serde(skip)]
    pub copies: u64,
}

impl Explain for AtMostOne {
    fn message(&self, cards: &[CardRef], lang: deckcheck_core::Lang) -> String {
        say(
            lang,
            "ccg-at-most-one",
            [
                ("what", text(self.what)),
                ("copies", number(self.copies)),
                ("cards", text(l10n::titles_with_ids(lang, cards))),
            ],
        )
    }

    fn numbers(&self) -> Option<(u64, u64)> {
        Some((1, self.copies))
    }
}

impl Rule<Context<'_>> for OneObjective {
    fn codes(&self) -> &'static [CodeInfo] {
        &[CodeInfo {
            code: CODE,
            meaning: "The deck has more than one Objective.",
        }]
    }

    fn check(&self, ctx: &Context<'_>, out: &mut Findings) {
        at_most_one(ctx, out, (CODE, SECTION), "Objective", |c| {
            ctx.card(c).is("OBJECTIVE")
        });
    }
}

/// Reports each deck with more than one card of a kind (`is`) in it, under `code` and `section`.
pub(super) fn at_most_one(
    ctx: &Context<'_>,
    out: &mut Findings,
    (code, section): (Code, &str),
    what: &'static str,
    is: impl Fn(crate::catalog::CardIdx) -> bool,
) {
    for (i, _, tally) in ctx.each() {
        let of_kind: Vec<_> = tally.zone(Zone::Deck).filter(|c| is(c.card)).collect();
        let copies: u64 = of_kind.iter().map(|c| c.count).sum();
        if copies > 1 {
            let cards = of_kind.iter().map(|c| ctx.card_ref(c)).collect();
            ctx.report(
                out,
                i,
                Violation::new(code, section, AtMostOne { what, copies }).cards(cards),
            );
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
