//! Main deck and sideboard hold units, events and upgrades only: no leader or base
//! (CEG 9.1.1 "leaders and bases cannot be included in the sideboard"; CR 9.2.2A "50 other
//! cards (consisting of units, events, and upgrades)") and no token (CR 1.2.3). Cards out of
//! place for the same reason are one violation.

use crate::messages::{card_type, comma_names, say, text, zone};
use deckcheck_core::l10n::number;
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
    fn message(&self, cards: &[CardRef], lang: deckcheck_core::Lang) -> String {
        say(
            lang,
            "swu-out-of-place",
            [
                ("cards", text(comma_names(lang, cards))),
                ("count", number(cards.len() as u64)),
                ("type", text(card_type(lang, "swu-type-a", self.card_type))),
                ("types", text(card_type(lang, "swu-types", self.card_type))),
                ("zone", text(zone(lang, self.zone))),
            ],
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

    #[test]
    fn a_token_in_the_main_deck_is_named_with_the_type_and_zone_of_each_language() {
        let deck = legal_premier().main("LAW_T01", 1).build();
        let report = check_one(&deck, "premier", date(2026, 11, 22));
        let v = report
            .violations
            .iter()
            .find(|v| v.code == codes::NOT_A_DECK_CARD)
            .expect("the token is reported");
        use deckcheck_core::Lang;
        let said = |lang| v.message_in(lang);
        assert!(
            said(Lang::En).contains(" is a token and cannot be in the main deck"),
            "{}",
            said(Lang::En)
        );
        assert!(
            said(Lang::De).contains(" ist eine Spielmarke und darf nicht im Spieldeck sein"),
            "{}",
            said(Lang::De)
        );
        assert!(
            said(Lang::Fr).contains(" est un jeton et ne peut pas être dans le deck principal"),
            "{}",
            said(Lang::Fr)
        );
        assert!(
            said(Lang::It).contains(" è un segnalino e non può stare nel mazzo principale"),
            "{}",
            said(Lang::It)
        );
        assert!(
            said(Lang::Es).contains(" es una ficha y no puede estar en el mazo principal"),
            "{}",
            said(Lang::Es)
        );
    }
}
