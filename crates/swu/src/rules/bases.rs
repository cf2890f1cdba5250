//! Bases: exactly one, and a base card (CEG 9.1.1, 9.2.1, 9.3.1; TR 2.3.1.1, 2.3.1.2, 2.3.2
//! before it). A base line that could not be read counts as a base.

use deckcheck_core::{Findings, Violation};

use super::codes::{BASE_COUNT, NOT_A_BASE};
use super::{Context, Rule, plural};
use crate::catalog::CardType;
use crate::deck::Zone;

pub struct Bases;

fn count_message(v: &Violation) -> String {
    format!(
        "{} deck has exactly {}; this one has {}.",
        super::a_or_an(v.get("format"), true),
        plural(v.expected.unwrap_or(0), "base", "bases"),
        v.actual.unwrap_or(0)
    )
}

fn not_a_base(v: &Violation) -> String {
    let names: Vec<String> = v.cards.iter().map(|c| c.name()).collect();
    format!(
        "{} {} listed as the base but {} not a base card ({}).",
        names.join(", "),
        if names.len() == 1 { "is" } else { "are" },
        if names.len() == 1 { "is" } else { "are" },
        v.get("types")
    )
}

impl Rule for Bases {
    fn name(&self) -> &'static str {
        "bases"
    }

    fn check(&self, ctx: &Context<'_>, out: &mut Findings) {
        let Some(rule) = ctx.at(&ctx.format.bases) else {
            return;
        };
        let decks = ctx.decks();
        let expected = u64::from(rule.value);
        for (i, deck) in decks.iter().enumerate() {
            let actual = deck.count(Zone::Base);
            let unread = deck.unresolved(Zone::Base);
            if actual > expected || actual + unread < expected {
                let cards = deck
                    .in_zone(Zone::Base)
                    .map(|e| ctx.card_ref(deck, e.card))
                    .collect();
                out.deck_violation(
                    decks.len(),
                    i,
                    Violation::rendered_of(BASE_COUNT, rule, count_message)
                        .with("format", &ctx.format.name)
                        .numbers(expected, actual)
                        .cards(cards),
                );
            }
            let wrong: Vec<_> = deck
                .in_zone(Zone::Base)
                .filter(|e| ctx.catalog.card(e.card).card_type != CardType::Base)
                .collect();
            if !wrong.is_empty() {
                let types: Vec<String> = wrong
                    .iter()
                    .map(|e| ctx.catalog.card(e.card).card_type.to_string())
                    .collect();
                out.deck_violation(
                    decks.len(),
                    i,
                    Violation::rendered_of(NOT_A_BASE, rule, not_a_base)
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
    fn two_bases_are_one_too_many() {
        let deck = legal_premier().base("LAW_020").build();
        let report = check_one(&deck, "premier", date(2026, 11, 22));
        let v = report
            .violations
            .iter()
            .find(|v| v.code == codes::BASE_COUNT)
            .unwrap();
        assert_eq!((v.expected, v.actual), (Some(1), Some(2)));
        assert_eq!(v.cards.len(), 2);
    }

    #[test]
    fn a_leader_in_the_base_slot_is_not_a_base() {
        let deck = DeckBuilder::new(catalog())
            .leader("SOR_017")
            .base("SOR_010")
            .filler(50)
            .build();
        let report = check_one(&deck, "premier", date(2025, 1, 1));
        assert!(report.has(codes::NOT_A_BASE));
    }
}
