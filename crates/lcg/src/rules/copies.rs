//! LCG-COPIES: at most two copies of an objective set in a deck, one if its objective says
//! "Limit 1 per objective deck." (swlcg-json `isLimitedToObjectiveDeck`). Source: CR p.28 Custom
//! Decks ("Any objective set may be included twice in a constructed deck unless its objective
//! card states 'limit one per objective deck.'"). A set whose limit an erratum in force changes
//! is judged by LCG-ERRATA instead.

use crate::messages::{say, text};
use deckcheck_core::l10n::{self, number};
use deckcheck_core::{CardRef, Code, CodeInfo, Dated, Explain, Findings, Rule, Violation};
use serde::Serialize;

use super::{Judging, Tally};

pub const CODE: Code = Code::new("LCG-COPIES");

pub struct Copies;

/// An objective set and how many times a deck holds it.
#[derive(Debug, PartialEq, Serialize)]
pub(crate) struct SetCopies {
    pub title: String,
    pub set: u16,
    pub copies: u64,
}

/// Objective sets in a deck more times than allowed.
#[derive(Debug, PartialEq, Serialize)]
pub(crate) struct TooManySetCopies {
    #[serde(skip)]
    pub limit: u64,
    pub sets: Vec<SetCopies>,
}

impl Explain for TooManySetCopies {
    fn message(&self, _cards: &[CardRef], lang: deckcheck_core::Lang) -> String {
        let counts = self.sets.iter().enumerate().map(|(i, s)| {
            let id = if i == 0 {
                "lcg-set-copies-first"
            } else {
                "lcg-set-copies"
            };
            say(
                lang,
                id,
                [
                    ("title", text(s.title.as_str())),
                    ("set", number(s.set)),
                    ("copies", number(s.copies)),
                ],
            )
        });
        say(
            lang,
            "lcg-too-many-set-copies",
            [
                ("counts", text(l10n::and_list(lang, counts))),
                ("limit", number(self.limit)),
            ],
        )
    }

    fn numbers(&self) -> Option<(u64, u64)> {
        let most = self.sets.iter().map(|s| s.copies).max().unwrap_or(0);
        Some((self.limit, most))
    }
}

impl Rule<Judging<'_>> for Copies {
    fn codes(&self) -> &'static [CodeInfo] {
        &[CodeInfo {
            code: CODE,
            meaning: "An objective set is in a deck more than twice, or more than once if its objective says Limit 1 per objective deck.",
        }]
    }

    fn check(&self, j: &Judging<'_>, out: &mut Findings) {
        let ctx = j.ctx;
        let (Some(max), Some(limited)) = (
            ctx.format.max_copies.at(ctx.as_of),
            ctx.format.limited_copies.at(ctx.as_of),
        ) else {
            return;
        };
        let errata: Vec<u16> = ctx
            .data
            .errata
            .iter()
            .filter(|e| e.from <= ctx.as_of)
            .map(|e| e.value.set)
            .collect();
        for deck in &j.decks {
            for (rule, limit_one) in [(limited, true), (max, false)] {
                let over = |copies: u64, set: u16| {
                    ctx.catalog
                        .objective(set)
                        .is_some_and(|c| c.limit_one == limit_one)
                        && copies > rule.value
                        && !errata.contains(&set)
                };
                report(j, deck, out, rule, over);
            }
        }
    }
}

fn report(
    j: &Judging<'_>,
    deck: &Tally<'_>,
    out: &mut Findings,
    rule: &Dated<u64>,
    over: impl Fn(u64, u16) -> bool,
) {
    let (mut cards, mut sets) = (Vec::new(), Vec::new());
    for (set, copies) in deck.objectives() {
        if over(copies, set)
            && let Some(r) = deck.set_ref(j.ctx.catalog, set)
        {
            sets.push(SetCopies {
                title: r.title.to_string(),
                set,
                copies,
            });
            cards.push(r);
        }
    }
    if !cards.is_empty() {
        let too_many = TooManySetCopies {
            limit: rule.value,
            sets,
        };
        deck.report(out, Violation::of(CODE, rule, too_many).cards(cards));
    }
}

#[cfg(test)]
mod tests {
    use super::super::fixture::*;

    #[test]
    fn two_copies_of_a_set_are_legal_and_three_are_not() {
        let two = deck("aff-jedi", &[(1, 2), (2, 2), (3, 2), (4, 2), (5, 2)]);
        assert!(run(&two).violations.is_empty());
        let three = deck("aff-jedi", &[(1, 3), (2, 2), (3, 2), (4, 2), (5, 1)]);
        let f = run(&three);
        assert_eq!(codes(&f), ["LCG-COPIES"]);
        assert_eq!(
            f.violations[0].message(),
            "Objective 1 (set 1) is in this deck 3 times; a deck holds at most 2 copies of an objective set."
        );
    }

    #[test]
    fn every_set_over_the_limit_is_one_violation() {
        let three = deck("aff-jedi", &[(1, 3), (2, 3), (3, 3), (4, 1)]);
        let f = run(&three);
        assert_eq!(codes(&f), ["LCG-COPIES"]);
        assert_eq!(
            f.violations[0].message(),
            "Objective 1 (set 1) is in this deck 3 times, Objective 2 (set 2) 3 times and Objective 3 (set 3) 3 times; a deck holds at most 2 copies of an objective set."
        );
        assert_eq!(f.violations[0].cards.len(), 3);
    }

    #[test]
    fn a_limit_one_set_twice_is_illegal() {
        let deck = deck("aff-jedi", &[(17, 2), (2, 2), (3, 2), (4, 2), (5, 2)]);
        let f = run(&deck);
        assert_eq!(codes(&f), ["LCG-COPIES"]);
        assert_eq!(f.violations[0].expected, Some(1));
        assert!(
            f.violations[0]
                .message()
                .contains("\"Limit 1 per objective deck.\"")
        );
    }
}
