//! CCG-OUTSIDE-ONLY: a card that does not count toward the deck limit (GEMP
//! `doesNotCountTowardDeckLimit`: Luke Skywalker, The Emperor's Prize 205_14) is kept outside the
//! deck, never in it. Source: PEER GEMP DefaultSwccgFormat.validateDeck ("Deck contains card that
//! does not count towards deck limit").

use crate::messages::{say, text};
use deckcheck_core::l10n::{self, number};
use deckcheck_core::{CardRef, Code, CodeInfo, Explain, Findings, Rule, Violation};
use serde::Serialize;

use super::Context;
use crate::deck::Zone;

pub const CODE: Code = Code::new("CCG-OUTSIDE-ONLY");
pub const SECTION: &str = "PEER GEMP DefaultSwccgFormat.validateDeck (doesNotCountTowardDeckLimit)";

pub struct OutsideOnly;

/// Cards kept outside a deck, listed in it.
#[derive(Debug, PartialEq, Serialize)]
pub(crate) struct OutsideCardsInDeck;

impl Explain for OutsideCardsInDeck {
    fn message(&self, cards: &[CardRef], lang: deckcheck_core::Lang) -> String {
        say(
            lang,
            "ccg-outside-in-deck",
            [
                ("count", number(cards.len() as u64)),
                ("cards", text(l10n::titles_with_ids(lang, cards))),
            ],
        )
    }
}

impl Rule<Context<'_>> for OutsideOnly {
    fn codes(&self) -> &'static [CodeInfo] {
        &[CodeInfo {
            code: CODE,
            meaning: "A card that does not count toward the deck (Luke Skywalker, The Emperor's Prize) is in the deck instead of outside it.",
        }]
    }

    fn check(&self, ctx: &Context<'_>, out: &mut Findings) {
        for (i, _, tally) in ctx.each() {
            let cards: Vec<_> = tally
                .zone(Zone::Deck)
                .filter(|c| ctx.card(c.card).outside_only)
                .map(|c| ctx.card_ref(c))
                .collect();
            if !cards.is_empty() {
                ctx.report(
                    out,
                    i,
                    Violation::new(CODE, SECTION, OutsideCardsInDeck).cards(cards),
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
    fn the_emperors_prize_is_kept_outside_the_deck() {
        let f = Fixture::new();
        let inside = f.sixty(Side::Dark, &[("205_14", 1)]);
        let v = f.violations("open", today(), &[inside], "CCG-OUTSIDE-ONLY");
        assert_eq!(
            v[0].message(),
            "This card does not count toward the deck and is kept outside it, not in the deck: Luke Skywalker, The Emperor's Prize (205_14, line 1)."
        );
        let mut outside = f.sixty(Side::Dark, &[]);
        outside
            .entries
            .extend(f.deck(&[], &[("205_14", 1)]).entries);
        assert!(
            f.violations("open", today(), &[outside], "CCG-OUTSIDE-ONLY")
                .is_empty()
        );
    }
}
