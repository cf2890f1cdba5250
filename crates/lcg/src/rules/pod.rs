//! LCG-POD: objective sets go in a deck whole. For each copy of a set's objective, each of the
//! set's five command cards (cards 2-6, by sequence) is there once more; no command card comes
//! without its objective; no card is added to or removed from a set. Source: CR p.7 Objective
//! Sets ("The cards of an objective set must always be placed in the same deck together.
//! Individual cards cannot be removed from or added to an objective set."); REG Deck Check
//! Procedure L95-97 ("all cards in the command deck correspond with the proper objective cards").

use crate::messages::{say, text};
use deckcheck_core::l10n::number;
use deckcheck_core::{CardRef, Code, CodeInfo, Explain, Findings, Rule, Violation};
use serde::Serialize;

use super::{Judging, names};

pub const CODE: Code = Code::new("LCG-POD");
const SECTION: &str = "CR p.7 Objective Sets; REG Deck Check Procedure L95-97";

pub struct WholePods;

/// A command card of a set, as many times as the deck has it, for so many copies of the set's
/// objective.
#[derive(Debug, PartialEq, Serialize)]
pub(crate) struct SetCard {
    pub title: String,
    pub set: u16,
    /// Its number in the set (2-6).
    pub card: u16,
    pub copies: u64,
    pub objectives: u64,
}

/// Objective sets that are not whole.
#[derive(Debug, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub(crate) enum NotWhole {
    /// Cards fewer than the set's objectives bring.
    Missing { set_cards: Vec<SetCard> },
    /// Cards more than the set's objectives bring.
    Added { set_cards: Vec<SetCard> },
    /// Cards of a set whose objective is not in the deck.
    WithoutObjective,
}

/// Each card of a set with what is wrong with it, in `lang`.
fn each(
    lang: deckcheck_core::Lang,
    cards: &[SetCard],
    what: impl Fn(&SetCard) -> String,
) -> String {
    cards
        .iter()
        .map(|c| {
            say(
                lang,
                "lcg-set-card",
                [
                    ("title", text(c.title.as_str())),
                    ("set", number(c.set)),
                    ("card", number(c.card)),
                    ("what", text(what(c))),
                ],
            )
        })
        .collect::<Vec<_>>()
        .join("; ")
}

impl Explain for NotWhole {
    fn message(&self, cards: &[CardRef], lang: deckcheck_core::Lang) -> String {
        match self {
            Self::Missing { set_cards } => {
                let missing = each(lang, set_cards, |c| {
                    say(
                        lang,
                        "lcg-missing-of",
                        [
                            ("missing", number(c.copies)),
                            ("objectives", number(c.objectives)),
                        ],
                    )
                });
                say(lang, "lcg-sets-missing", [("missing", text(missing))])
            }
            Self::Added { set_cards } => {
                let added = each(lang, set_cards, |c| {
                    say(
                        lang,
                        "lcg-added-for",
                        [
                            ("copies", number(c.copies)),
                            ("objectives", number(c.objectives)),
                        ],
                    )
                });
                say(lang, "lcg-sets-added", [("added", text(added))])
            }
            Self::WithoutObjective => say(
                lang,
                "lcg-without-objective",
                [
                    ("count", number(cards.len() as u64)),
                    ("cards", text(names(lang, cards))),
                ],
            ),
        }
    }
}

impl Rule<Judging<'_>> for WholePods {
    fn codes(&self) -> &'static [CodeInfo] {
        &[CodeInfo {
            code: CODE,
            meaning: "An objective set is not whole: a command card is missing, added, or without its objective.",
        }]
    }

    fn check(&self, j: &Judging<'_>, out: &mut Findings) {
        let catalog = j.ctx.catalog;
        for deck in &j.decks {
            let (mut lacking, mut lacking_cards) = (Vec::new(), Vec::new());
            let (mut extra, mut extra_cards) = (Vec::new(), Vec::new());
            let mut orphaned = Vec::new();
            for copies in &deck.sets {
                let set = copies.set;
                let Some(cards) = catalog.set(set) else {
                    continue;
                };
                let objectives = copies.objectives;
                for (i, card) in cards.iter().enumerate().skip(1) {
                    let have = copies.command[i - 1];
                    let r = || deck.card_ref(catalog, *card);
                    let set_card = || SetCard {
                        title: catalog.card(*card).title.to_string(),
                        set,
                        card: i as u16 + 1,
                        copies: have,
                        objectives,
                    };
                    if objectives == 0 {
                        if have > 0 {
                            orphaned.push(r());
                        }
                    } else if have < objectives {
                        lacking.push(set_card());
                        lacking_cards.push(r());
                    } else if have > objectives {
                        extra.push(set_card());
                        extra_cards.push(r());
                    }
                }
            }
            if !lacking.is_empty() {
                deck.report(
                    out,
                    deck.unless_unread(
                        Violation::new(CODE, SECTION, NotWhole::Missing { set_cards: lacking })
                            .cards(lacking_cards),
                    ),
                );
            }
            if !extra.is_empty() {
                deck.report(
                    out,
                    Violation::new(CODE, SECTION, NotWhole::Added { set_cards: extra })
                        .cards(extra_cards),
                );
            }
            if !orphaned.is_empty() {
                deck.report(
                    out,
                    Violation::new(CODE, SECTION, NotWhole::WithoutObjective).cards(orphaned),
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
    fn a_set_missing_a_card_is_illegal() {
        let mut deck = jedi();
        let card = idx("f-001-4");
        deck.entries.retain(|e| e.card != card);
        let f = run(&deck);
        assert_eq!(codes(&f), ["LCG-POD"]);
        assert_eq!(
            f.violations[0].message(),
            "Objective sets are not whole: each copy of an objective brings the five cards of its set, and these are missing: Card 1-4 (set 1, card 4): 0 of 1 copy."
        );
    }

    #[test]
    fn a_card_added_to_a_set_is_illegal() {
        let mut deck = jedi();
        deck.entries.push(Entry {
            card: idx("f-002-3"),
            count: 1,
            section: Section::Command,
            line: Some(50),
        });
        let f = run(&deck);
        assert_eq!(codes(&f), ["LCG-POD"]);
        assert_eq!(
            f.violations[0].message(),
            "Cards were added to objective sets: Card 2-3 (set 2, card 3): 2 copies for 1 of the objective. A set's cards come with its objective, one of each per copy."
        );
    }

    #[test]
    fn a_card_without_its_objective_is_illegal() {
        let mut deck = jedi();
        deck.entries.push(Entry {
            card: idx("f-011-2"),
            count: 1,
            section: Section::Command,
            line: Some(50),
        });
        let f = run(&deck);
        assert_eq!(codes(&f), ["LCG-POD"]);
        assert_eq!(
            f.violations[0].message(),
            "1 card is in the deck without its objective: Card 11-2. A card goes in a deck only with its whole objective set."
        );
    }
}
