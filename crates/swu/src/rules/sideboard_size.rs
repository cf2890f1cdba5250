//! The sideboard's maximum: 10 in Premier and Eternal (CEG 9.1.1; TR 2.3.1.1, CR 9.2.2C); none
//! at all in Twin Suns (CEG 9.3.1) and Trilogy; no limit in limited formats (CEG 9.2.1). A
//! leader, base or token filed in the sideboard is not counted: `not-a-deck-card` reports it,
//! and the size is judged on what is left once it is removed (issue 36).

use crate::messages::{say, text};
use deckcheck_core::l10n::number;
use deckcheck_core::{CardRef, CodeInfo, Explain, Findings, Rule, Violation};
use serde::Serialize;

use super::Context;
use super::codes::SIDEBOARD_TOO_LARGE;
use crate::deck::Zone;

pub struct SideboardSize;

/// A sideboard over the format's maximum (none at all: a maximum of 0).
#[derive(Debug, PartialEq, Serialize)]
pub(crate) struct SideboardTooLarge {
    pub format: String,
    #[serde(skip)]
    pub max: u64,
    #[serde(skip)]
    pub actual: u64,
}

impl Explain for SideboardTooLarge {
    fn message(&self, _cards: &[CardRef], lang: deckcheck_core::Lang) -> String {
        let args = [
            ("format", text(self.format.as_str())),
            ("actual", number(self.actual)),
            ("max", number(self.max)),
        ];
        match self.max {
            0 => say(lang, "swu-no-sideboard", args),
            _ => say(lang, "swu-sideboard-too-large", args),
        }
    }

    fn numbers(&self) -> Option<(u64, u64)> {
        Some((self.max, self.actual))
    }
}

impl Rule<Context<'_>> for SideboardSize {
    fn codes(&self) -> &'static [CodeInfo] {
        &[CodeInfo {
            code: SIDEBOARD_TOO_LARGE,
            meaning: "The sideboard is larger than allowed (Premier/Eternal: 10; Twin Suns and Trilogy: none).",
        }]
    }

    fn check(&self, ctx: &Context<'_>, out: &mut Findings) {
        let Some(rule) = ctx.at(&ctx.format.max_sideboard) else {
            return;
        };
        let max = u64::from(rule.value);
        let decks = ctx.decks();
        for (i, deck) in decks.iter().enumerate() {
            let (actual, _) = ctx.deck_cards_in(deck, Zone::Sideboard);
            if actual > max {
                let large = SideboardTooLarge {
                    format: ctx.format.name.clone(),
                    max,
                    actual,
                };
                out.deck_violation(
                    decks.len(),
                    i,
                    Violation::of(SIDEBOARD_TOO_LARGE, rule, large),
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
    fn eleven_sideboard_cards_are_one_too_many_for_premier() {
        let deck = legal_premier()
            .side("SOR_311", 3)
            .side("SOR_312", 3)
            .side("SOR_313", 3)
            .side("SOR_220", 2)
            .build();
        let report = check_one(&deck, "premier", date(2025, 1, 1));
        let v = report
            .violations
            .iter()
            .find(|v| v.code == codes::SIDEBOARD_TOO_LARGE)
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
        assert!(check_one(&deck, "twin-suns", date(2025, 6, 1)).has(codes::SIDEBOARD_TOO_LARGE));
        assert!(!check_one(&deck, "sealed", date(2025, 6, 1)).has(codes::SIDEBOARD_TOO_LARGE));
    }
}
