//! The main deck's minimum: 50 (CEG 9.1.1), Twin Suns 50 then 80 from Jump to Lightspeed
//! (CEG 9.3.1), limited 30 (CEG 9.2.1); a base's printed text changes it (Data Vault +10,
//! Thermal Oscillator −5; card text wins over the rules, CR 1.3.1). Lines that could not be read
//! count toward the size: an unknown card is not a missing card. A leader, base or token filed
//! in the main deck does not: it is not a deck card (`not-a-deck-card`, CR 1.2.3), so the size is
//! judged on what is left once it is removed (issue 36).

use crate::messages::{say, text};
use deckcheck_core::l10n::number;
use deckcheck_core::{CardRef, CodeInfo, Explain, Findings, Rule, Violation};
use serde::Serialize;

use super::Context;
use super::codes::MAIN_DECK_TOO_SMALL;
use crate::data::ExceptionKind;
use crate::deck::Zone;

pub struct MainDeckSize;

/// A base whose printed text changes the main deck's minimum.
#[derive(Debug, PartialEq, Serialize)]
pub(crate) struct BaseChange {
    pub base: String,
    pub text: String,
}

/// A main deck under its minimum.
#[derive(Debug, PartialEq, Serialize)]
pub(crate) struct MainDeckTooSmall {
    pub format: String,
    /// The bases that changed the minimum.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub changed_by: Vec<BaseChange>,
    /// Leaders, bases and tokens filed in the main deck, which do not count toward it.
    #[serde(skip_serializing_if = "is_zero")]
    pub not_counted: u64,
    #[serde(skip)]
    pub minimum: u64,
    #[serde(skip)]
    pub actual: u64,
}

fn is_zero(n: &u64) -> bool {
    *n == 0
}

impl Explain for MainDeckTooSmall {
    fn message(&self, _cards: &[CardRef], lang: deckcheck_core::Lang) -> String {
        let why = match self.changed_by.as_slice() {
            [] => String::new(),
            by => say(
                lang,
                "swu-main-deck-changed-by",
                [(
                    "bases",
                    text(
                        by.iter()
                            .map(|b| format!("{} ({})", b.base, b.text))
                            .collect::<Vec<_>>()
                            .join(", "),
                    ),
                )],
            ),
        };
        let besides = match self.not_counted {
            0 => String::new(),
            n => say(lang, "swu-main-deck-besides", [("count", number(n))]),
        };
        say(
            lang,
            "swu-main-deck-too-small",
            [
                ("actual", number(self.actual)),
                ("besides", text(besides)),
                ("format", text(self.format.as_str())),
                ("minimum", number(self.minimum)),
                ("why", text(why)),
            ],
        )
    }

    fn numbers(&self) -> Option<(u64, u64)> {
        Some((self.minimum, self.actual))
    }
}

impl Rule<Context<'_>> for MainDeckSize {
    fn codes(&self) -> &'static [CodeInfo] {
        &[CodeInfo {
            code: MAIN_DECK_TOO_SMALL,
            meaning: "The main deck has fewer cards than the format's minimum (after a base's printed change to it).",
        }]
    }

    fn check(&self, ctx: &Context<'_>, out: &mut Findings) {
        let Some(rule) = ctx.at(&ctx.format.min_main_deck) else {
            return;
        };
        let decks = ctx.decks();
        for (i, deck) in decks.iter().enumerate() {
            let mut minimum = i64::from(rule.value);
            let mut changed_by = Vec::new();
            for base in deck.in_zone(Zone::Base) {
                let card = ctx.catalog.card(base.card);
                for ex in ctx
                    .exceptions(card.id)
                    .iter()
                    .filter(|ex| ex.kind == ExceptionKind::MinDeckSizeDelta)
                {
                    minimum += i64::from(ex.value);
                    changed_by.push(BaseChange {
                        base: card.display_name(),
                        text: ex.printed_text.clone(),
                    });
                }
            }
            let minimum = minimum.max(0) as u64;
            let (actual, not_counted) = ctx.deck_cards_in(deck, Zone::Main);
            if actual + deck.unresolved(Zone::Main) < minimum {
                let small = MainDeckTooSmall {
                    format: ctx.format.name.clone(),
                    changed_by,
                    not_counted,
                    minimum,
                    actual,
                };
                out.deck_violation(
                    decks.len(),
                    i,
                    Violation::of(MAIN_DECK_TOO_SMALL, rule, small),
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

    fn too_small(report: &crate::rules::Report) -> Option<(Option<u64>, Option<u64>)> {
        report
            .violations
            .iter()
            .find(|v| v.code == codes::MAIN_DECK_TOO_SMALL)
            .map(|v| (v.expected, v.actual))
    }

    #[test]
    fn forty_nine_cards_are_one_short_of_premier() {
        let deck = DeckBuilder::new(catalog())
            .leader("SOR_017")
            .base("SOR_020")
            .filler(49)
            .build();
        let report = check_one(&deck, "premier", date(2025, 1, 1));
        assert_eq!(too_small(&report), Some((Some(50), Some(49))));
    }

    #[test]
    fn tokens_and_leaders_filed_in_the_main_deck_do_not_count_toward_it() {
        for (what, id) in [("Spy tokens", "LAW_T01"), ("leaders", "SOR_010")] {
            let deck = DeckBuilder::new(catalog())
                .leader("SOR_017")
                .base("SOR_020")
                .filler(47)
                .main(id, 3)
                .build();
            let report = check_one(&deck, "premier", date(2026, 11, 22));
            // Every reason at once: the cards out of place, and the 47 left.
            assert_eq!(too_small(&report), Some((Some(50), Some(47))), "{what}");
            assert!(report.has(codes::NOT_A_DECK_CARD), "{what}");
            let v = report
                .violations
                .iter()
                .find(|v| v.code == codes::MAIN_DECK_TOO_SMALL)
                .unwrap();
            assert_eq!(
                v.message(),
                "The main deck has 47 cards besides 3 leaders, bases or tokens, which cannot be in it; Premier requires at least 50.",
                "{what}"
            );
        }
    }

    #[test]
    fn data_vault_raises_the_minimum_by_ten() {
        let deck = DeckBuilder::new(catalog())
            .leader("SOR_017")
            .base("JTL_024")
            .filler(55)
            .build();
        let report = check_one(&deck, "premier", date(2025, 6, 1));
        assert_eq!(too_small(&report), Some((Some(60), Some(55))));
    }

    #[test]
    fn thermal_oscillator_lowers_the_minimum_by_five() {
        let deck = DeckBuilder::new(catalog())
            .leader("SOR_017")
            .base("JTL_025")
            .filler(45)
            .build();
        let report = check_one(&deck, "premier", date(2025, 6, 1));
        assert_eq!(too_small(&report), None);
    }

    #[test]
    fn twin_suns_minimum_was_fifty_until_jump_to_lightspeed_and_eighty_from_its_release() {
        let deck = DeckBuilder::new(catalog())
            .leader("SOR_017")
            .leader("SOR_005")
            .base("SOR_020")
            .singletons(50)
            .build();
        assert_eq!(
            too_small(&check_one(&deck, "twin-suns", date(2025, 3, 13))),
            None
        );
        assert_eq!(
            too_small(&check_one(&deck, "twin-suns", date(2025, 3, 14))),
            Some((Some(80), Some(50)))
        );
    }

    #[test]
    fn a_limited_deck_needs_thirty_cards() {
        let deck = DeckBuilder::new(catalog())
            .leader("SOR_017")
            .base("SOR_020")
            .filler(29)
            .build();
        let report = check_one(&deck, "sealed", date(2025, 1, 1));
        assert_eq!(too_small(&report), Some((Some(30), Some(29))));
    }
}
