//! CCG-UNKNOWN: an id that names no card in GEMP's blueprints or the card database. It is
//! unverified, never illegal: deckcheck cannot tell a typing error from a card its data does not
//! hold yet, and an unknown card is unverified in every game (issue 28). The entry's diagnostic
//! carries the did-you-mean. Three cases, each said in its own words:
//! - a set the card data predates (Virtual Set 27 on data ending with Virtual Set 26,
//!   CONFIRMATIONS 9): the answer says the card data is older than the set;
//! - GEMP's Legacy set 601: real cards the data does not hold (GEMP's set-601 blueprints were not
//!   mirrored);
//! - any other id: no card of the data has it.
//!
//! Ids of the Dream Cards and Playtesting sets are CCG-NOT-TOURNAMENT's. A title no card has is
//! not this rule's: it is a diagnostic of the input, and leaves the answer unverified. Source:
//! REG General Tournament Rules L46 (the legal cards are Decipher's and the Players Committee's).

use std::collections::BTreeMap;

use crate::messages::{say, text};
use deckcheck_core::l10n::{self, number};
use deckcheck_core::{CardRef, Code, CodeInfo, Explain, Findings, Rule, Violation};
use serde::Serialize;

use super::not_tournament::is_not_tournament;
use super::{Context, unresolved_ref};
use crate::catalog::LEGACY_SET;
use crate::deck::Resolution;

pub const CODE: Code = Code::new("CCG-UNKNOWN");
pub const SECTION: &str = "REG General Tournament Rules L46";

pub struct Unknown;

/// Ids the data has no card for: whether they are legal cannot be judged.
#[derive(Debug, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub(crate) enum UnknownIds {
    /// No card of the data has them: a typing error, or a card the data does not hold.
    NoSuchCard,
    /// Cards of `set`, which the card data predates; `newest` is the newest set it holds (its
    /// name, and its release when known).
    Newer { set: String, newest: String },
    /// Cards of GEMP's Legacy set, which the data does not hold.
    Legacy,
}

impl Explain for UnknownIds {
    fn message(&self, cards: &[CardRef], lang: deckcheck_core::Lang) -> String {
        let ids = ("cards", text(l10n::ids_with_lines(lang, cards)));
        match self {
            Self::NoSuchCard => say(
                lang,
                "ccg-no-such-card",
                [("count", number(cards.len() as u64)), ids],
            ),
            Self::Newer { set, newest } => say(
                lang,
                "ccg-newer",
                [
                    ("count", number(cards.len() as u64)),
                    ("set", text(set.as_str())),
                    ("newest", text(newest.as_str())),
                    ids,
                ],
            ),
            Self::Legacy => say(
                lang,
                "ccg-legacy",
                [("count", number(cards.len() as u64)), ids],
            ),
        }
    }
}

impl Rule<Context<'_>> for Unknown {
    fn codes(&self) -> &'static [CodeInfo] {
        &[CodeInfo {
            code: CODE,
            meaning: "An id that names no card of the data (unverified): a typing error, a card of a set the data predates, or a card of GEMP's Legacy set 601, which the data does not hold.",
        }]
    }

    fn check(&self, ctx: &Context<'_>, out: &mut Findings) {
        let newest = || {
            ctx.catalog.newest_set().map_or_else(
                || "not known".to_string(),
                |s| match s.release {
                    Some(release) => format!("{}, released {release}", s.name),
                    None => s.name.to_string(),
                },
            )
        };
        for (i, deck, _) in ctx.each() {
            let mut none: Vec<CardRef> = Vec::new();
            let mut retired: Vec<CardRef> = Vec::new();
            let mut later: BTreeMap<u32, Vec<CardRef>> = BTreeMap::new();
            for e in &deck.entries {
                let Resolution::Unknown { id: Some(_) } = &e.card else {
                    continue;
                };
                match e.unknown_set() {
                    Some(LEGACY_SET) => retired.push(unresolved_ref(e, "a Legacy card")),
                    set if is_not_tournament(set) => {}
                    Some(set) if ctx.catalog.predates(set) => later
                        .entry(set)
                        .or_default()
                        .push(unresolved_ref(e, "a card newer than the data")),
                    _ => none.push(unresolved_ref(e, "no such card")),
                }
            }
            if !none.is_empty() {
                let v = Violation::new(CODE, SECTION, UnknownIds::NoSuchCard)
                    .cards(none)
                    .unconfirmed(
                        "The card data has no card with this id: a typing error, or a card the data does not hold.",
                    );
                ctx.report(out, i, v);
            }
            for (set, cards) in later {
                let set = ctx
                    .catalog
                    .set(set)
                    .map_or_else(|| format!("set {set}"), |s| s.name.to_string());
                let kind = UnknownIds::Newer {
                    set,
                    newest: newest(),
                };
                let v = Violation::new(CODE, SECTION, kind)
                    .cards(cards)
                    .unconfirmed("The card data is older than this card's set.");
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
    fn an_id_that_names_no_card_is_unverified_not_illegal() {
        let f = Fixture::new();
        let deck = f.sixty(Side::Dark, &[("9_9999", 1)]);
        let v = f.violations("open", today(), &[deck], "CCG-UNKNOWN");
        assert_eq!(ids(&v[0]), ["9_9999"]);
        assert!(!v[0].is_certain());
        assert_eq!(
            v[0].message(),
            "deckcheck's card data has no Star Wars CCG card with the id 9_9999 (line 1): whether it is legal cannot be judged."
        );
    }

    #[test]
    fn a_legacy_id_is_unverified_not_unknown() {
        let f = Fixture::new();
        let deck = f.sixty(Side::Dark, &[("601_12", 1)]);
        let v = f.violations("open", today(), &[deck], "CCG-UNKNOWN");
        assert!(!v[0].is_certain());
        assert!(v[0].message().contains("GEMP's Legacy set"));
    }

    #[test]
    fn a_card_of_a_set_newer_than_the_data_says_the_data_predates_it() {
        let f = Fixture::new();
        let deck = f.sixty(Side::Dark, &[("227_5", 1)]);
        let v = f.violations("open", today(), &[deck], "CCG-UNKNOWN");
        assert!(!v[0].is_certain());
        assert_eq!(
            v[0].message(),
            "1 card is of Virtual Set 27, which deckcheck's card data predates (its newest set is Virtual Set 26, released 2025-12-08): 227_5 (line 1). Sync the card data to judge it."
        );
    }
}
