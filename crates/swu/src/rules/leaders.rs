//! Leaders: exactly as many as the format asks (1; Twin Suns 2, CEG 9.3.1), and leader cards
//! only. A leader line that could not be read counts as a leader (its diagnostic says why).

use deckcheck_core::{Findings, Violation};

use super::codes::{LEADER_COUNT, NOT_A_LEADER};
use super::{Context, Rule, plural};
use crate::catalog::CardType;
use crate::deck::Zone;

pub struct Leaders;

fn count_message(v: &Violation) -> String {
    format!(
        "{} deck has exactly {}; this one has {}.",
        super::a_or_an(v.get("format"), true),
        plural(v.expected.unwrap_or(0), "leader", "leaders"),
        v.actual.unwrap_or(0)
    )
}

fn not_a_leader(v: &Violation) -> String {
    let names: Vec<String> = v.cards.iter().map(|c| c.name()).collect();
    format!(
        "{} {} listed as {} but {} not a leader card ({}).",
        names.join(", "),
        if names.len() == 1 { "is" } else { "are" },
        if names.len() == 1 {
            "a leader"
        } else {
            "leaders"
        },
        if names.len() == 1 { "is" } else { "are" },
        v.get("types")
    )
}

impl Rule for Leaders {
    fn name(&self) -> &'static str {
        "leaders"
    }

    fn check(&self, ctx: &Context<'_>, out: &mut Findings) {
        let Some(rule) = ctx.at(&ctx.format.leaders) else {
            return;
        };
        let decks = ctx.decks();
        let expected = u64::from(rule.value);
        for (i, deck) in decks.iter().enumerate() {
            let actual = deck.count(Zone::Leader);
            let unread = deck.unresolved(Zone::Leader);
            if actual > expected || actual + unread < expected {
                let cards = deck
                    .in_zone(Zone::Leader)
                    .map(|e| ctx.card_ref(deck, e.card))
                    .collect();
                out.deck_violation(
                    decks.len(),
                    i,
                    Violation::rendered_of(LEADER_COUNT, rule, count_message)
                        .with("format", &ctx.format.name)
                        .numbers(expected, actual)
                        .cards(cards),
                );
            }
            let wrong: Vec<_> = deck
                .in_zone(Zone::Leader)
                .filter(|e| ctx.catalog.card(e.card).card_type != CardType::Leader)
                .collect();
            if !wrong.is_empty() {
                let types: Vec<String> = wrong
                    .iter()
                    .map(|e| ctx.catalog.card(e.card).card_type.to_string())
                    .collect();
                out.deck_violation(
                    decks.len(),
                    i,
                    Violation::rendered_of(NOT_A_LEADER, rule, not_a_leader)
                        .cards(wrong.iter().map(|e| ctx.card_ref(deck, e.card)).collect())
                        .with("types", types.join(", ")),
                );
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::codes;
    use crate::rules::fixture::*;
    use jiff::civil::date;

    #[test]
    fn a_premier_deck_without_a_leader_is_illegal() {
        let deck = DeckBuilder::new(catalog())
            .base("SOR_020")
            .filler(50)
            .build();
        let report = check_one(&deck, "premier", date(2025, 1, 1));
        let v = report
            .violations
            .iter()
            .find(|v| v.code == codes::LEADER_COUNT)
            .unwrap();
        assert_eq!(
            (v.expected, v.actual, v.section.as_ref()),
            (Some(1), Some(0), "TR 2.3.1.1")
        );
    }

    #[test]
    fn a_twin_suns_deck_needs_two_leaders() {
        let deck = legal_premier().filler(80).build();
        let report = check_one(&deck, "twin-suns", date(2025, 6, 1));
        assert!(report.has(codes::LEADER_COUNT));
    }

    #[test]
    fn a_unit_in_the_leader_slot_is_not_a_leader() {
        let deck = DeckBuilder::new(catalog())
            .leader("SHD_213")
            .base("SOR_020")
            .filler(50)
            .build();
        let report = check_one(&deck, "premier", date(2025, 1, 1));
        assert!(report.has(codes::NOT_A_LEADER));
    }
}
