//! Main deck and sideboard hold units, events and upgrades only: no leader or base
//! (CEG 9.1.1 "leaders and bases cannot be included in the sideboard"; CR 9.2.2A "50 other
//! cards (consisting of units, events, and upgrades)") and no token (CR 1.2.3). Cards out of
//! place for the same reason are one violation.

use deckcheck_core::{Findings, Violation};

use super::codes::NOT_A_DECK_CARD;
use super::{Context, Rule};
use crate::catalog::CardType;
use crate::deck::Zone;

pub struct DeckCards;

fn message(v: &Violation) -> String {
    let names: Vec<String> = v.cards.iter().map(|c| c.name()).collect();
    let (is, them) = if names.len() == 1 {
        ("is a", "it")
    } else {
        ("are", "them")
    };
    format!(
        "{} {is} {} and cannot be in the {}, which holds only units, events and upgrades: remove {them}.",
        names.join(", "),
        v.get("kind"),
        v.get("zone")
    )
}

impl Rule for DeckCards {
    fn name(&self) -> &'static str {
        "deck cards"
    }

    fn check(&self, ctx: &Context<'_>, out: &mut Findings) {
        let decks = ctx.decks();
        for (i, deck) in decks.iter().enumerate() {
            // One violation per zone and kind of card: (zone, type) → cards.
            let mut groups: Vec<((Zone, CardType), Vec<_>)> = Vec::new();
            for e in deck
                .entries()
                .iter()
                .filter(|e| matches!(e.zone, Zone::Main | Zone::Sideboard))
            {
                let ty = ctx.catalog.card(e.card).card_type;
                if ty.is_deck_card() {
                    continue;
                }
                let card = ctx.card_ref(deck, e.card);
                match groups.iter_mut().find(|(k, _)| *k == (e.zone, ty)) {
                    Some((_, cards)) if !cards.contains(&card) => cards.push(card),
                    Some(_) => {}
                    None => groups.push(((e.zone, ty), vec![card])),
                }
            }
            for ((zone, ty), cards) in groups {
                let rule = match ty {
                    CardType::Token => "deck-card-token",
                    _ if zone == Zone::Sideboard => "deck-card-sideboard",
                    _ => "deck-card-main",
                };
                let kind = match (ty, cards.len()) {
                    (CardType::Token, 1) => "token".to_string(),
                    (CardType::Token, _) => "tokens".to_string(),
                    (ty, 1) => ty.to_string(),
                    (ty, _) => format!("{ty}s"),
                };
                out.deck_violation(
                    decks.len(),
                    i,
                    Violation::rendered(NOT_A_DECK_CARD, ctx.cite(rule), message)
                        .cards(cards)
                        .with("kind", kind)
                        .with("zone", zone.label()),
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
    fn a_leader_in_the_sideboard_and_a_token_in_the_deck_are_both_reported() {
        let deck = legal_premier()
            .side("SOR_010", 1)
            .main("LAW_T01", 1)
            .build();
        let sections = |on| {
            check_one(&deck, "premier", on)
                .violations
                .iter()
                .filter(|v| v.code == codes::NOT_A_DECK_CARD)
                .map(|v| v.section.clone())
                .collect::<Vec<_>>()
        };
        // Cited as the document in force on the day numbers it.
        assert_eq!(sections(date(2025, 6, 1)), ["TR 2.3.1.1", "CR 1.2.3"]);
        assert_eq!(sections(date(2026, 11, 22)), ["CEG 9.1.1", "CR 1.2.3"]);
    }
}
