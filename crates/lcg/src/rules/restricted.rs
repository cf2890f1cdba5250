//! LCG-RESTRICTED: at most one objective set of each restricted group in a deck (as many copies
//! of the chosen one as LCG-COPIES allows); set 103 is in LS groups 1 and 4. The list in force
//! on the date is read from `card_data/lcg/restricted.toml` (FAQ v5.0 from 2017-04-12); before
//! the first list we have, earlier FAQs' lists are not in our sources and a deck is unverified.
//! Source: FAQ v5.0 p.4 Restricted List.

use crate::messages::{say, text};
use deckcheck_core::{CardRef, Code, CodeInfo, Explain, Findings, NoteKind, Rule, Violation};
use serde::Serialize;

use super::{Judging, names};

pub const CODE: Code = Code::new("LCG-RESTRICTED");

pub struct Restricted;

/// Objective sets of one restricted group.
#[derive(Debug, PartialEq, Serialize)]
pub(crate) struct SameGroup {
    pub group: String,
    /// The restricted list in force.
    pub list: String,
}

impl Explain for SameGroup {
    fn message(&self, cards: &[CardRef], lang: deckcheck_core::Lang) -> String {
        say(
            lang,
            "lcg-same-group",
            [
                ("cards", text(names(lang, cards))),
                ("group", text(self.group.as_str())),
                ("list", text(self.list.as_str())),
            ],
        )
    }
}

impl Rule<Judging<'_>> for Restricted {
    fn codes(&self) -> &'static [CodeInfo] {
        &[CodeInfo {
            code: CODE,
            meaning: "A deck holds two objective sets of the same restricted group.",
        }]
    }

    fn check(&self, j: &Judging<'_>, out: &mut Findings) {
        let ctx = j.ctx;
        let Some(list) = ctx.data.restricted.at(ctx.as_of) else {
            if j.decks.iter().any(|d| d.objectives().next().is_some())
                && let Some(first) = ctx.data.restricted.entries().first()
            {
                out.note(
                    NoteKind::Unverified,
                    Some("FAQ Restricted List"),
                    format!(
                        "The restricted list in force on {} (before the {} list of {}) is not in our sources: whether this deck's objective sets were restricted then cannot be judged.",
                        ctx.as_of, first.value.name, first.from
                    ),
                );
            }
            return;
        };
        for deck in &j.decks {
            for group in &list.value.groups {
                let cards: Vec<_> = group
                    .sets
                    .iter()
                    .filter(|s| deck.objectives_of(s.set) > 0)
                    .filter_map(|s| deck.set_ref(ctx.catalog, s.set))
                    .collect();
                if cards.len() > 1 {
                    let same = SameGroup {
                        group: group.name.clone(),
                        list: list.value.name.clone(),
                    };
                    deck.report(out, Violation::of(CODE, list, same).cards(cards));
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::fixture::*;
    use deckcheck_core::{NoteKind, Verdict};
    use jiff::civil::date;

    fn smugglers(extra: &[(u16, u32)]) -> crate::deck::Deck {
        let mut sets: Vec<(u16, u32)> = (1..=8).map(|n| (n, 1)).collect();
        sets.extend_from_slice(extra);
        deck("aff-jedi", &sets)
    }

    #[test]
    fn two_sets_of_one_group_are_illegal() {
        let f = run(&smugglers(&[(99, 1), (103, 1)]));
        assert_eq!(codes(&f), ["LCG-RESTRICTED"]);
        assert_eq!(
            f.violations[0].message(),
            "Objective 99 and Objective 103 are in the same restricted group (LS Restricted Group 1, FAQ v5.0): a deck may hold only one objective set of each group."
        );
    }

    #[test]
    fn a_set_in_two_groups_breaks_both_with_their_other_sets() {
        let f = run(&smugglers(&[(99, 1), (103, 1), (237, 1)]));
        assert_eq!(codes(&f), ["LCG-RESTRICTED", "LCG-RESTRICTED"]);
    }

    #[test]
    fn copies_of_the_one_chosen_set_are_legal() {
        assert!(run(&smugglers(&[(103, 2)])).violations.is_empty());
    }

    #[test]
    fn before_the_first_list_we_have_the_deck_is_unverified() {
        let f = run_on(
            &[&smugglers(&[(1, 1), (2, 1)])],
            "standard",
            date(2016, 1, 1),
        );
        assert!(f.notes.iter().any(|n| {
            n.kind == NoteKind::Unverified
                && n.message
                    .starts_with("The restricted list in force on 2016-01-01")
        }));
        assert_eq!(verdict(f), Verdict::Unverified);
    }
}
