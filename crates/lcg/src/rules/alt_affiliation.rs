//! LCG-ALT-AFFILIATION: an Allies of Necessity affiliation card ("Your objective deck must
//! contain exactly A [X] objectives and exactly B [Y] and/or neutral objectives.") fixes the
//! deck's objective copies: exactly A of X, exactly B of Y or neutral, nothing of a third
//! affiliation. Source: the card text of the 12 Allies of Necessity affiliation cards.

use crate::messages::{affiliation, say, text};
use deckcheck_core::l10n::number;
use deckcheck_core::{CardRef, Code, CodeInfo, Explain, Findings, Rule, Violation};
use serde::Serialize;

use super::{Judging, names};
use crate::catalog::{Affiliation, Side};

pub const CODE: Code = Code::new("LCG-ALT-AFFILIATION");
const SECTION: &str = "Allies of Necessity affiliation card text";

pub struct AltAffiliation;

/// An Allies of Necessity card's objective counts not met.
#[derive(Debug, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub(crate) enum Alliance {
    /// Not exactly the objectives of an affiliation the card asks for (of the ally's, neutral
    /// ones count too).
    WrongCount {
        card: String,
        affiliation: Affiliation,
        or_neutral: bool,
        #[serde(skip)]
        expected: u64,
        #[serde(skip)]
        actual: u64,
    },
    /// Objective sets of a third affiliation.
    ThirdAffiliation {
        card: String,
        main: Affiliation,
        ally: Affiliation,
    },
}

impl Explain for Alliance {
    fn message(&self, cards: &[CardRef], lang: deckcheck_core::Lang) -> String {
        match self {
            Self::WrongCount {
                card,
                affiliation: a,
                or_neutral,
                expected,
                actual,
            } => say(
                lang,
                "lcg-alliance-count",
                [
                    ("card", text(card.as_str())),
                    ("expected", number(*expected)),
                    ("affiliation", text(affiliation(lang, *a))),
                    ("or_neutral", text(if *or_neutral { "yes" } else { "no" })),
                    ("actual", number(*actual)),
                ],
            ),
            Self::ThirdAffiliation { card, main, ally } => say(
                lang,
                "lcg-third-affiliation",
                [
                    ("cards", text(names(lang, cards))),
                    ("count", number(cards.len() as u64)),
                    ("card", text(card.as_str())),
                    ("main", text(affiliation(lang, *main))),
                    ("ally", text(affiliation(lang, *ally))),
                ],
            ),
        }
    }

    fn numbers(&self) -> Option<(u64, u64)> {
        match self {
            Self::WrongCount {
                expected, actual, ..
            } => Some((*expected, *actual)),
            Self::ThirdAffiliation { .. } => None,
        }
    }
}

impl Rule<Judging<'_>> for AltAffiliation {
    fn codes(&self) -> &'static [CodeInfo] {
        &[CodeInfo {
            code: CODE,
            meaning: "An Allies of Necessity affiliation card's exact objective counts are not met.",
        }]
    }

    fn check(&self, j: &Judging<'_>, out: &mut Findings) {
        let catalog = j.ctx.catalog;
        for deck in &j.decks {
            let Some(idx) = deck.affiliation else {
                continue;
            };
            let card = catalog.card(idx);
            let Some(alliance) = card.alliance else {
                continue;
            };
            let side: Side = card.side;
            let (mut main, mut ally, mut others) = (0, 0, Vec::new());
            for (set, copies) in deck.objectives() {
                let Some(objective) = catalog.objective(set) else {
                    continue;
                };
                match objective.affiliation {
                    a if a == alliance.main => main += copies,
                    a if a == alliance.ally || a == Affiliation::Neutral => ally += copies,
                    // The other side's sets are LCG-SIDE's.
                    _ if objective.side != side => {}
                    _ => others.extend(deck.set_ref(catalog, set)),
                }
            }
            let counts = [
                (alliance.main, false, alliance.main_count, main),
                (alliance.ally, true, alliance.ally_count, ally),
            ];
            for (affiliation, or_neutral, expected, actual) in counts {
                if actual != expected {
                    let wrong = Alliance::WrongCount {
                        card: card.title.to_string(),
                        affiliation,
                        or_neutral,
                        expected,
                        actual,
                    };
                    deck.report(
                        out,
                        deck.unless_unread(
                            Violation::new(CODE, SECTION, wrong).card(deck.card_ref(catalog, idx)),
                        ),
                    );
                }
            }
            if !others.is_empty() {
                let third = Alliance::ThirdAffiliation {
                    card: card.title.to_string(),
                    main: alliance.main,
                    ally: alliance.ally,
                };
                deck.report(out, Violation::new(CODE, SECTION, third).cards(others));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::fixture::*;

    /// Guardians of Justice: exactly 6 Jedi and 6 Rebel Alliance and/or neutral objectives.
    fn guardians(jedi: &[(u16, u32)], rest: &[(u16, u32)]) -> crate::deck::Deck {
        let sets: Vec<(u16, u32)> = jedi.iter().chain(rest).copied().collect();
        deck("aff-goj", &sets)
    }

    #[test]
    fn six_and_six_are_legal() {
        let deck = guardians(
            &[(1, 2), (2, 2), (3, 2)],
            &[(13, 2), (14, 1), (18, 2), (15, 1)],
        );
        let f = run(&deck);
        assert!(f.violations.is_empty(), "{:?}", f.violations);
    }

    #[test]
    fn wrong_counts_are_illegal() {
        let deck = guardians(
            &[(1, 2), (2, 2), (3, 1)],
            &[(13, 2), (14, 2), (18, 2), (15, 1)],
        );
        let f = run(&deck);
        assert_eq!(codes(&f), ["LCG-ALT-AFFILIATION", "LCG-ALT-AFFILIATION"]);
        assert_eq!(
            f.violations[0].message(),
            "Guardians of Justice asks for exactly 6 Jedi objectives; this deck has 5."
        );
        assert_eq!(
            f.violations[1].message(),
            "Guardians of Justice asks for exactly 6 Rebel Alliance and/or neutral objectives; this deck has 7."
        );
    }

    #[test]
    fn a_third_affiliation_is_illegal() {
        let deck = guardians(
            &[(1, 2), (2, 2), (3, 2)],
            &[(13, 2), (14, 2), (18, 2), (99, 1)],
        );
        let f = run(&deck);
        assert_eq!(codes(&f), ["LCG-ALT-AFFILIATION"]);
        assert_eq!(
            f.violations[0].message(),
            "Objective 99 is of an affiliation Guardians of Justice does not allow (only Jedi and Rebel Alliance objectives, and neutral ones)."
        );
    }
}
