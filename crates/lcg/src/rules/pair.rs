//! LCG-PAIR: a registration is one light side deck and one dark side deck. Judged when a
//! submission gives two decks; one deck alone is judged as a deck. Source: REG Deck
//! Requirements and Size Limits L70 ("Each player must bring one light side and one dark side
//! deck to the event.").

use crate::messages::{say, side, text};
use deckcheck_core::{CardRef, Code, CodeInfo, Explain, Findings, Rule, Violation};
use serde::Serialize;

use super::Judging;
use crate::catalog::Side;

pub const CODE: Code = Code::new("LCG-PAIR");

pub struct Pair;

/// Two decks of one side.
#[derive(Debug, PartialEq, Serialize)]
pub(crate) struct SameSide {
    pub side: Side,
}

impl Explain for SameSide {
    fn message(&self, _cards: &[CardRef], lang: deckcheck_core::Lang) -> String {
        say(
            lang,
            "lcg-same-side",
            [("side", text(side(lang, self.side)))],
        )
    }
}

impl Rule<Judging<'_>> for Pair {
    fn codes(&self) -> &'static [CodeInfo] {
        &[CodeInfo {
            code: CODE,
            meaning: "A registration's two decks are not one light side and one dark side deck.",
        }]
    }

    fn check(&self, j: &Judging<'_>, out: &mut Findings) {
        let [a, b] = j.decks.as_slice() else { return };
        if let (Some(x), Some(y)) = (a.side, b.side)
            && x == y
        {
            let cards = [a, b]
                .iter()
                .filter_map(|d| d.affiliation.map(|c| d.card_ref(j.ctx.catalog, c)))
                .collect();
            out.violation(
                Violation::new(
                    CODE,
                    "REG Deck Requirements and Size Limits L70",
                    SameSide { side: x },
                )
                .cards(cards),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::fixture::*;

    #[test]
    fn a_light_and_a_dark_deck_are_a_registration() {
        let f = run_on(&[&jedi(), &sith()], "standard", TODAY);
        assert!(f.violations.is_empty(), "{:?}", f.violations);
    }

    #[test]
    fn two_light_side_decks_are_not() {
        let f = run_on(&[&jedi(), &jedi()], "standard", TODAY);
        assert_eq!(codes(&f), ["LCG-PAIR"]);
        assert_eq!(
            f.violations[0].message(),
            "Both decks are light side decks; a registration is one light side deck and one dark side deck."
        );
    }

    #[test]
    fn a_violation_of_one_deck_of_a_pair_names_the_deck() {
        let mut sith = sith();
        sith.entries.remove(0);
        let f = run_on(&[&jedi(), &sith], "standard", TODAY);
        assert_eq!(codes(&f), ["LCG-AFFILIATION"]);
        assert_eq!(f.violations[0].deck, Some(2));
    }
}
