//! CCG-SIZE: exactly the format's deck size (60) in the deck; cards kept outside the deck do
//! not count. Source: REG Supported Formats L12 ("A player uses two 60 card decks"); GEMP
//! DefaultSwccgFormat.validateDeck (`_requiredDeckSize`).

use deckcheck_core::{Code, Violation};

use super::{Context, Out, Rule, plural};
use crate::deck::Zone;

pub const CODE: Code = Code::new("CCG-SIZE");

pub struct Size;

fn message(v: &Violation) -> String {
    let (expected, actual) = (v.expected.unwrap_or(0), v.actual.unwrap_or(0));
    let how = if actual < expected {
        format!("{} short", plural(expected - actual, "card", "cards"))
    } else {
        format!("{} too many", plural(actual - expected, "card", "cards"))
    };
    format!(
        "A deck has exactly {expected} cards (cards kept outside the deck are not counted); this one has {actual}: {how}."
    )
}

impl Rule for Size {
    fn code(&self) -> Code {
        CODE
    }

    fn meaning(&self) -> &'static str {
        "The deck does not have exactly the format's number of cards (60); cards outside the deck are not counted."
    }

    fn check(&self, ctx: &Context<'_>, out: &mut Out) {
        let Some(size) = ctx.def.deck_size.at(ctx.as_of) else {
            return;
        };
        let expected = u64::from(size.value);
        for (i, deck, _) in ctx.each() {
            let actual = deck.count(Zone::Deck);
            if actual != expected {
                out.violation(
                    i,
                    Violation::rendered_of(CODE, size, message).numbers(expected, actual),
                );
            }
        }
    }
}

#[cfg(test)]
mod tests {
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
