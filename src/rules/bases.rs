//! Bases: exactly one, and a base card (TR 2.3.1.1, 2.3.1.2, 2.3.2; CR 9.2.2A).

use super::{Code, Context, Findings, Rule, Violation};
use crate::catalog::CardType;
use crate::deck::{Deck, Zone};

pub struct Bases;

impl Rule for Bases {
    fn name(&self) -> &'static str {
        "bases"
    }

    fn check(&self, ctx: &Context<'_>, decks: &[Deck], out: &mut Findings) {
        let Some(rule) = ctx.at(&ctx.def.bases) else {
            return;
        };
        for (i, deck) in decks.iter().enumerate() {
            let actual = deck.count(Zone::Base);
            if actual != u64::from(rule.value) {
                let mut v = Violation::new(
                    Code::BaseCount,
                    rule.section.clone(),
                    format!(
                        "A {} deck has exactly {} base; this one has {actual}.",
                        ctx.def.name, rule.value
                    ),
                )
                .numbers(u64::from(rule.value), actual);
                for e in deck.in_zone(Zone::Base) {
                    v = v.card(ctx.card_ref(deck, e.card));
                }
                out.deck_violation(decks, i, v);
            }
            for e in deck.in_zone(Zone::Base) {
                let card = ctx.catalog.card(e.card);
                if card.card_type != CardType::Base {
                    out.deck_violation(
                        decks,
                        i,
                        Violation::new(
                            Code::NotABase,
                            rule.section.clone(),
                            format!(
                                "{} is listed as the base but is a {}.",
                                card.display_name(),
                                card.card_type
                            ),
                        )
                        .card(ctx.card_ref(deck, e.card)),
                    );
                }
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
    fn two_bases_are_one_too_many() {
        let deck = legal_premier().base("LAW_020").build();
        let report = check_one(&deck, FormatId::Premier, date(2026, 11, 22));
        let v = report
            .violations
            .iter()
            .find(|v| v.code == Code::BaseCount)
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
        let report = check_one(&deck, FormatId::Premier, date(2025, 1, 1));
        assert!(report.has(Code::NotABase));
    }
}
