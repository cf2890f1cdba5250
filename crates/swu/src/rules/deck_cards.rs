//! Main deck and sideboard hold units, events and upgrades only: no leader or base
//! (CEG 9.1.1 "leaders and bases cannot be included in the sideboard"; CR 9.2.2A "50 other
//! cards (consisting of units, events, and upgrades)") and no token (CR 1.2.3). Cards out of
//! place for the same reason are one violation.

use deckcheck_core::wording::comma_names;
use deckcheck_core::{CardRef, CodeInfo, Explain, Findings, Rule, Violation};
use serde::Serialize;

use super::Context;
use super::codes::NOT_A_DECK_CARD;
use crate::catalog::CardType;
use crate::deck::Zone;

pub struct DeckCards;

/// Cards of one type in a zone that holds only units, events and upgrades.
#[derive(Debug, PartialEq, Serialize)]
pub(crate) struct OutOfPlace {
    pub card_type: CardType,
    pub zone: Zone,
}

impl Explain for OutOfPlace {
    fn message(&self, cards: &[CardRef], _lang: deckcheck_core::Lang) -> String {
        let (is, kind, them) = match cards.len() {
            1 => ("is a", self.card_type.to_string(), "it"),
            _ => ("are", format!("{}s", self.card_type), "them"),
        };
        format!(
            "{} {is} {kind} and cannot be in the {}, which holds only units, events and upgrades: remove {them}.",
            comma_names(cards),
            self.zone.label()
        )
    }
}

impl Rule<Context<'_>> for DeckCards {
    fn codes(&self) -> &'static [CodeInfo] {
        &[CodeInfo {
            code: NOT_A_DECK_CARD,
            meaning: "A leader, base or token is in the main deck or sideboard, which hold only units, events and upgrades.",
        }]
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
                out.deck_violation(
                    decks.len(),
                    i,
                    Violation::new(
                        NOT_A_DECK_CARD,
                        ctx.cite(rule),
                        OutOfPlace {
                            card_type: ty,
                            zone,
                        },
                    )
                    .cards(cards),
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
