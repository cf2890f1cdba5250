//! CCG-MAX-ONE: at most one copy each of The Falcon, Junkyard Garbage (204_35), The Mythrol
//! (200_16) and Jabba's Prize (10_42), counted by title as GEMP does. Source: PEER GEMP
//! DefaultSwccgFormat.validateDeck (no rules text in our sources says it).

use crate::messages::{say, text};
use deckcheck_core::l10n::{self, number};
use deckcheck_core::{CardRef, Code, CodeInfo, Explain, Findings, Rule, Violation};
use serde::Serialize;

use super::Context;
use crate::deck::Zone;

pub const CODE: Code = Code::new("CCG-MAX-ONE");
pub const SECTION: &str = "PEER GEMP DefaultSwccgFormat.validateDeck";

/// The titles GEMP allows once per deck (`Title.The_Falcon_Junkyard_Garbage`, `Title.The_Mythrol`,
/// `Title.Jabbas_Prize`).
pub const TITLES: &[&str] = &[
    "The Falcon, Junkyard Garbage",
    "The Mythrol",
    "Jabba's Prize",
];

pub struct MaxOne;

/// More than one copy of a title GEMP allows once.
#[derive(Debug, PartialEq, Serialize)]
pub(crate) struct OverOne {
    pub title: String,
    #[serde(skip)]
    pub copies: u64,
}

impl Explain for OverOne {
    fn message(&self, cards: &[CardRef], lang: deckcheck_core::Lang) -> String {
        say(
            lang,
            "ccg-over-one",
            [
                ("title", text(self.title.as_str())),
                ("copies", number(self.copies)),
                ("cards", text(l10n::titles_with_ids(lang, cards))),
            ],
        )
    }

    fn numbers(&self) -> Option<(u64, u64)> {
        Some((1, self.copies))
    }
}

impl Rule<Context<'_>> for MaxOne {
    fn codes(&self) -> &'static [CodeInfo] {
        &[CodeInfo {
            code: CODE,
            meaning: "More than one The Falcon, Junkyard Garbage, The Mythrol or Jabba's Prize (GEMP's limit).",
        }]
    }

    fn check(&self, ctx: &Context<'_>, out: &mut Findings) {
        for (i, _, tally) in ctx.each() {
            for title in TITLES {
                let titled = ctx.catalog.by_gemp_title(title);
                let copies: Vec<_> = tally
                    .zone(Zone::Deck)
                    .filter(|c| titled.contains(&c.card))
                    .collect();
                let n: u64 = copies.iter().map(|c| c.count).sum();
                if n > 1 {
                    let cards = copies.iter().map(|c| ctx.card_ref(c)).collect();
                    let over = OverOne {
                        title: title.to_string(),
                        copies: n,
                    };
                    ctx.report(out, i, Violation::new(CODE, SECTION, over).cards(cards));
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::fixture::{Fixture, today};
    use crate::catalog::Side;

    #[test]
    fn two_mythrols_are_illegal_and_one_is_legal() {
        let f = Fixture::new();
        let two = f.sixty(Side::Light, &[("200_16", 2)]);
        let v = f.violations("open", today(), &[two], "CCG-MAX-ONE");
        assert_eq!(
            v[0].message(),
            "A deck may have only 1 The Mythrol; this one has 2: The Mythrol (200_16, line 1)."
        );
        let one = f.sixty(Side::Light, &[("200_16", 1), ("204_35", 1)]);
        assert!(
            f.violations("open", today(), &[one], "CCG-MAX-ONE")
                .is_empty()
        );
    }
}
