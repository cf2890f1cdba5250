//! LCG-NOT-IN-POD: a deck is built from objective sets; cards that belong to none (the Balance
//! of the Force challenge decks, `objectiveSetNumber: null`) cannot be in it. Source: CR p.7
//! Objective Sets ("Star Wars: The Card Game uses a unique approach to deck construction with
//! objective sets"). A second affiliation card is LCG-AFFILIATION's.

use crate::messages::{say, text};
use deckcheck_core::l10n::number;
use deckcheck_core::{CardRef, Code, CodeInfo, Explain, Findings, Rule, Violation};
use serde::Serialize;

use super::{Judging, names};
use crate::catalog::CardType;

pub const CODE: Code = Code::new("LCG-NOT-IN-POD");

pub struct NotInPod;

/// Cards of no objective set.
#[derive(Debug, PartialEq, Serialize)]
pub(crate) struct NoObjectiveSet;

impl Explain for NoObjectiveSet {
    fn message(&self, cards: &[CardRef], lang: deckcheck_core::Lang) -> String {
        say(
            lang,
            "lcg-no-objective-set",
            [
                ("cards", text(names(lang, cards))),
                ("count", number(cards.len() as u64)),
            ],
        )
    }
}

impl Rule<Judging<'_>> for NotInPod {
    fn codes(&self) -> &'static [CodeInfo] {
        &[CodeInfo {
            code: CODE,
            meaning: "A card belongs to no objective set (a Balance of the Force challenge-deck card).",
        }]
    }

    fn check(&self, j: &Judging<'_>, out: &mut Findings) {
        let catalog = j.ctx.catalog;
        for deck in &j.decks {
            let mut cards = Vec::new();
            for e in &deck.deck.entries {
                let card = catalog.card(e.card);
                if card.set.is_none() && card.kind != CardType::Affiliation {
                    let r = deck.card_ref(catalog, e.card);
                    if !cards.contains(&r) {
                        cards.push(r);
                    }
                }
            }
            if !cards.is_empty() {
                deck.report(
                    out,
                    Violation::new(CODE, "CR p.7 Objective Sets", NoObjectiveSet).cards(cards),
                );
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::fixture::*;
    use crate::deck::{Entry, Section};

    #[test]
    fn a_challenge_deck_card_is_illegal() {
        let mut deck = jedi();
        deck.entries.push(Entry {
            card: idx("f-x-7"),
            count: 1,
            section: Section::Command,
            line: Some(40),
        });
        let f = run(&deck);
        assert_eq!(codes(&f), ["LCG-NOT-IN-POD"]);
        assert_eq!(
            f.violations[0].message(),
            "Challenge 7 is not part of any objective set (Balance of the Force challenge-deck cards); a deck is built from whole objective sets only."
        );
    }
}
