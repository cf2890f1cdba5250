//! CCG-OUTSIDE: at most 50 cards are kept outside a deck. The other checks of outside cards
//! (same side, format-legal) are CCG-ONE-SIDE, CCG-SET, CCG-ICON, CCG-BANNED and the rest, which
//! judge outside cards as they judge the deck's. Source: PEER GEMP DefaultSwccgFormat.validateDeck
//! ("Deck specifies more than 50 cards as 'outside of deck'").

use crate::messages::say;
use deckcheck_core::l10n::number;
use deckcheck_core::{CardRef, Code, CodeInfo, Explain, Findings, Rule, Violation};
use serde::Serialize;

use super::Context;
use crate::deck::Zone;

pub const CODE: Code = Code::new("CCG-OUTSIDE");
pub const SECTION: &str = "PEER GEMP DefaultSwccgFormat.validateDeck (cards outside the deck)";

/// GEMP's cap on cards outside a deck (an engine constant, not a format setting).
pub const MAX_OUTSIDE: u64 = 50;

pub struct Outside;

/// More cards outside a deck than the cap.
#[derive(Debug, PartialEq, Serialize)]
pub(crate) struct TooManyOutside {
    #[serde(skip)]
    pub max: u64,
    #[serde(skip)]
    pub outside: u64,
}

impl Explain for TooManyOutside {
    fn message(&self, _cards: &[CardRef], lang: deckcheck_core::Lang) -> String {
        say(
            lang,
            "ccg-too-many-outside",
            [("max", number(self.max)), ("outside", number(self.outside))],
        )
    }

    fn numbers(&self) -> Option<(u64, u64)> {
        Some((self.max, self.outside))
    }
}

impl Rule<Context<'_>> for Outside {
    fn codes(&self) -> &'static [CodeInfo] {
        &[CodeInfo {
            code: CODE,
            meaning: "More than 50 cards are kept outside the deck (GEMP's limit).",
        }]
    }

    fn check(&self, ctx: &Context<'_>, out: &mut Findings) {
        for (i, deck, _) in ctx.each() {
            let outside = deck.count(Zone::Outside);
            if outside > MAX_OUTSIDE {
                let over = TooManyOutside {
                    max: MAX_OUTSIDE,
                    outside,
                };
                ctx.report(out, i, Violation::new(CODE, SECTION, over));
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
