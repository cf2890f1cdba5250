//! Bases: exactly one, and a base card (CEG 9.1.1, 9.2.1, 9.3.1; TR 2.3.1.1, 2.3.1.2, 2.3.2
//! before it). A base line that could not be read counts as a base.

use crate::messages::{comma_names, say, text, type_names};
use deckcheck_core::l10n::number;
use deckcheck_core::{CardRef, CodeInfo, Explain, Findings, Rule};
use serde::Serialize;

use super::Context;
use super::codes::{BASE_COUNT, NOT_A_BASE};
use super::leaders::{Slot, judge_slot};
use crate::catalog::CardType;
use crate::deck::Zone;

pub struct Bases;

/// Cards listed as the base that are not base cards.
#[derive(Debug, PartialEq, Serialize)]
pub(crate) struct NotABase {
    /// Their card types.
    pub types: Vec<CardType>,
}

impl Explain for NotABase {
    fn message(&self, cards: &[CardRef], lang: deckcheck_core::Lang) -> String {
        say(
            lang,
            "swu-not-a-base",
            [
                ("cards", text(comma_names(lang, cards))),
                ("count", number(cards.len() as u64)),
                ("types", text(type_names(lang, &self.types))),
            ],
        )
    }
}

impl Rule<Context<'_>> for Bases {
    fn codes(&self) -> &'static [CodeInfo] {
        &[
            CodeInfo {
                code: BASE_COUNT,
                meaning: "The deck does not have exactly one base.",
            },
            CodeInfo {
                code: NOT_A_BASE,
                meaning: "A card listed as the base is not a base card.",
            },
        ]
    }

    fn check(&self, ctx: &Context<'_>, out: &mut Findings) {
        let slot = Slot {
            zone: Zone::Base,
            card_type: CardType::Base,
            what: "base",
            count: BASE_COUNT,
            not_of_type: NOT_A_BASE,
        };
        judge_slot(ctx, out, &ctx.format.bases, slot, |types| NotABase {
            types,
        });
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
