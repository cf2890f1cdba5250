//! CCG-BANNED: no card of the format's banned list (GEMP swccgFormats.json `banned`, ranges such
//! as `8_1-5` read as GEMP reads them). Judged for the cards in and outside the deck. The lists of
//! Open and Classic are empty at the mirrored commit; GEMP's other formats (Jawa, Limited
//! Resources…) have lists. GEMP's alternate-blueprint mapping (blueprintMapping.txt) is empty
//! there too, so an id is banned as itself. Source: GEMP swccgFormats.json `banned`,
//! DefaultSwccgFormat.validateCard.

use crate::messages::{say, text};
use deckcheck_core::l10n::{self, number};
use deckcheck_core::{CardRef, Code, CodeInfo, Explain, Findings, Rule, Violation};
use serde::Serialize;

use super::Context;

pub const CODE: Code = Code::new("CCG-BANNED");

pub struct Banned;

/// Whether `id` is on a GEMP list (`8_118`, or a range `8_110-120`).
pub fn on_list(list: &[String], id: &str) -> bool {
    list.iter().any(|entry| {
        if entry == id {
            return true;
        }
        let (Some((set, range)), Some((id_set, number))) =
            (entry.split_once('_'), id.split_once('_'))
        else {
            return false;
        };
        let Some((from, to)) = range.split_once('-') else {
            return false;
        };
        let (Ok(from), Ok(to), Ok(n)) = (
            from.parse::<u32>(),
            to.parse::<u32>(),
            number.parse::<u32>(),
        ) else {
            return false;
        };
        set == id_set && (from..=to).contains(&n)
    })
}

/// Cards on the format's banned list.
#[derive(Debug, PartialEq, Serialize)]
pub(crate) struct OnBannedList {
    pub format: String,
}

impl Explain for OnBannedList {
    fn message(&self, cards: &[CardRef], lang: deckcheck_core::Lang) -> String {
        say(
            lang,
            "ccg-on-banned-list",
            [
                ("count", number(cards.len() as u64)),
                ("format", text(self.format.as_str())),
                ("cards", text(l10n::titles_with_ids(lang, cards))),
            ],
        )
    }
}

impl Rule<Context<'_>> for Banned {
    fn codes(&self) -> &'static [CodeInfo] {
        &[CodeInfo {
            code: CODE,
            meaning: "A card on the format's banned list.",
        }]
    }

    fn check(&self, ctx: &Context<'_>, out: &mut Findings) {
        if ctx.gemp.banned.is_empty() {
            return;
        }
        for (i, _, tally) in ctx.each() {
            let cards: Vec<CardRef> = tally
                .all()
                .iter()
                .filter(|c| on_list(&ctx.gemp.banned, &ctx.card(c.card).id))
                .map(|c| ctx.card_ref(c))
                .collect();
            if !cards.is_empty() {
                let section = format!("GEMP swccgFormats.json ({} banned)", ctx.gemp.code);
                let banned = OnBannedList {
                    format: ctx.format_name().to_string(),
                };
                ctx.report(out, i, Violation::new(CODE, section, banned).cards(cards));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::fixture::{Fixture, ids, today};
    use super::on_list;
    use crate::catalog::Side;
    use crate::data::LegalityData;

    #[test]
    fn ids_and_ranges_are_on_the_list() {
        let list = vec!["8_118".to_string(), "1_230-240".to_string()];
        assert!(on_list(&list, "8_118"));
        assert!(on_list(&list, "1_234"));
        assert!(!on_list(&list, "12_234"));
        assert!(!on_list(&list, "1_241"));
    }

    #[test]
    fn a_banned_card_is_illegal_in_the_deck_and_outside_it() {
        let f = Fixture::with_formats(LegalityData::embedded().unwrap(), |formats| {
            formats[0].banned = vec!["8_118".into(), "13_54".into()];
        });
        let mut deck = f.sixty(Side::Dark, &[("8_118", 1)]);
        deck.entries.extend(f.deck(&[], &[("13_54", 1)]).entries);
        let v = f.violations("open", today(), &[deck], "CCG-BANNED");
        assert_eq!(ids(&v[0]), ["13_54", "8_118"]);
        assert_eq!(v[0].section, "GEMP swccgFormats.json (open banned)");
    }
}
