//! CCG-SIZE: exactly the format's deck size (60) in the deck; cards kept outside the deck do
//! not count. Source: REG Supported Formats L12 ("A player uses two 60 card decks"); GEMP
//! DefaultSwccgFormat.validateDeck (`_requiredDeckSize`).

use crate::messages::say;
use deckcheck_core::l10n::number;
use deckcheck_core::{CardRef, Code, CodeInfo, Explain, Findings, Rule, Violation};
use serde::Serialize;

use super::Context;
use crate::deck::Zone;

pub const CODE: Code = Code::new("CCG-SIZE");

pub struct Size;

/// A deck of another size than the format's.
#[derive(Debug, PartialEq, Serialize)]
pub(crate) struct DeckSize {
    #[serde(skip)]
    pub expected: u64,
    #[serde(skip)]
    pub actual: u64,
}

impl Explain for DeckSize {
    fn message(&self, _cards: &[CardRef], lang: deckcheck_core::Lang) -> String {
        let (expected, actual) = (self.expected, self.actual);
        let id = if actual < expected {
            "ccg-deck-size-short"
        } else {
            "ccg-deck-size-over"
        };
        say(
            lang,
            id,
            [
                ("expected", number(expected)),
                ("actual", number(actual)),
                ("diff", number(expected.abs_diff(actual))),
            ],
        )
    }

    fn numbers(&self) -> Option<(u64, u64)> {
        Some((self.expected, self.actual))
    }
}

impl Rule<Context<'_>> for Size {
    fn codes(&self) -> &'static [CodeInfo] {
        &[CodeInfo {
            code: CODE,
            meaning: "The deck does not have exactly the format's number of cards (60); cards outside the deck are not counted.",
        }]
    }

    fn check(&self, ctx: &Context<'_>, out: &mut Findings) {
        let Some(size) = ctx.def.deck_size.at(ctx.as_of) else {
            return;
        };
        let expected = u64::from(size.value);
        for (i, deck, _) in ctx.each() {
            let actual = deck.count(Zone::Deck);
            if actual != expected {
                ctx.report(
                    out,
                    i,
                    Violation::of(CODE, size, DeckSize { expected, actual }),
                );
            }
        }
    }
}

#[cfg(test)]
mod tests {

    #[test]
    fn the_deck_size_says_how_many_cards_are_short_or_too_many_in_each_language() {
        use deckcheck_core::{Explain, Lang};
        let short = super::DeckSize {
            expected: 60,
            actual: 59,
        };
        assert!(
            short
                .message(&[], Lang::En)
                .ends_with("this one has 59: 1 card short.")
        );
        assert!(
            short
                .message(&[], Lang::De)
                .ends_with("dieses hat 59: 1 Karte zu wenig.")
        );
        assert!(
            short
                .message(&[], Lang::It)
                .ends_with("questo ne ha 59: manca 1 carta.")
        );
        let over = super::DeckSize {
            expected: 60,
            actual: 63,
        };
        assert!(
            over.message(&[], Lang::Es)
                .ends_with("este tiene 63: sobran 3 cartas.")
        );
        assert!(
            over.message(&[], Lang::Fr)
                .ends_with("celui-ci en a 63 : 3 cartes de trop.")
        );
    }
    use super::super::fixture::{DARK, Fixture, today};
    use crate::catalog::Side;

    #[test]
    fn sixty_cards_is_the_size_and_outside_cards_do_not_count() {
        let f = Fixture::new();
        let mut deck = f.sixty(Side::Dark, &[]);
        assert!(
            f.violations("open", today(), &[deck.clone()], "CCG-SIZE")
                .is_empty()
        );
        deck.entries.extend(f.deck(&[], &[("13_54", 1)]).entries);
        assert!(
            f.violations("open", today(), &[deck], "CCG-SIZE")
                .is_empty()
        );
    }

    #[test]
    fn fifty_nine_and_sixty_one_cards_are_illegal_with_the_numbers() {
        let f = Fixture::new();
        for (n, words) in [(59, "1 card short"), (61, "1 card too many")] {
            let v = f.violations("open", today(), &[f.deck(&[(DARK, n)], &[])], "CCG-SIZE");
            assert_eq!((v[0].expected, v[0].actual), (Some(60), Some(u64::from(n))));
            assert!(v[0].message().contains(words), "{}", v[0].message());
            assert_eq!(v[0].section, "REG Supported Formats L12");
        }
    }
}
