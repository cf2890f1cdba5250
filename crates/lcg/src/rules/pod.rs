//! LCG-POD: objective sets go in a deck whole. For each copy of a set's objective, each of the
//! set's five command cards (cards 2-6, by sequence) is there once more; no command card comes
//! without its objective; no card is added to or removed from a set. Source: CR p.7 Objective
//! Sets ("The cards of an objective set must always be placed in the same deck together.
//! Individual cards cannot be removed from or added to an objective set."); REG Deck Check
//! Procedure L95-97 ("all cards in the command deck correspond with the proper objective cards").

use deckcheck_core::{Code, Findings, Violation};

use super::{Context, Rule, Tally, count, names};

pub const CODE: Code = Code::new("LCG-POD");
const SECTION: &str = "CR p.7 Objective Sets; REG Deck Check Procedure L95-97";

pub struct WholePods;

fn missing(v: &Violation) -> String {
    format!(
        "Objective sets are not whole: each copy of an objective brings the five cards of its set, and these are missing: {}.",
        Some(v.get("detail"))
            .filter(|d| !d.is_empty())
            .unwrap_or_default()
    )
}

fn added(v: &Violation) -> String {
    format!(
        "Cards were added to objective sets: {}. A set's cards come with its objective, one of each per copy.",
        Some(v.get("detail"))
            .filter(|d| !d.is_empty())
            .unwrap_or_default()
    )
}

fn orphans(v: &Violation) -> String {
    let n = v.cards.len();
    format!(
        "{} {} in the deck without {} objective: {}. A card goes in a deck only with its whole objective set.",
        count(n as u64, "card", "cards"),
        if n == 1 { "is" } else { "are" },
        if n == 1 { "its" } else { "their" },
        names(&v.cards)
    )
}

fn copies(n: u64) -> String {
    count(n, "copy", "copies")
}

impl Rule for WholePods {
    fn code(&self) -> Code {
        CODE
    }

    fn meaning(&self) -> &'static str {
        "An objective set is not whole: a command card is missing, added, or without its objective."
    }

    fn check(&self, ctx: &Context<'_>, decks: &[Tally<'_>], out: &mut Findings) {
        for deck in decks {
            let (mut lacking, mut lacking_cards) = (Vec::new(), Vec::new());
            let (mut extra, mut extra_cards) = (Vec::new(), Vec::new());
            let mut orphaned = Vec::new();
            let sets = deck
                .objectives
                .keys()
                .copied()
                .chain(deck.command.keys().map(|k| k.0))
                .collect::<std::collections::BTreeSet<u16>>();
            for set in sets {
                let Some(cards) = ctx.catalog.set(set) else {
                    continue;
                };
                let objectives = deck.objectives.get(&set).copied().unwrap_or(0);
                for (i, card) in cards.iter().enumerate().skip(1) {
                    let have = deck.command.get(&(set, i as u16 + 1)).copied().unwrap_or(0);
                    let r = deck.card_ref(ctx.catalog, *card);
                    let title = ctx.catalog.card(*card).title.clone();
                    if objectives == 0 {
                        if have > 0 {
                            orphaned.push(r);
                        }
                    } else if have < objectives {
                        lacking.push(format!(
                            "{title} (set {set}, card {}): {} of {}",
                            i + 1,
                            have,
                            copies(objectives)
                        ));
                        lacking_cards.push(r);
                    } else if have > objectives {
                        extra.push(format!(
                            "{title} (set {set}, card {}): {} for {} of the objective",
                            i + 1,
                            copies(have),
                            objectives
                        ));
                        extra_cards.push(r);
                    }
                }
            }
            if !lacking.is_empty() {
                deck.report(
                    out,
                    deck.unless_unread(
                        Violation::rendered(CODE, SECTION, missing)
                            .cards(lacking_cards)
                            .with("detail", lacking.join("; ")),
                    ),
                );
            }
            if !extra.is_empty() {
                deck.report(
                    out,
                    Violation::rendered(CODE, SECTION, added)
                        .cards(extra_cards)
                        .with("detail", extra.join("; ")),
                );
            }
            if !orphaned.is_empty() {
                deck.report(
                    out,
                    Violation::rendered(CODE, SECTION, orphans).cards(orphaned),
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
