//! LCG-AFFILIATION-ONLY: a set whose objective says "<X> affiliation only." goes only in a deck
//! whose affiliation card is X (35 objectives; swlcg-json `isLockedToAffiliation`, X read from
//! the text). Source: CR p.28 Custom Decks ("The affiliation of an objective set does not need
//! to match the affiliation of a player's affiliation card, unless the set's objective card
//! text includes '[name of] affiliation only'.").

use std::collections::BTreeMap;

use deckcheck_core::{Code, Findings, Violation};

use super::{Context, Rule, Tally, is_are, names};
use crate::catalog::Affiliation;

pub const CODE: Code = Code::new("LCG-AFFILIATION-ONLY");

pub struct AffiliationOnly;

fn message(v: &Violation) -> String {
    let (only, deck) = Some(v.get("detail"))
        .filter(|d| !d.is_empty())
        .and_then(|d| d.split_once('|'))
        .unwrap_or(("", ""));
    format!(
        "{} {} \"{only} affiliation only\", and this deck's affiliation is {deck}.",
        names(&v.cards),
        is_are(v.cards.len())
    )
}

impl Rule for AffiliationOnly {
    fn code(&self) -> Code {
        CODE
    }

    fn meaning(&self) -> &'static str {
        "An objective set says \"X affiliation only\" and the deck's affiliation card is not X."
    }

    fn check(&self, ctx: &Context<'_>, decks: &[Tally<'_>], out: &mut Findings) {
        for deck in decks {
            let Some(affiliation) = deck.affiliation_of(ctx.catalog) else {
                continue;
            };
            let mut wrong: BTreeMap<Affiliation, Vec<_>> = BTreeMap::new();
            for &set in deck.objectives.keys() {
                if let Some(locked) = ctx.catalog.objective(set).and_then(|c| c.locked)
                    && locked != affiliation
                    && let Some(r) = deck.set_ref(ctx.catalog, set)
                {
                    wrong.entry(locked).or_default().push(r);
                }
            }
            for (locked, cards) in wrong {
                deck.report(
                    out,
                    Violation::rendered(CODE, "CR p.28 Custom Decks", message)
                        .cards(cards)
                        .with(
                            "detail",
                            format!("{}|{}", locked.name(), affiliation.name()),
                        ),
                );
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::fixture::*;

    #[test]
    fn a_set_locked_to_another_affiliation_is_illegal() {
        let mut deck = jedi();
        add_set(&mut deck, 31, 1, 30);
        let f = run(&deck);
        assert_eq!(codes(&f), ["LCG-AFFILIATION-ONLY"]);
        assert_eq!(
            f.violations[0].message(),
            "Objective 31 is \"Rebel Alliance affiliation only\", and this deck's affiliation is Jedi."
        );
    }

    #[test]
    fn a_locked_set_with_its_affiliation_and_an_unlocked_set_of_another_are_legal() {
        let mut deck = deck("aff-rebel", &(1..=9).map(|n| (n, 1)).collect::<Vec<_>>());
        add_set(&mut deck, 31, 1, 30);
        assert!(run(&deck).violations.is_empty());
    }
}
