//! The sideboard's maximum: 10 in Premier and Eternal (TR 2.3.1.1, CR 9.2.2C); none at all in
//! Twin Suns (TR 2.3.1.2) and Trilogy (CR 9.3.2C); no limit in limited formats (TR 2.3.2).

use super::{Code, Context, Findings, Rule, Violation};
use crate::deck::{Deck, Zone};

pub struct SideboardSize;

impl Rule for SideboardSize {
    fn name(&self) -> &'static str {
        "sideboard size"
    }

    fn check(&self, ctx: &Context<'_>, decks: &[Deck], out: &mut Findings) {
        let Some(rule) = ctx.at(&ctx.def.max_sideboard) else {
            return;
        };
        let max = u64::from(rule.value);
        for (i, deck) in decks.iter().enumerate() {
            let actual = deck.count(Zone::Sideboard);
            if actual > max {
                let message = if max == 0 {
                    format!(
                        "{} decks have no sideboard; this one has {actual} cards in it.",
                        ctx.def.name
                    )
                } else {
                    format!(
                        "The sideboard has {actual} cards; {} allows at most {max}.",
                        ctx.def.name
                    )
                };
                out.deck_violation(
                    decks,
                    i,
                    Violation::new(Code::SideboardTooLarge, rule.section.clone(), message)
                        .numbers(max, actual),
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
    fn eleven_sideboard_cards_are_one_too_many_for_premier() {
        let deck = legal_premier()
            .side("SOR_311", 3)
            .side("SOR_312", 3)
            .side("SOR_313", 3)
            .side("SOR_220", 2)
            .build();
        let report = check_one(&deck, FormatId::Premier, date(2025, 1, 1));
        let v = report
            .violations
            .iter()
            .find(|v| v.code == Code::SideboardTooLarge)
            .unwrap();
        assert_eq!((v.expected, v.actual), (Some(10), Some(11)));
    }

    #[test]
    fn twin_suns_allows_no_sideboard_and_limited_any() {
        let deck = DeckBuilder::new(catalog())
            .leader("SOR_017")
            .leader("SOR_005")
            .base("SOR_020")
            .singletons(80)
            .side("SOR_220", 1)
            .build();
        assert!(
            check_one(&deck, FormatId::TwinSuns, date(2025, 6, 1)).has(Code::SideboardTooLarge)
        );
        assert!(!check_one(&deck, FormatId::Sealed, date(2025, 6, 1)).has(Code::SideboardTooLarge));
    }
}
