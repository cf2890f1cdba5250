//! LCG-MISSION: a mission is one of its set's five command-deck cards; it never goes in the
//! objective deck. Source: FAQ v5.0 p.16 Card Type: Mission ("Missions are a special type of
//! objective that begin the game in a player's command deck rather than in his objective
//! deck"; "Missions cannot enter a player's objective deck"). A mission filed there is still
//! counted as its set's command card, so LCG-POD does not report it again.

use crate::messages::{say, text};
use deckcheck_core::l10n::number;
use deckcheck_core::{CardRef, Code, CodeInfo, Explain, Findings, Rule, Violation};
use serde::Serialize;

use super::{Judging, names};
use crate::catalog::CardType;
use crate::deck::Section;

pub const CODE: Code = Code::new("LCG-MISSION");

pub struct Missions;

/// Missions filed in the objective deck.
#[derive(Debug, PartialEq, Serialize)]
pub(crate) struct MissionAsObjective;

impl Explain for MissionAsObjective {
    fn message(&self, cards: &[CardRef], lang: deckcheck_core::Lang) -> String {
        say(
            lang,
            "lcg-mission-as-objective",
            [
                ("cards", text(names(lang, cards))),
                ("count", number(cards.len() as u64)),
            ],
        )
    }
}

impl Rule<Judging<'_>> for Missions {
    fn codes(&self) -> &'static [CodeInfo] {
        &[CodeInfo {
            code: CODE,
            meaning: "A mission is filed in the objective deck; missions are command-deck cards of their set.",
        }]
    }

    fn check(&self, j: &Judging<'_>, out: &mut Findings) {
        let catalog = j.ctx.catalog;
        for deck in &j.decks {
            let mut cards = Vec::new();
            for e in &deck.deck.entries {
                if catalog.card(e.card).kind == CardType::Mission && e.section == Section::Objective
                {
                    let r = deck.card_ref(catalog, e.card);
                    if !cards.contains(&r) {
                        cards.push(r);
                    }
                }
            }
            if !cards.is_empty() {
                deck.report(
                    out,
                    Violation::new(CODE, "FAQ v5.0 p.16 Card Type: Mission", MissionAsObjective)
                        .cards(cards),
                );
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::fixture::*;
    use crate::deck::Section;

    #[test]
    fn a_mission_in_its_sets_command_cards_is_legal() {
        let mut deck = jedi();
        add_set(&mut deck, 185, 1, 30);
        assert!(run(&deck).violations.is_empty());
    }

    #[test]
    fn a_mission_filed_in_the_objective_deck_is_illegal_and_reported_once() {
        let mut deck = jedi();
        add_set(&mut deck, 185, 1, 30);
        let mission = idx("f-185-6");
        deck.entries
            .iter_mut()
            .find(|e| e.card == mission)
            .unwrap()
            .section = Section::Objective;
        let f = run(&deck);
        assert_eq!(codes(&f), ["LCG-MISSION"]);
        assert!(
            f.violations[0]
                .message()
                .starts_with("Card 185-6 is filed in the Objective Deck")
        );
    }
}
