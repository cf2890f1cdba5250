//! LCG-UNKNOWN: a card whose OCTGN id is not in the card data. It is unverified, never illegal:
//! deckcheck cannot tell a typing error or a card its data lacks from a card of a community-made
//! set, and an unknown card is unverified in every game (issue 28). The entry's diagnostic
//! carries the did-you-mean (the cards its name comes closest to). Source: REG Authorized Cards
//! L692-697 (cards of FFG's products); spec §1.9 (community-made sets such as those in swlcgdb
//! are not in swlcg-json and are not tournament cards).

use crate::messages::{say, text};
use deckcheck_core::l10n::number;
use deckcheck_core::{CardRef, Code, CodeInfo, Explain, Findings, Rule, Violation};
use serde::Serialize;

use super::{Judging, names};

pub const CODE: Code = Code::new("LCG-UNKNOWN");

pub struct Unknown;

/// Cards whose ids are not in the card data.
#[derive(Debug, PartialEq, Serialize)]
pub(crate) struct NotInCardData;

impl Explain for NotInCardData {
    fn message(&self, cards: &[CardRef], lang: deckcheck_core::Lang) -> String {
        say(
            lang,
            "lcg-not-in-card-data",
            [
                ("cards", text(names(lang, cards))),
                ("count", number(cards.len() as u64)),
            ],
        )
    }
}

impl Rule<Judging<'_>> for Unknown {
    fn codes(&self) -> &'static [CodeInfo] {
        &[CodeInfo {
            code: CODE,
            meaning: "A card's OCTGN id is not in the card data of FFG's products (unverified: a typing error, a card the data lacks or a card of a community-made set).",
        }]
    }

    fn check(&self, j: &Judging<'_>, out: &mut Findings) {
        for deck in &j.decks {
            if deck.deck.unknown.is_empty() {
                continue;
            }
            let cards = deck
                .deck
                .unknown
                .iter()
                .map(|u| {
                    let name = if u.name.is_empty() { &u.id } else { &u.name };
                    CardRef::new(u.id.as_str().into(), name.as_str().into(), None).at_line(u.line)
                })
                .collect();
            let v = Violation::new(CODE, "REG Authorized Cards L692-697", NotInCardData)
                .cards(cards)
                .unconfirmed(
                    "The card data has no card with this id: a typing error, a card the data does not hold, or a card of a community-made set.",
                );
            deck.report(out, v);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::fixture::*;
    use crate::deck::{Section, Unknown};

    #[test]
    fn a_card_the_data_does_not_hold_is_unverified_never_illegal() {
        let mut deck = jedi();
        deck.unknown.push(Unknown {
            id: "00000000-0000-0000-0000-000000000001".into(),
            name: "Frozen Hero".into(),
            count: 1,
            section: Section::Command,
            line: Some(9),
        });
        let f = run(&deck);
        assert_eq!(codes(&f), ["LCG-UNKNOWN"]);
        assert!(!f.violations[0].is_certain());
        assert_eq!(
            f.violations[0].message(),
            "1 card is not in deckcheck's card data of Star Wars: The Card Game (Frozen Hero): whether it is legal cannot be judged (cards of community-made sets are not tournament cards)."
        );
        assert_eq!(verdict(f), deckcheck_core::Verdict::Unverified);
    }
}
