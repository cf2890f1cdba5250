//! CCG-OUTSIDE: at most 50 cards are kept outside a deck. The other checks of outside cards
//! (same side, format-legal) are CCG-ONE-SIDE, CCG-SET, CCG-ICON, CCG-BANNED and the rest, which
//! judge outside cards as they judge the deck's. Source: PEER GEMP DefaultSwccgFormat.validateDeck
//! ("Deck specifies more than 50 cards as 'outside of deck'").

use deckcheck_core::{Code, Violation};

use super::{Context, Out, Rule};
use crate::deck::Zone;

pub const CODE: Code = Code::new("CCG-OUTSIDE");
pub const SECTION: &str = "PEER GEMP DefaultSwccgFormat.validateDeck (cards outside the deck)";

/// GEMP's cap on cards outside a deck (an engine constant, not a format setting).
pub const MAX_OUTSIDE: u64 = 50;

pub struct Outside;

fn message(v: &Violation) -> String {
    format!(
        "At most {} cards may be kept outside a deck; this deck has {} outside it.",
        v.expected.unwrap_or(MAX_OUTSIDE),
        v.actual.unwrap_or(0)
    )
}

impl Rule for Outside {
    fn code(&self) -> Code {
        CODE
    }

    fn meaning(&self) -> &'static str {
        "More than 50 cards are kept outside the deck (GEMP's limit)."
    }

    fn check(&self, ctx: &Context<'_>, out: &mut Out) {
        for (i, deck, _) in ctx.each() {
            let n = deck.count(Zone::Outside);
            if n > MAX_OUTSIDE {
                out.violation(
                    i,
                    Violation::rendered(CODE, SECTION, message).numbers(MAX_OUTSIDE, n),
                );
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::fixture::{Fixture, today};
    use crate::catalog::Side;

    #[test]
    fn fifty_cards_outside_is_the_most() {
        let f = Fixture::new();
        for (n, illegal) in [(50, false), (51, true)] {
            let mut deck = f.sixty(Side::Dark, &[]);
            deck.entries.extend(f.deck(&[], &[("13_54", n)]).entries);
            let v = f.violations("open", today(), &[deck], "CCG-OUTSIDE");
            assert_eq!(!v.is_empty(), illegal, "{n}");
            if illegal {
                assert_eq!(
                    v[0].message(),
                    "At most 50 cards may be kept outside a deck; this deck has 51 outside it."
                );
            }
        }
    }
}
