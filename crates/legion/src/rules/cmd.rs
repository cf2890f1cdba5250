//! LEG-CMD: the command hand, when the list gives one: two cards each of 1, 2 and 3 pips
//! (with Standing Orders, implied when absent, the seventh), no card twice, each card's
//! commander in the army (any one of its names, or all for an AND list; counterparts
//! count), its faction, battle force and requirements met. Source: REG Army Building L142;
//! AMG 2.6.0 Building a Command Hand; Legion HQ cards.json (`commander`, `faction`,
//! `battleForce`, `requirements`).

use deckcheck_core::{CardRef, Code, Findings, NoteKind, Violation};

use super::{Ctx, Rule, names, plural};
use crate::catalog::Commander;

pub const CODE: Code = Code::new("LEG-CMD");

pub struct CommandHand;

fn pips(v: &Violation) -> String {
    let want = v.expected.unwrap_or(2);
    format!(
        "The command hand has {} with {}; it needs exactly {want}.",
        plural(v.actual.unwrap_or(0), "card", "cards"),
        Some(v.get("detail"))
            .filter(|d| !d.is_empty())
            .unwrap_or("?"),
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

impl Rule for CommandHand {
    fn code(&self) -> Code {
        CODE
    }
    fn meaning(&self) -> &'static str {
        "the command hand is not two cards each of 1, 2 and 3 pips, repeats a card, or holds a card the army cannot take"
    }
    fn check(&self, cx: &Ctx<'_>, out: &mut Findings) {
        let Some(rule) = cx.mode.command_hand.at(cx.as_of) else {
            return;
        };
        if !cx.army.command_hand_given {
            let (kind, message) = if cx.settings.registration {
                (
                    NoteKind::Unverified,
                    "A registered army list names its command cards (REG Army Lists L150); this list gives none, so the command hand cannot be checked.",
                )
            } else {
                (
                    NoteKind::Caveat,
                    "The list gives no command hand; it was not checked.",
                )
            };
            out.note(kind, Some(&rule.section), message);
            return;
        }
        let cards = &cx.army.commands;
        let per_pip = u64::from(rule.value.per_pip);
        for p in 1..=3u32 {
            let of: Vec<CardRef> = cards
                .iter()
                .filter(|c| cx.card(c.card).pips() == Some(p))
                .map(|c| cx.card_ref(c.card, c.line))
                .collect();
            let n = of.len() as u64;
            if n != per_pip {
                let what = format!("{p} pip{}", if p == 1 { "" } else { "s" });
                let v = Violation::rendered_of(CODE, rule, pips)
                    .numbers(per_pip, n)
                    .cards(of)
                    .with("detail", what);
                out.violation(if n < per_pip { cx.minimum(v) } else { v });
            }
        }
        let other: Vec<CardRef> = cards
            .iter()
            .filter(|c| !matches!(cx.card(c.card).pips(), Some(1..=3)))
            .map(|c| cx.card_ref(c.card, c.line))
            .collect();
        if !other.is_empty() {
            out.violation(
                Violation::rendered_of(CODE, rule, reason)
                    .cards(other)
                    .with(
                        "detail",
                        "only Standing Orders may be a 4-pip card of the hand",
                    ),
            );
        }
        let mut twice: Vec<CardRef> = Vec::new();
        for (i, c) in cards.iter().enumerate() {
            let name = &cx.card(c.card).folded_name;
            if cards[..i]
                .iter()
                .any(|d| cx.card(d.card).folded_name == *name)
            {
                let r = cx.card_ref(c.card, c.line);
                if !twice.iter().any(|t| t.id == r.id) {
                    twice.push(r);
                }
            }
        }
        if !twice.is_empty() {
            out.violation(
                Violation::rendered_of(CODE, rule, reason)
                    .cards(twice)
                    .with(
                        "detail",
                        "more than one copy in the command hand; one copy of each card is allowed",
                    ),
            );
        }
        let mut no_commander = Vec::new();
        let mut wrong_faction = Vec::new();
        let mut wrong_force = Vec::new();
        let mut unmet = Vec::new();
        for c in cards {
            let card = cx.card(c.card);
            let r = cx.card_ref(c.card, c.line);
            let present = match &card.commander {
                Commander::None => true,
                Commander::Any(list) => list.iter().any(|n| cx.has_unit_named(n)),
                Commander::All(list) => list.iter().all(|n| cx.has_unit_named(n)),
            };
            if !present {
                no_commander.push(r.clone());
            }
            if !card.faction.is_empty() && cx.faction.is_some_and(|f| f != card.faction) {
                wrong_faction.push(r.clone());
            }
            if let Some(bf) = &card.battle_force
                && cx.bf.is_none_or(|b| b.name != *bf)
            {
                wrong_force.push(r.clone());
            }
            if !card.requirements.is_always()
                && !cx.army.units.iter().enumerate().any(|(i, u)| {
                    cx.view(u.card, &u.upgrades, Some(cx.ranks[i]))
                        .meets(&card.requirements)
                })
            {
                unmet.push(r);
            }
        }
        for (cards, detail, is_minimum) in [
            (
                no_commander,
                "the unit the card names is not in the army",
                true,
            ),
            (wrong_faction, "a card of another faction", false),
            (
                wrong_force,
                "a card of a battle force the army is not built as",
                false,
            ),
            (
                unmet,
                "no unit of the army meets the card's requirements",
                true,
            ),
        ] {
            if !cards.is_empty() {
                let v = Violation::rendered_of(CODE, rule, reason)
                    .cards(cards)
                    .with("detail", detail);
                out.violation(if is_minimum { cx.minimum(v) } else { v });
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
    fn a_hand_of_two_cards_of_each_pip_is_legal() {
        assert!(codes_of(&CommandHand, &format!("{UNITS},cq,cr,c2,c4,c3,c5")).is_empty());
    }

    #[test]
    fn three_one_pip_cards_are_illegal() {
        let codes = codes_of(&CommandHand, &format!("{UNITS},cq,cr,c1,c2,c4,c3,c5"));
        assert_eq!(codes, ["LEG-CMD"]);
    }

    #[test]
    fn a_character_card_without_its_character_is_illegal() {
        let codes = codes_of(&CommandHand, "rebels/1000:1ab00,3ah000,cq,cr,c2,c4,c3,c5");
        assert_eq!(codes, ["LEG-CMD"]);
    }

    #[test]
    fn another_factions_card_and_a_repeated_card_are_illegal() {
        assert_eq!(
            codes_of(&CommandHand, &format!("{UNITS},cq,cr,c2,c4,c3,c6")),
            ["LEG-CMD"]
        );
        assert_eq!(
            codes_of(&CommandHand, &format!("{UNITS},cq,cr,c2,c2,c3,c5")),
            ["LEG-CMD"]
        );
    }
}
