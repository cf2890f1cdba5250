//! CCG-GAME-AID: the Hyperroute Navigation Chart (GEMP category GAME_AID, 102_9; the card
//! database's type "Game Aid", 301_9) is a game aid, never legal in a deck or outside it.
//! Source: REG General Tournament Rules L42 ("This card is a game aid only and is not legal for
//! inclusion in any deck"); GEMP DefaultSwccgFormat.validateCard.

use crate::messages::{say, text};
use deckcheck_core::l10n;
use deckcheck_core::{CardRef, Code, CodeInfo, Explain, Findings, Rule, Violation};
use serde::Serialize;

use super::Context;

pub const CODE: Code = Code::new("CCG-GAME-AID");
pub const SECTION: &str = "REG General Tournament Rules L42";

pub struct GameAid;

/// The game aid listed in a deck.
#[derive(Debug, PartialEq, Serialize)]
pub(crate) struct GameAidListed;

impl Explain for GameAidListed {
    fn message(&self, cards: &[CardRef], lang: deckcheck_core::Lang) -> String {
        say(
            lang,
            "ccg-game-aid",
            [("cards", text(l10n::titles_with_ids(lang, cards)))],
        )
    }
}

impl Rule<Context<'_>> for GameAid {
    fn codes(&self) -> &'static [CodeInfo] {
        &[CodeInfo {
            code: CODE,
            meaning: "The deck lists the Hyperroute Navigation Chart, a game aid that is never legal in a deck.",
        }]
    }

    fn check(&self, ctx: &Context<'_>, out: &mut Findings) {
        for (i, _, tally) in ctx.each() {
            let cards: Vec<_> = tally
                .all()
                .iter()
                .filter(|c| ctx.card(c.card).is("GAME_AID"))
                .map(|c| ctx.card_ref(c))
                .collect();
            if !cards.is_empty() {
                ctx.report(
                    out,
                    i,
                    Violation::new(CODE, SECTION, GameAidListed).cards(cards),
                );
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::fixture::{Fixture, ids, today};
    use crate::catalog::Side;

    #[test]
    fn the_hyperroute_navigation_chart_is_never_legal() {
        let f = Fixture::new();
        let deck = f.sixty(Side::Dark, &[("102_9", 1)]);
        let v = f.violations("open", today(), &[deck], "CCG-GAME-AID");
        assert_eq!(ids(&v[0]), ["102_9"]);
    }
}
