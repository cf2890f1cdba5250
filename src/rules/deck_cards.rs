//! Main deck and sideboard hold units, events and upgrades only: no leader or base
//! (TR 2.3.1.1 "leaders and bases cannot be included in the sideboard"; CR 9.2.2A "50 other
//! cards (consisting of units, events, and upgrades)") and no token (CR 1.2.3).

use super::{Code, Context, Findings, Rule, Violation};
use crate::catalog::CardType;
use crate::deck::{Deck, Zone};

pub struct DeckCards;

impl Rule for DeckCards {
    fn name(&self) -> &'static str {
        "deck cards"
    }

    fn check(&self, ctx: &Context<'_>, decks: &[Deck], out: &mut Findings) {
        for (i, deck) in decks.iter().enumerate() {
            for e in deck
                .entries
                .iter()
                .filter(|e| matches!(e.zone, Zone::Main | Zone::Sideboard))
            {
                let card = ctx.catalog.card(e.card);
                if card.card_type.is_deck_card() {
                    continue;
                }
                let section = match card.card_type {
                    CardType::Token => "CR 1.2.3",
                    _ if e.zone == Zone::Sideboard => "TR 2.3.1.1",
                    _ => "CR 9.2.2A",
                };
                out.deck_violation(
                    decks,
                    i,
                    Violation::new(
                        Code::NotADeckCard,
                        section,
                        format!(
                            "{} is a {} and cannot be in the {}: it holds only units, events and upgrades.",
                            card.display_name(),
                            card.card_type,
                            e.zone.label()
                        ),
                    )
                    .card(ctx.card_ref(deck, e.card)),
                );
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::data::FormatId;
    use crate::rules::Code;
    use crate::rules::fixture::*;
    use jiff::civil::date;

    #[test]
    fn a_leader_in_the_sideboard_and_a_token_in_the_deck_are_both_reported() {
        let deck = legal_premier()
            .side("SOR_010", 1)
            .main("LAW_T01", 1)
            .build();
        let report = check_one(&deck, FormatId::Premier, date(2026, 11, 22));
        let sections: Vec<_> = report
            .violations
            .iter()
            .filter(|v| v.code == Code::NotADeckCard)
            .map(|v| v.section.as_str())
            .collect();
        assert_eq!(sections, ["TR 2.3.1.1", "CR 1.2.3"]);
    }
}
