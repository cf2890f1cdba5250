//! LCG-AFFILIATION-ONLY: a set whose objective says "<X> affiliation only." goes only in a deck
//! whose affiliation card is X (35 objectives; swlcg-json `isLockedToAffiliation`, X read from
//! the text). Source: CR p.28 Custom Decks ("The affiliation of an objective set does not need
//! to match the affiliation of a player's affiliation card, unless the set's objective card
//! text includes '[name of] affiliation only'.").

use std::collections::BTreeMap;

use crate::messages::{affiliation, say, text};
use deckcheck_core::l10n::number;
use deckcheck_core::{CardRef, Code, CodeInfo, Explain, Findings, Rule, Violation};
use serde::Serialize;

use super::{Judging, names};
use crate::catalog::Affiliation;

pub const CODE: Code = Code::new("LCG-AFFILIATION-ONLY");

pub struct AffiliationOnly;

/// Sets locked to another affiliation than the deck's.
#[derive(Debug, PartialEq, Serialize)]
pub(crate) struct LockedToOther {
    /// The affiliation the sets say they go with only.
    pub only: Affiliation,
    /// The deck's.
    pub deck: Affiliation,
}

impl Explain for LockedToOther {
    fn message(&self, cards: &[CardRef], lang: deckcheck_core::Lang) -> String {
        say(
            lang,
            "lcg-locked-to-other",
            [
                ("cards", text(names(lang, cards))),
                ("count", number(cards.len() as u64)),
                ("only", text(affiliation(lang, self.only))),
                ("affiliation", text(affiliation(lang, self.deck))),
            ],
        )
    }
}

impl Rule<Judging<'_>> for AffiliationOnly {
    fn codes(&self) -> &'static [CodeInfo] {
        &[CodeInfo {
            code: CODE,
            meaning: "An objective set says \"X affiliation only\" and the deck's affiliation card is not X.",
        }]
    }

    fn check(&self, j: &Judging<'_>, out: &mut Findings) {
        let catalog = j.ctx.catalog;
        for deck in &j.decks {
            let Some(affiliation) = deck.affiliation_of(catalog) else {
                continue;
            };
            let mut wrong: BTreeMap<Affiliation, Vec<_>> = BTreeMap::new();
            for (set, _) in deck.objectives() {
                if let Some(locked) = catalog.objective(set).and_then(|c| c.locked)
                    && locked != affiliation
                    && let Some(r) = deck.set_ref(catalog, set)
                {
                    wrong.entry(locked).or_default().push(r);
                }
            }
            for (only, cards) in wrong {
                let locked = LockedToOther {
                    only,
                    deck: affiliation,
                };
                deck.report(
                    out,
                    Violation::new(CODE, "CR p.28 Custom Decks", locked).cards(cards),
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
