//! LCG-NOT-IN-POD: a deck is built from objective sets; cards that belong to none (the Balance
//! of the Force challenge decks, `objectiveSetNumber: null`) cannot be in it. Source: CR p.7
//! Objective Sets ("Star Wars: The Card Game uses a unique approach to deck construction with
//! objective sets"). A second affiliation card is LCG-AFFILIATION's.

use deckcheck_core::{Code, Findings, Violation};

use super::{Context, Rule, Tally, is_are, names};
use crate::catalog::CardType;

pub const CODE: Code = Code::new("LCG-NOT-IN-POD");

pub struct NotInPod;

fn message(v: &Violation) -> String {
    format!(
        "{} {} not part of any objective set (Balance of the Force challenge-deck cards); a deck is built from whole objective sets only.",
        names(&v.cards),
        is_are(v.cards.len())
    )
}

impl Rule for NotInPod {
    fn code(&self) -> Code {
        CODE
    }

    fn meaning(&self) -> &'static str {
        "A card belongs to no objective set (a Balance of the Force challenge-deck card)."
    }

    fn check(&self, ctx: &Context<'_>, decks: &[Tally<'_>], out: &mut Findings) {
        for deck in decks {
            let mut cards = Vec::new();
            for e in &deck.deck.entries {
                let card = ctx.catalog.card(e.card);
                if card.set.is_none() && card.kind != CardType::Affiliation {
                    let r = deck.card_ref(ctx.catalog, e.card);
                    if !cards.contains(&r) {
                        cards.push(r);
                    }
                }
            }
            if !cards.is_empty() {
                deck.report(
                    out,
                    Violation::rendered(CODE, "CR p.7 Objective Sets", message).cards(cards),
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
