//! LCG-MIN-10: a deck holds at least ten objective sets (copies counted); there is no maximum.
//! Source: REG Deck Requirements and Size Limits L72-74 ("a minimum of ten objective sets.
//! There is no maximum deck size"); CR p.28 (the Core Set's starter decks have eight: "When
//! building a deck for competitive play, it must contain at least 10 objective sets.").

use crate::messages::say;
use deckcheck_core::l10n::number;
use deckcheck_core::{CardRef, Code, CodeInfo, Explain, Findings, Rule, Violation};
use serde::Serialize;

use super::Judging;

pub const CODE: Code = Code::new("LCG-MIN-10");

pub struct MinSets;

/// A deck of fewer objective sets than the minimum.
#[derive(Debug, PartialEq, Serialize)]
pub(crate) struct TooFewSets {
    #[serde(skip)]
    pub minimum: u64,
    #[serde(skip)]
    pub sets: u64,
}

impl Explain for TooFewSets {
    fn message(&self, _cards: &[CardRef], lang: deckcheck_core::Lang) -> String {
        say(
            lang,
            "lcg-too-few-sets",
            [
                ("sets", number(self.sets)),
                ("minimum", number(self.minimum)),
            ],
        )
    }

    fn numbers(&self) -> Option<(u64, u64)> {
        Some((self.minimum, self.sets))
    }
}

impl Rule<Judging<'_>> for MinSets {
    fn codes(&self) -> &'static [CodeInfo] {
        &[CodeInfo {
            code: CODE,
            meaning: "A deck has fewer than ten objective sets.",
        }]
    }

    fn check(&self, j: &Judging<'_>, out: &mut Findings) {
        let ctx = j.ctx;
        let Some(min) = ctx.format.min_objective_sets.at(ctx.as_of) else {
            return;
        };
        for deck in &j.decks {
            let n = deck.objective_count();
            if n < min.value {
                let few = TooFewSets {
                    minimum: min.value,
                    sets: n,
                };
                deck.report(out, deck.unless_unread(Violation::of(CODE, min, few)));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::fixture::*;

    #[test]
    fn too_few_sets_is_said_in_the_terms_of_each_edition() {
        use deckcheck_core::{Explain, Lang};
        let few = super::TooFewSets {
            sets: 1,
            minimum: 10,
        };
        assert_eq!(
            few.message(&[], Lang::En),
            "This deck has 1 objective set; a deck has at least 10 (there is no maximum)."
        );
        assert_eq!(
            few.message(&[], Lang::De),
            "Dieses Deck hat 1 Zielset; ein Deck hat mindestens 10 (es gibt kein Maximum)."
        );
        let eight = super::TooFewSets {
            sets: 8,
            minimum: 10,
        };
        assert!(
            eight
                .message(&[], Lang::Fr)
                .starts_with("Ce deck a 8 sets d'objectif ; un deck en a au moins 10")
        );
        assert!(
            eight
                .message(&[], Lang::Es)
                .starts_with("Este mazo tiene 8 conjuntos de objetivo")
        );
    }

    #[test]
    fn eight_objective_sets_are_too_few() {
        let deck = deck("aff-jedi", &(1..=8).map(|n| (n, 1)).collect::<Vec<_>>());
        let f = run(&deck);
        assert_eq!(codes(&f), ["LCG-MIN-10"]);
        assert_eq!(
            f.violations[0].message(),
            "This deck has 8 objective sets; a deck has at least 10 (there is no maximum)."
        );
        assert_eq!(
            f.violations[0].section,
            "REG Deck Requirements and Size Limits L72-74; CR p.28 Deck Customizing Rules"
        );
    }

    #[test]
    fn too_few_sets_with_an_unreadable_entry_are_unverified_not_illegal() {
        let mut deck = deck("aff-jedi", &(1..=9).map(|n| (n, 1)).collect::<Vec<_>>());
        deck.unread = 1;
        let f = run(&deck);
        assert_eq!(codes(&f), ["LCG-MIN-10"]);
        assert_eq!(
            f.violations[0].caveat.as_deref(),
            Some("1 entry of this deck could not be read; it may change this.")
        );
        assert_eq!(verdict(f), deckcheck_core::Verdict::Unverified);
    }

    #[test]
    fn copies_count_and_there_is_no_maximum() {
        let five_twice = deck("aff-jedi", &(1..=5).map(|n| (n, 2)).collect::<Vec<_>>());
        assert!(run(&five_twice).violations.is_empty());
        let big = deck("aff-jedi", &(1..=12).map(|n| (n, 2)).collect::<Vec<_>>());
        assert!(run(&big).violations.is_empty());
    }
}
