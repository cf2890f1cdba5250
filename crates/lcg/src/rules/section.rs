//! LCG-SECTION: the Objective Deck holds only objective cards, the Command Deck none, the
//! affiliation card stands apart. A misfiled card is reported with its type and section, and
//! counted by its type so the other rules still run. Source: CR p.10 Setup step 5 "Prepare
//! Decks" (the objective deck holds the objective cards, the command deck the other cards).
//! A mission in the Objective Deck is LCG-MISSION's.

use std::collections::BTreeMap;

use crate::messages::{say, section, section_key, text};
use deckcheck_core::l10n::number;
use deckcheck_core::{CardRef, Code, CodeInfo, Explain, Findings, Rule, Violation};
use serde::Serialize;

use super::{Judging, names};
use crate::catalog::CardType;
use crate::deck::Section;

pub const CODE: Code = Code::new("LCG-SECTION");

pub struct Sections;

/// Cards filed in a section they do not belong to.
#[derive(Debug, PartialEq, Serialize)]
pub(crate) struct Misfiled {
    pub filed: Section,
    pub belongs: Section,
}

impl Explain for Misfiled {
    fn message(&self, cards: &[CardRef], lang: deckcheck_core::Lang) -> String {
        say(
            lang,
            "lcg-misfiled",
            [
                ("cards", text(names(lang, cards))),
                ("count", number(cards.len() as u64)),
                ("filed", text(section(lang, self.filed))),
                ("belongs", text(section_key(self.belongs))),
            ],
        )
    }
}

impl Rule<Judging<'_>> for Sections {
    fn codes(&self) -> &'static [CodeInfo] {
        &[CodeInfo {
            code: CODE,
            meaning: "A card is filed in the wrong section (objective cards in the Objective Deck, the others in the Command Deck).",
        }]
    }

    fn check(&self, j: &Judging<'_>, out: &mut Findings) {
        let catalog = j.ctx.catalog;
        for deck in &j.decks {
            let mut misfiled: BTreeMap<(Section, Section), Vec<CardRef>> = BTreeMap::new();
            for e in &deck.deck.entries {
                let card = catalog.card(e.card);
                let belongs = Section::of(card.kind);
                let mission_in_objectives =
                    card.kind == CardType::Mission && e.section == Section::Objective;
                if belongs != e.section && !mission_in_objectives {
                    let list = misfiled.entry((e.section, belongs)).or_default();
                    let r = deck.card_ref(catalog, e.card);
                    if !list.contains(&r) {
                        list.push(r);
                    }
                }
            }
            for ((filed, belongs), cards) in misfiled {
                deck.report(
                    out,
                    Violation::new(
                        CODE,
                        "CR p.10 Setup step 5 Prepare Decks",
                        Misfiled { filed, belongs },
                    )
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
    fn an_objective_filed_in_the_command_deck_is_reported_and_still_counted() {
        let mut deck = jedi();
        let objective = deck
            .entries
            .iter_mut()
            .find(|e| e.section == Section::Objective)
            .unwrap();
        objective.section = Section::Command;
        let f = run(&deck);
        assert_eq!(codes(&f), ["LCG-SECTION"], "no LCG-POD or LCG-MIN-10 too");
        assert_eq!(
            f.violations[0].message(),
            "Objective 1 is filed in the Command Deck: objective cards go in the Objective Deck; counted as objectives."
        );
    }
}
