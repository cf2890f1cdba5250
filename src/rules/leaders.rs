//! Leaders: exactly as many as the format asks (1; Twin Suns 2, TR 2.3.1.2), and leader cards only.

use super::{Code, Context, Findings, Rule, Violation};
use crate::catalog::CardType;
use crate::deck::{Deck, Zone};

pub struct Leaders;

impl Rule for Leaders {
    fn name(&self) -> &'static str {
        "leaders"
    }

    fn check(&self, ctx: &Context<'_>, decks: &[Deck], out: &mut Findings) {
        let Some(rule) = ctx.at(&ctx.def.leaders) else {
            return;
        };
        for (i, deck) in decks.iter().enumerate() {
            let actual = deck.count(Zone::Leader);
            if actual != u64::from(rule.value) {
                let mut v = Violation::new(
                    Code::LeaderCount,
                    rule.section.clone(),
                    format!(
                        "A {} deck has exactly {} leader{}; this one has {actual}.",
                        ctx.def.name,
                        rule.value,
                        if rule.value == 1 { "" } else { "s" }
                    ),
                )
                .numbers(u64::from(rule.value), actual);
                for e in deck.in_zone(Zone::Leader) {
                    v = v.card(ctx.card_ref(deck, e.card));
                }
                out.deck_violation(decks, i, v);
            }
            for e in deck.in_zone(Zone::Leader) {
                let card = ctx.catalog.card(e.card);
                if card.card_type != CardType::Leader {
                    out.deck_violation(
                        decks,
                        i,
                        Violation::new(
                            Code::NotALeader,
                            rule.section.clone(),
                            format!(
                                "{} is listed as a leader but is a {}.",
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
    fn a_premier_deck_without_a_leader_is_illegal() {
        let deck = DeckBuilder::new(catalog())
            .base("SOR_020")
            .filler(50)
            .build();
        let report = check_one(&deck, FormatId::Premier, date(2025, 1, 1));
        let v = report
            .violations
            .iter()
            .find(|v| v.code == Code::LeaderCount)
            .unwrap();
        assert_eq!(
            (v.expected, v.actual, v.section.as_str()),
            (Some(1), Some(0), "TR 2.3.1.1")
        );
    }

    #[test]
    fn a_twin_suns_deck_needs_two_leaders() {
        let deck = legal_premier().filler(80).build();
        let report = check_one(&deck, FormatId::TwinSuns, date(2025, 6, 1));
        assert!(report.has(Code::LeaderCount));
    }

    #[test]
    fn a_unit_in_the_leader_slot_is_not_a_leader() {
        let deck = DeckBuilder::new(catalog())
            .leader("SHD_213")
            .base("SOR_020")
            .filler(50)
            .build();
        let report = check_one(&deck, FormatId::Premier, date(2025, 1, 1));
        assert!(report.has(Code::NotALeader));
    }
}
