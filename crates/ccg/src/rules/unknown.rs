//! CCG-UNKNOWN: an id that names no card in GEMP's blueprints or the card database is not a
//! tournament card. An id of GEMP's Legacy set 601 is a real card the data does not hold (GEMP's
//! set-601 blueprints were not mirrored): unverified, not illegal (CCG-SET still judges its set).
//! Ids of the Dream Cards and Playtesting sets are CCG-NOT-TOURNAMENT's. A title no card has is
//! not this rule's: it is a diagnostic of the input, and leaves the answer unverified. Source:
//! REG General Tournament Rules L46 (the legal cards are Decipher's and the Players Committee's).

use deckcheck_core::wording::{ids, plural};
use deckcheck_core::{CardRef, Code, CodeInfo, Explain, Findings, Rule, Violation};
use serde::Serialize;

use super::not_tournament::is_not_tournament;
use super::{Context, unresolved_ref};
use crate::deck::Resolution;

pub const CODE: Code = Code::new("CCG-UNKNOWN");
pub const SECTION: &str = "REG General Tournament Rules L46";

/// GEMP's set of Legacy (retired virtual) blueprints.
pub const LEGACY_SET: u32 = 601;

pub struct Unknown;

/// Ids the data has no card for.
#[derive(Debug, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub(crate) enum UnknownIds {
    /// No Star Wars CCG card has them.
    NoSuchCard,
    /// Cards of GEMP's Legacy set, which the data does not hold.
    Legacy,
}

impl Explain for UnknownIds {
    fn message(&self, cards: &[CardRef]) -> String {
        match self {
            Self::NoSuchCard => format!(
                "No Star Wars CCG card has the id{} {}.",
                if cards.len() == 1 { "" } else { "s" },
                ids(cards)
            ),
            Self::Legacy => format!(
                "{} of GEMP's Legacy set, which deckcheck's card data does not hold: {}.",
                plural(cards.len() as u64, "card is", "cards are"),
                ids(cards)
            ),
        }
    }
}

impl Rule<Context<'_>> for Unknown {
    fn codes(&self) -> &'static [CodeInfo] {
        &[CodeInfo {
            code: CODE,
            meaning: "An id that names no card (illegal), or a card of GEMP's Legacy set 601, which the data does not hold (unverified).",
        }]
    }

    fn check(&self, ctx: &Context<'_>, out: &mut Findings) {
        for (i, deck, _) in ctx.each() {
            let mut none: Vec<CardRef> = Vec::new();
            let mut retired: Vec<CardRef> = Vec::new();
            for e in &deck.entries {
                let Resolution::Unknown { id: Some(_) } = &e.card else {
                    continue;
                };
                match e.unknown_set() {
                    Some(LEGACY_SET) => retired.push(unresolved_ref(e, "a Legacy card")),
                    set if is_not_tournament(set) => {}
                    _ => none.push(unresolved_ref(e, "no such card")),
                }
            }
            if !none.is_empty() {
                let v = Violation::new(CODE, SECTION, UnknownIds::NoSuchCard).cards(none);
                ctx.report(out, i, v);
            }
            if !retired.is_empty() {
                let v = Violation::new(CODE, SECTION, UnknownIds::Legacy)
                    .cards(retired)
                    .unconfirmed("deckcheck has no data on GEMP's Legacy cards.");
                ctx.report(out, i, v);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::fixture::{Fixture, ids, today};
    use crate::catalog::Side;

    #[test]
    fn an_id_that_names_no_card_is_illegal() {
        let f = Fixture::new();
        let deck = f.sixty(Side::Dark, &[("9_9999", 1)]);
        let v = f.violations("open", today(), &[deck], "CCG-UNKNOWN");
        assert_eq!(ids(&v[0]), ["9_9999"]);
        assert!(v[0].is_certain());
        assert_eq!(
            v[0].message(),
            "No Star Wars CCG card has the id 9_9999 (line 1)."
        );
    }

    #[test]
    fn a_legacy_id_is_unverified_not_unknown() {
        let f = Fixture::new();
        let deck = f.sixty(Side::Dark, &[("601_12", 1)]);
        let v = f.violations("open", today(), &[deck], "CCG-UNKNOWN");
        assert!(!v[0].is_certain());
    }
}
