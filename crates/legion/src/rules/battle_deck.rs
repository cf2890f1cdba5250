//! LEG-BATTLE-DECK: the battle deck, when the list gives one: under AMG's rules exactly 3
//! primary, 3 secondary and 3 advantage cards, no card twice, Recon cards only in Recon and
//! only Recon cards there, faction cards only in their faction's army; before 2024-07-24 the
//! FFG objective/deployment/condition cards, which the data does not hold. Source: AMG 2.6.0
//! Building a Battle Deck; REG Player Materials L136 (FFG, 4/4/4).

use deckcheck_core::{CardRef, Code, Findings, NoteKind, Violation};

use super::{Ctx, Rule, names, plural};
use crate::data::BattleDeckStyle;

pub const CODE: Code = Code::new("LEG-BATTLE-DECK");

pub struct BattleDeck;

fn count(v: &Violation) -> String {
    format!(
        "The battle deck has {}; it needs exactly {}.",
        plural(
            v.actual.unwrap_or(0),
            &format!(
                "{} card",
                Some(v.get("detail"))
                    .filter(|d| !d.is_empty())
                    .unwrap_or("?")
            ),
            &format!(
                "{} cards",
                Some(v.get("detail"))
                    .filter(|d| !d.is_empty())
                    .unwrap_or("?")
            )
        ),
        v.expected.unwrap_or(3)
    )
}

fn reason(v: &Violation) -> String {
    let each = if v.cards.len() > 1 { ", each" } else { "" };
    format!(
        "{}{each}: {}.",
        names(&v.cards),
        Some(v.get("detail"))
            .filter(|d| !d.is_empty())
            .unwrap_or("not allowed")
    )
}

impl Rule for BattleDeck {
    fn code(&self) -> Code {
        CODE
    }
    fn meaning(&self) -> &'static str {
        "the battle deck is not 3 primary, 3 secondary and 3 advantage cards the mode and army may use"
    }
    fn check(&self, cx: &Ctx<'_>, out: &mut Findings) {
        let Some(rule) = cx.mode.battle_deck.at(cx.as_of) else {
            return;
        };
        let cards = &cx.army.battle;
        if cards.is_empty() {
            out.note(
                NoteKind::Caveat,
                Some(&rule.section),
                "The list gives no battle deck; it was not checked.",
            );
            return;
        }
        if rule.value.style == BattleDeckStyle::Ffg {
            out.note(
                NoteKind::Unverified,
                Some(&rule.section),
                format!(
                    "On {} battle cards were FFG's objective, deployment and condition cards, four of each, which the card data does not hold; this battle deck cannot be checked.",
                    cx.as_of
                ),
            );
            return;
        }
        out.resting_on(rule);
        let per = u64::from(rule.value.per_type);
        for kind in ["primary", "secondary", "advantage"] {
            let of: Vec<CardRef> = cards
                .iter()
                .filter(|c| cx.card(c.card).subtype == kind)
                .map(|c| cx.card_ref(c.card, c.line))
                .collect();
            let n = of.len() as u64;
            if n != per {
                let v = Violation::rendered_of(CODE, rule, count)
                    .numbers(per, n)
                    .cards(of)
                    .with("detail", kind);
                out.violation(if n < per { cx.minimum(v) } else { v });
            }
        }
        let mut twice = Vec::new();
        let mut wrong_mode = Vec::new();
        let mut wrong_faction = Vec::new();
        for (i, c) in cards.iter().enumerate() {
            let card = cx.card(c.card);
            let r = cx.card_ref(c.card, c.line);
            if cards[..i].iter().any(|d| {
                let o = cx.card(d.card);
                o.folded_name == card.folded_name && o.subtype == card.subtype
            }) && !twice.contains(&r)
            {
                twice.push(r.clone());
            }
            if card.has_keyword("Recon") != cx.mode.recon {
                wrong_mode.push(r.clone());
            }
            if !card.faction.is_empty() && cx.faction.is_some_and(|f| f != card.faction) {
                wrong_faction.push(r);
            }
        }
        let mode_detail = if cx.mode.recon {
            "a Recon battle deck holds only cards with the Recon keyword"
        } else {
            "cards with the Recon keyword are played only in Recon"
        };
        for (list, detail) in [
            (
                twice,
                "more than one copy in the battle deck; one copy of each card is allowed",
            ),
            (wrong_mode, mode_detail),
            (wrong_faction, "a card of another faction"),
        ] {
            if !list.is_empty() {
                out.violation(
                    Violation::rendered_of(CODE, rule, reason)
                        .cards(list)
                        .with("detail", detail),
                );
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::fixture::*;
    use super::*;

    const UNITS: &str = "rebels/1000:1ab00,1ad00,3ah000";

    #[test]
    fn three_cards_of_each_type_are_legal_and_a_recon_card_in_standard_is_not() {
        assert!(codes_of(&BattleDeck, &format!("{UNITS},p1,p2,p3,s1,s2,s3,a1,a2,a3")).is_empty());
        assert_eq!(
            codes_of(&BattleDeck, &format!("{UNITS},p1,p3,pr,s1,s2,s3,a1,a2,a3")),
            ["LEG-BATTLE-DECK"]
        );
    }

    #[test]
    fn a_short_deck_and_another_factions_advantage_are_illegal() {
        assert_eq!(
            codes_of(&BattleDeck, &format!("{UNITS},p1,p2,s1,s2,s3,a1,a2,a3")),
            ["LEG-BATTLE-DECK"]
        );
        assert_eq!(
            codes_of(&BattleDeck, &format!("{UNITS},p1,p2,p3,s1,s2,s3,a1,a2,a4")),
            ["LEG-BATTLE-DECK"]
        );
    }
}
