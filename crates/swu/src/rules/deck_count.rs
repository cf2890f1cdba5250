//! A submission has as many decks as its format plays: Trilogy three (CEG 9.1.3; CR 9.3.1A),
//! others one.

use crate::messages::{say, text};
use deckcheck_core::l10n::number;
use deckcheck_core::{CardRef, CodeInfo, Explain, Findings, Rule, Violation};
use serde::Serialize;

use super::Context;
use super::codes::WRONG_NUMBER_OF_DECKS;

pub struct DeckCount;

/// A submission of another number of decks than the format plays.
#[derive(Debug, PartialEq, Serialize)]
pub(crate) struct WrongNumberOfDecks {
    pub format: String,
    #[serde(skip)]
    pub expected: u64,
    #[serde(skip)]
    pub given: u64,
}

impl Explain for WrongNumberOfDecks {
    fn message(&self, _cards: &[CardRef], lang: deckcheck_core::Lang) -> String {
        say(
            lang,
            "swu-wrong-number-of-decks",
            [
                ("format", text(self.format.as_str())),
                ("expected", number(self.expected)),
                ("given", number(self.given)),
            ],
        )
    }

    fn numbers(&self) -> Option<(u64, u64)> {
        Some((self.expected, self.given))
    }
}

impl Rule<Context<'_>> for DeckCount {
    fn codes(&self) -> &'static [CodeInfo] {
        &[CodeInfo {
            code: WRONG_NUMBER_OF_DECKS,
            meaning: "The format is played with a different number of decks (Trilogy: three).",
        }]
    }

    fn check(&self, ctx: &Context<'_>, out: &mut Findings) {
        let expected = ctx.format.decks as usize;
        let given = ctx.decks().len();
        if given != expected {
            let rule = if expected > 1 {
                "deck-count"
            } else {
                "deck-count-one"
            };
            out.violation(Violation::new(
                WRONG_NUMBER_OF_DECKS,
                ctx.cite(rule),
                WrongNumberOfDecks {
                    format: ctx.format.name.clone(),
                    expected: expected as u64,
                    given: given as u64,
                },
            ));
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::codes;
    use crate::rules::fixture::*;
    use jiff::civil::date;

    #[test]
    fn trilogy_needs_three_decks() {
        let deck = legal_premier().build();
        let options = Check::new("trilogy", date(2026, 11, 22));
        let report = options.run(&[deck]);
        let v = report
            .violations
            .iter()
            .find(|v| v.code == codes::WRONG_NUMBER_OF_DECKS)
            .unwrap();
        assert_eq!((v.expected, v.actual), (Some(3), Some(1)));
    }
}
