//! LCG-ALT-AFFILIATION: an Allies of Necessity affiliation card ("Your objective deck must
//! contain exactly A [X] objectives and exactly B [Y] and/or neutral objectives.") fixes the
//! deck's objective copies: exactly A of X, exactly B of Y or neutral, nothing of a third
//! affiliation. Source: the card text of the 12 Allies of Necessity affiliation cards.

use deckcheck_core::{Code, Findings, Violation};

use super::{Context, Rule, Tally, is_are, names};
use crate::catalog::{Affiliation, Side};

pub const CODE: Code = Code::new("LCG-ALT-AFFILIATION");
const SECTION: &str = "Allies of Necessity affiliation card text";

pub struct AltAffiliation;

fn wrong_count(v: &Violation) -> String {
    let (card, what) = Some(v.get("detail"))
        .filter(|d| !d.is_empty())
        .and_then(|d| d.split_once('|'))
        .unwrap_or(("", ""));
    format!(
        "{card} asks for exactly {} {what} objectives; this deck has {}.",
        v.expected.unwrap_or(0),
        v.actual.unwrap_or(0)
    )
}

fn third(v: &Violation) -> String {
    let (card, allowed) = Some(v.get("detail"))
        .filter(|d| !d.is_empty())
        .and_then(|d| d.split_once('|'))
        .unwrap_or(("", ""));
    format!(
        "{} {} of an affiliation {card} does not allow (only {allowed} objectives, and neutral ones).",
        names(&v.cards),
        is_are(v.cards.len())
    )
}

impl Rule for AltAffiliation {
    fn code(&self) -> Code {
        CODE
    }

    fn meaning(&self) -> &'static str {
        "An Allies of Necessity affiliation card's exact objective counts are not met."
    }

    fn check(&self, ctx: &Context<'_>, decks: &[Tally<'_>], out: &mut Findings) {
        for deck in decks {
            let Some(idx) = deck.affiliation else {
                continue;
            };
            let card = ctx.catalog.card(idx);
            let Some(alliance) = card.alliance else {
                continue;
            };
            let side: Side = card.side;
            let (mut main, mut ally, mut others) = (0, 0, Vec::new());
            for (&set, &copies) in &deck.objectives {
                let Some(objective) = ctx.catalog.objective(set) else {
                    continue;
                };
                match objective.affiliation {
                    a if a == alliance.main => main += copies,
                    a if a == alliance.ally || a == Affiliation::Neutral => ally += copies,
                    // The other side's sets are LCG-SIDE's.
                    _ if objective.side != side => {}
                    _ => others.extend(deck.set_ref(ctx.catalog, set)),
                }
            }
            if main != alliance.main_count {
                deck.report(
                    out,
                    deck.unless_unread(
                        Violation::rendered(CODE, SECTION, wrong_count)
                            .card(deck.card_ref(ctx.catalog, idx))
                            .numbers(alliance.main_count, main)
                            .with("detail", format!("{}|{}", card.title, alliance.main.name())),
                    ),
                );
            }
            if ally != alliance.ally_count {
                deck.report(
                    out,
                    deck.unless_unread(
                        Violation::rendered(CODE, SECTION, wrong_count)
                            .card(deck.card_ref(ctx.catalog, idx))
                            .numbers(alliance.ally_count, ally)
                            .with(
                                "detail",
                                format!("{}|{} and/or neutral", card.title, alliance.ally.name()),
                            ),
                    ),
                );
            }
            if !others.is_empty() {
                deck.report(
                    out,
                    Violation::rendered(CODE, SECTION, third)
                        .cards(others)
                        .with(
                            "detail",
                            format!(
                                "{}|{} and {}",
                                card.title,
                                alliance.main.name(),
                                alliance.ally.name()
                            ),
                        ),
                );
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
