//! LCG-SECTION: the Objective Deck holds only objective cards, the Command Deck none, the
//! affiliation card stands apart. A misfiled card is reported with its type and section, and
//! counted by its type so the other rules still run. Source: CR p.10 Setup step 5 "Prepare
//! Decks" (the objective deck holds the objective cards, the command deck the other cards).
//! A mission in the Objective Deck is LCG-MISSION's.

use std::collections::BTreeMap;

use deckcheck_core::{CardRef, Code, Findings, Violation};

use super::{Context, Rule, Tally, is_are, names};
use crate::catalog::CardType;
use crate::deck::Section;
use crate::input::section_of;

pub const CODE: Code = Code::new("LCG-SECTION");

pub struct Sections;

fn message(v: &Violation) -> String {
    let (filed, belongs) = Some(v.get("detail"))
        .filter(|d| !d.is_empty())
        .and_then(|d| d.split_once('|'))
        .unwrap_or(("", ""));
    let why = match belongs {
        "Objective Deck" => "objective cards go in the Objective Deck; counted as objectives",
        "Affiliation" => {
            "the affiliation card stands apart from the two decks; counted as the deck's affiliation"
        }
        _ => "only objective cards go in the Objective Deck; counted as command cards",
    };
    format!(
        "{} {} filed in the {filed}: {why}.",
        names(&v.cards),
        is_are(v.cards.len())
    )
}

impl Rule for Sections {
    fn code(&self) -> Code {
        CODE
    }

    fn meaning(&self) -> &'static str {
        "A card is filed in the wrong section (objective cards in the Objective Deck, the others in the Command Deck)."
    }

    fn check(&self, ctx: &Context<'_>, decks: &[Tally<'_>], out: &mut Findings) {
        for deck in decks {
            let mut misfiled: BTreeMap<(Section, Section), Vec<CardRef>> = BTreeMap::new();
            for e in &deck.deck.entries {
                let card = ctx.catalog.card(e.card);
                let belongs = section_of(card.kind);
                let mission_in_objectives =
                    card.kind == CardType::Mission && e.section == Section::Objective;
                if belongs != e.section && !mission_in_objectives {
                    let list = misfiled.entry((e.section, belongs)).or_default();
                    let r = deck.card_ref(ctx.catalog, e.card);
                    if !list.contains(&r) {
                        list.push(r);
                    }
                }
            }
            for ((filed, belongs), cards) in misfiled {
                deck.report(
                    out,
                    Violation::rendered(CODE, "CR p.10 Setup step 5 Prepare Decks", message)
                        .cards(cards)
                        .with("detail", format!("{}|{}", filed.label(), belongs.label())),
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
