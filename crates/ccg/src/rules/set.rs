//! CCG-SET: a card's set (the prefix of its id) is one of the format's sets, unless the format
//! names the card itself as valid; a retired (Legacy) virtual card is in none of them but
//! GEMP's Legacy set 601 (the Legacy format's pool). Judged for the cards in and outside the
//! deck. Source: REG Supported Formats L14-15 (the Open and Classic
//! pools); GEMP swccgFormats.json `set` and `valid`, DefaultSwccgFormat.validateCard.

use crate::messages::{say, text};
use deckcheck_core::l10n::{self, number};
use deckcheck_core::{CardRef, Code, CodeInfo, Explain, Findings, Rule, Violation};
use serde::Serialize;

use super::not_tournament::is_not_tournament;
use super::{Context, unresolved_ref};
use crate::catalog::LEGACY_SET;

pub const CODE: Code = Code::new("CCG-SET");

pub struct Set;

/// The guide describes the pools of Open and Classic; the other formats are GEMP's alone.
fn section(ctx: &Context<'_>) -> String {
    match ctx.gemp.code.as_str() {
        "open" | "classic" => format!(
            "REG Supported Formats L14-15; GEMP swccgFormats.json ({})",
            ctx.gemp.code
        ),
        code => format!("PEER GEMP swccgFormats.json ({code})"),
    }
}

/// Cards outside the format's card pool.
#[derive(Debug, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub(crate) enum OutsidePool {
    /// Virtual cards retired to Legacy, in no format's pool.
    Retired { format: String },
    /// Cards of a set the format does not include.
    SetNotInFormat { format: String },
}

impl Explain for OutsidePool {
    fn message(&self, cards: &[CardRef], lang: deckcheck_core::Lang) -> String {
        let (id, format) = match self {
            Self::Retired { format } => ("ccg-retired", format),
            Self::SetNotInFormat { format } => ("ccg-set-not-in-format", format),
        };
        say(
            lang,
            id,
            [
                ("count", number(cards.len() as u64)),
                ("format", text(format.as_str())),
                ("cards", text(l10n::titles_with_ids(lang, cards))),
            ],
        )
    }
}

impl Rule<Context<'_>> for Set {
    fn codes(&self) -> &'static [CodeInfo] {
        &[CodeInfo {
            code: CODE,
            meaning: "A card from a set outside the format's card pool, or a virtual card retired to Legacy.",
        }]
    }

    fn check(&self, ctx: &Context<'_>, out: &mut Findings) {
        let in_pool = |set: u32, id: &str| ctx.gemp.in_pool(set, id);
        let format = || ctx.format_name().to_string();
        let retired_in_pool = ctx.gemp.has_set(LEGACY_SET);
        for (i, deck, tally) in ctx.each() {
            let mut legacy: Vec<CardRef> = Vec::new();
            let mut outside: Vec<CardRef> = Vec::new();
            for c in tally.all() {
                let card = ctx.card(c.card);
                match card.set {
                    None if retired_in_pool => {}
                    None => legacy.push(ctx.card_ref(c)),
                    Some(_) if is_not_tournament(card.set) => {}
                    Some(set) if !in_pool(set, &card.id) => outside.push(ctx.card_ref(c)),
                    Some(_) => {}
                }
            }
            for e in &deck.entries {
                if let Some(set) = e.unknown_set()
                    && !is_not_tournament(Some(set))
                    && !in_pool(set, &e.written)
                {
                    outside.push(unresolved_ref(e, &format!("a card of set {set}")));
                }
            }
            let found = [
                (legacy, OutsidePool::Retired { format: format() }),
                (outside, OutsidePool::SetNotInFormat { format: format() }),
            ];
            for (cards, why) in found {
                if !cards.is_empty() {
                    ctx.report(out, i, Violation::new(CODE, section(ctx), why).cards(cards));
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::fixture::{Fixture, ids, today};
    use crate::catalog::Side;
    use crate::data::FormatDef;

    fn decipher_only(f: &mut Fixture) {
        let mut def: FormatDef = f.data.formats[0].clone();
        def.id = "decipher".into();
        def.name = "Decipher Cards Only".into();
        def.gemp = "open_no_virtual".into();
        f.data.formats.push(def);
    }

    #[test]
    fn a_virtual_card_is_not_in_a_decipher_only_pool_unless_named_valid() {
        let mut f = Fixture::new();
        decipher_only(&mut f);
        let deck = f.sixty(Side::Dark, &[("226_20", 1), ("200_110", 1)]);
        let v = f.violations("decipher", today(), &[deck], "CCG-SET");
        assert_eq!(
            ids(&v[0]),
            ["226_20"],
            "200_110 is in the format's valid list"
        );
        assert!(
            v[0].message()
                .starts_with("1 card is from a set that is not part of Decipher Cards Only"),
            "{}",
            v[0].message()
        );
    }

    #[test]
    fn a_retired_legacy_card_is_not_legal_in_open() {
        let f = Fixture::new();
        let legacy = f.catalog.by_title("Fixture Retired Card (V)")[0];
        let mut deck = f.sixty(Side::Dark, &[]);
        deck.entries[0].count -= 1;
        deck.entries.push(crate::deck::Entry {
            zone: crate::deck::Zone::Deck,
            count: 1,
            line: Some(9),
            written: "Fixture Retired Card (V)".into(),
            card: crate::deck::Resolution::Card(legacy),
        });
        let v = f.violations("open", today(), std::slice::from_ref(&deck), "CCG-SET");
        assert!(
            v[0].message()
                .contains("retired to Legacy, not legal in Open"),
            "{}",
            v[0].message()
        );
        // Issue 28: GEMP's Legacy format is made of Decipher's sets and the retired cards.
        assert!(
            f.violations("legacy", today(), &[deck], "CCG-SET")
                .is_empty()
        );
    }

    #[test]
    fn a_virtual_card_is_not_in_the_legacy_pool() {
        let f = Fixture::new();
        let deck = f.sixty(Side::Dark, &[("226_20", 1)]);
        let v = f.violations("legacy", today(), &[deck], "CCG-SET");
        assert_eq!(ids(&v[0]), ["226_20"]);
        assert_eq!(v[0].section, "PEER GEMP swccgFormats.json (legacy)");
    }

    #[test]
    fn an_unknown_id_of_a_set_outside_the_pool_is_outside_it() {
        let f = Fixture::new();
        let deck = f.sixty(Side::Dark, &[("601_12", 1)]);
        let v = f.violations("open", today(), &[deck], "CCG-SET");
        assert_eq!(ids(&v[0]), ["601_12"]);
    }
}
