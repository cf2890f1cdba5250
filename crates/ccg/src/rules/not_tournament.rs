//! CCG-NOT-TOURNAMENT: cards of GEMP's Dream Cards (401) and Playtesting (501) sets are not
//! tournament cards: only Decipher-printed cards and the Players Committee's virtual cards are.
//! Judged by the id's set, whether or not the card is in the data. Proxies and other custom cards
//! cannot be told from a list (spec §2.9). Source: REG General Tournament Rules L46 (Proxies).

use crate::messages::{say, text};
use deckcheck_core::l10n;
use deckcheck_core::{CardRef, Code, CodeInfo, Explain, Findings, Rule, Violation};
use serde::Serialize;

use super::{Context, unresolved_ref};

pub const CODE: Code = Code::new("CCG-NOT-TOURNAMENT");
pub const SECTION: &str = "REG General Tournament Rules L46";

/// GEMP's sets of cards that were never issued for tournament play.
pub const SETS: &[(u32, &str)] = &[(401, "Dream Cards"), (501, "Playtesting")];

pub fn is_not_tournament(set: Option<u32>) -> bool {
    set.is_some_and(|s| SETS.iter().any(|(id, _)| *id == s))
}

pub struct NotTournament;

/// Cards of GEMP's sets that are not tournament cards.
#[derive(Debug, PartialEq, Serialize)]
pub(crate) struct NotTournamentCards;

impl Explain for NotTournamentCards {
    fn message(&self, cards: &[CardRef], lang: deckcheck_core::Lang) -> String {
        say(
            lang,
            "ccg-not-tournament",
            [("cards", text(l10n::ids_with_lines(lang, cards)))],
        )
    }
}

impl Rule<Context<'_>> for NotTournament {
    fn codes(&self) -> &'static [CodeInfo] {
        &[CodeInfo {
            code: CODE,
            meaning: "A card of GEMP's Dream Cards (401) or Playtesting (501) sets, which are not tournament cards.",
        }]
    }

    fn check(&self, ctx: &Context<'_>, out: &mut Findings) {
        for (i, deck, tally) in ctx.each() {
            let mut cards: Vec<CardRef> = tally
                .all()
                .iter()
                .filter(|c| is_not_tournament(ctx.card(c.card).set))
                .map(|c| ctx.card_ref(c))
                .collect();
            cards.extend(
                deck.entries
                    .iter()
                    .filter(|e| is_not_tournament(e.unknown_set()))
                    .map(|e| unresolved_ref(e, "a card not in the data")),
            );
            if !cards.is_empty() {
                ctx.report(
                    out,
                    i,
                    Violation::new(CODE, SECTION, NotTournamentCards).cards(cards),
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
    fn dream_cards_and_playtesting_cards_are_not_tournament_cards() {
        let f = Fixture::new();
        let deck = f.sixty(Side::Dark, &[("401_3", 1), ("501_12", 1)]);
        let v = f.violations("open", today(), &[deck], "CCG-NOT-TOURNAMENT");
        assert_eq!(ids(&v[0]), ["401_3", "501_12"]);
    }
}
