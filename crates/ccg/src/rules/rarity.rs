//! CCG-RARITY: no card of a rarity the format bans (GEMP's Scavenger bans UR, R, R1, R2, XR, PM,
//! PV). Judged by the rarity of GEMP's blueprint (GEMP reads its per-set rarity files, which carry
//! the same codes). Open and Classic ban none. Source: PEER GEMP swccgFormats.json
//! `bannedRarities`, DefaultSwccgFormat.validateCard.

use crate::messages::{say, text};
use deckcheck_core::l10n::{self, number};
use deckcheck_core::{CardRef, Code, CodeInfo, Explain, Findings, Rule, Violation};
use serde::Serialize;

use super::Context;

pub const CODE: Code = Code::new("CCG-RARITY");

pub struct Rarity;

/// Cards of a rarity the format bans.
#[derive(Debug, PartialEq, Serialize)]
pub(crate) struct BannedRarity {
    /// Every rarity the format bans.
    pub banned: Vec<String>,
}

impl Explain for BannedRarity {
    fn message(&self, cards: &[CardRef], lang: deckcheck_core::Lang) -> String {
        say(
            lang,
            "ccg-banned-rarity",
            [
                ("count", number(cards.len() as u64)),
                ("banned", text(self.banned.join(", "))),
                ("cards", text(l10n::titles_with_ids(lang, cards))),
            ],
        )
    }
}

impl Rule<Context<'_>> for Rarity {
    fn codes(&self) -> &'static [CodeInfo] {
        &[CodeInfo {
            code: CODE,
            meaning: "A card of a rarity the format bans (GEMP's Scavenger formats).",
        }]
    }

    fn check(&self, ctx: &Context<'_>, out: &mut Findings) {
        let banned = &ctx.gemp.banned_rarities;
        if banned.is_empty() {
            return;
        }
        for (i, _, tally) in ctx.each() {
            let cards: Vec<CardRef> = tally
                .all()
                .iter()
                .filter(|c| {
                    ctx.card(c.card)
                        .rarity
                        .as_deref()
                        .is_some_and(|r| banned.iter().any(|b| b == r))
                })
                .map(|c| ctx.card_ref(c))
                .collect();
            if !cards.is_empty() {
                let section = format!(
                    "PEER GEMP swccgFormats.json ({} bannedRarities)",
                    ctx.gemp.code
                );
                let rarity = BannedRarity {
                    banned: banned.clone(),
                };
                ctx.report(out, i, Violation::new(CODE, section, rarity).cards(cards));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::fixture::{Fixture, ids, today};
    use crate::catalog::Side;
    use crate::data::LegalityData;

    #[test]
    fn a_rare_is_illegal_where_rares_are_banned() {
        let f = Fixture::with_formats(LegalityData::embedded().unwrap(), |formats| {
            formats[0].banned_rarities = vec!["R1".into(), "UR".into()];
        });
        let deck = f.sixty(Side::Dark, &[("1_168", 1), ("9_109", 1)]);
        let v = f.violations("open", today(), &[deck], "CCG-RARITY");
        assert_eq!(ids(&v[0]), ["1_168"]);
    }
}
