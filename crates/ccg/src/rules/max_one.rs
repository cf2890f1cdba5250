//! CCG-MAX-ONE: at most one copy each of The Falcon, Junkyard Garbage (204_35), The Mythrol
//! (200_16) and Jabba's Prize (10_42), counted by title as GEMP does. Source: PEER GEMP
//! DefaultSwccgFormat.validateDeck (no rules text in our sources says it).

use deckcheck_core::{Code, Violation};

use super::{Context, Out, Rule, list};
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

fn message(v: &Violation) -> String {
    format!(
        "A deck may have only 1 {}; this one has {}: {}.",
        Some(v.get("detail"))
            .filter(|d| !d.is_empty())
            .unwrap_or("copy of this card"),
        v.actual.unwrap_or(0),
        list(&v.cards)
    )
}

impl Rule for MaxOne {
    fn code(&self) -> Code {
        CODE
    }

    fn meaning(&self) -> &'static str {
        "More than one The Falcon, Junkyard Garbage, The Mythrol or Jabba's Prize (GEMP's limit)."
    }

    fn check(&self, ctx: &Context<'_>, out: &mut Out) {
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
                    out.violation(
                        i,
                        Violation::rendered(CODE, SECTION, message)
                            .cards(cards)
                            .numbers(1, n)
                            .with("detail", *title),
                    );
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
