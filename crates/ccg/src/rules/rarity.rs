//! CCG-RARITY: no card of a rarity the format bans (GEMP's Scavenger bans UR, R, R1, R2, XR, PM,
//! PV). Judged by the rarity of GEMP's blueprint (GEMP reads its per-set rarity files, which carry
//! the same codes). Open and Classic ban none. Source: PEER GEMP swccgFormats.json
//! `bannedRarities`, DefaultSwccgFormat.validateCard.

use deckcheck_core::{CardRef, Code, Violation};

use super::{Context, Out, Rule, list, plural};

pub const CODE: Code = Code::new("CCG-RARITY");

pub struct Rarity;

fn message(v: &Violation) -> String {
    format!(
        "{} of a rarity this format bans ({}): {}.",
        plural(v.cards.len() as u64, "card is", "cards are"),
        Some(v.get("detail"))
            .filter(|d| !d.is_empty())
            .unwrap_or(""),
        list(&v.cards)
    )
}

impl Rule for Rarity {
    fn code(&self) -> Code {
        CODE
    }

    fn meaning(&self) -> &'static str {
        "A card of a rarity the format bans (GEMP's Scavenger formats)."
    }

    fn check(&self, ctx: &Context<'_>, out: &mut Out) {
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
                out.violation(
                    i,
                    Violation::rendered(
                        CODE,
                        format!(
                            "PEER GEMP swccgFormats.json ({} bannedRarities)",
                            ctx.gemp.code
                        ),
                        message,
                    )
                    .cards(cards)
                    .with("detail", banned.join(", ")),
                );
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
