//! LCG-AFFILIATION: a deck has exactly one affiliation card.
//! Source: REG Deck Requirements and Size Limits L72 ("Each deck must contain one affiliation
//! card"); CR p.28 Deck Customizing Rules. A second affiliation card is reported here (not
//! also as LCG-NOT-IN-POD): one violation per reason.

use crate::messages::{say, text};
use deckcheck_core::l10n::number;
use deckcheck_core::{CardRef, Code, CodeInfo, Explain, Findings, Rule, Violation};
use serde::Serialize;

use super::{Judging, names};

pub const CODE: Code = Code::new("LCG-AFFILIATION");
const SECTION: &str = "REG Deck Requirements and Size Limits L72; CR p.28";

pub struct OneAffiliation;

/// A deck with no affiliation card, or several.
#[derive(Debug, PartialEq, Serialize)]
pub(crate) struct AffiliationCount {
    #[serde(skip)]
    pub count: u64,
}

impl Explain for AffiliationCount {
    fn message(&self, cards: &[CardRef], lang: deckcheck_core::Lang) -> String {
        match self.count {
            0 => say(lang, "lcg-no-affiliation", []),
            n => say(
                lang,
                "lcg-affiliation-count",
                [("n", number(n)), ("cards", text(names(lang, cards)))],
            ),
        }
    }

    fn numbers(&self) -> Option<(u64, u64)> {
        Some((1, self.count))
    }
}

impl Rule<Judging<'_>> for OneAffiliation {
    fn codes(&self) -> &'static [CodeInfo] {
        &[CodeInfo {
            code: CODE,
            meaning: "A deck has exactly one affiliation card.",
        }]
    }

    fn check(&self, j: &Judging<'_>, out: &mut Findings) {
        for deck in &j.decks {
            let n: u64 = deck.affiliations.iter().map(|e| u64::from(e.count)).sum();
            if n == 1 {
                continue;
            }
            let mut cards = Vec::new();
            for e in &deck.affiliations {
                let card = deck.card_ref(j.ctx.catalog, e.card);
                if !cards.contains(&card) {
                    cards.push(card);
                }
            }
            deck.report(
                out,
                Violation::new(CODE, SECTION, AffiliationCount { count: n }).cards(cards),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::fixture::*;
    use crate::deck::{Entry, Section};

    #[test]
    fn a_deck_without_an_affiliation_card_is_illegal() {
        let mut deck = jedi();
        deck.entries.remove(0);
        let f = run(&deck);
        assert_eq!(codes(&f), ["LCG-AFFILIATION"]);
        assert_eq!(
            f.violations[0].message(),
            "This deck has no affiliation card; a deck has exactly one."
        );
    }

    #[test]
    fn a_deck_with_two_affiliation_cards_is_illegal() {
        let mut deck = jedi();
        deck.entries.push(Entry {
            card: idx("aff-rebel"),
            count: 1,
            section: Section::Affiliation,
            line: Some(20),
        });
        let f = run(&deck);
        assert_eq!(codes(&f), ["LCG-AFFILIATION"]);
        assert_eq!(
            f.violations[0].message(),
            "This deck has 2 affiliation cards (Jedi and Rebel Alliance); a deck has exactly one."
        );
    }
}
