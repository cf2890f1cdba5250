//! LEG-CMD: the command hand, when the list gives one: two cards each of 1, 2 and 3 pips
//! (with Standing Orders, implied when absent, the seventh), no card twice, each card's
//! commander in the army (any one of its names, or all for an AND list; counterparts
//! count), its faction, battle force and requirements met. Source: REG Army Building L142;
//! AMG 2.6.0 Building a Command Hand; Legion HQ cards.json (`commander`, `faction`,
//! `battleForce`, `requirements`).

use crate::messages::{each, say, text};
use deckcheck_core::l10n::{self, number};
use deckcheck_core::{CardRef, Code, CodeInfo, Explain, Findings, NoteKind, Rule, Violation};
use serde::Serialize;

use super::Ctx;
use crate::army::Placed;
use crate::catalog::Commander;

pub const CODE: Code = Code::new("LEG-CMD");

pub struct CommandHand;

/// What is wrong with a command hand.
#[derive(Debug, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub(crate) enum HandBreach {
    /// Not exactly the cards of a pip count the mode asks.
    Pips {
        pips: u32,
        #[serde(skip)]
        per_pip: u64,
        #[serde(skip)]
        count: u64,
    },
    /// A 4-pip card other than Standing Orders.
    FourPips,
    /// A card twice.
    Twice,
    /// The unit the card names is not in the army.
    NoCommander,
    /// A card of another faction.
    OtherFaction,
    /// A card of a battle force the army is not built as.
    OtherForce,
    /// No unit of the army meets the card's requirements.
    Unmet,
}

impl Explain for HandBreach {
    fn message(&self, cards: &[CardRef], lang: deckcheck_core::Lang) -> String {
        let reason = match self {
            Self::Pips {
                pips,
                per_pip,
                count,
            } => {
                return say(
                    lang,
                    "legion-hand-pips",
                    [
                        ("count", number(*count)),
                        ("pips", number(*pips)),
                        ("per_pip", number(*per_pip)),
                    ],
                );
            }
            Self::FourPips => "four-pips",
            Self::Twice => "twice",
            Self::NoCommander => "no-commander",
            Self::OtherFaction => "other-faction",
            Self::OtherForce => "other-force",
            Self::Unmet => "unmet",
        };
        say(
            lang,
            "legion-hand",
            [
                ("cards", text(l10n::names(lang, cards))),
                ("each", text(each(lang, cards.len()))),
                ("reason", text(reason)),
            ],
        )
    }

    fn numbers(&self) -> Option<(u64, u64)> {
        match self {
            Self::Pips { per_pip, count, .. } => Some((*per_pip, *count)),
            _ => None,
        }
    }
}

impl Rule<Ctx<'_>> for CommandHand {
    fn codes(&self) -> &'static [CodeInfo] {
        &[CodeInfo {
            code: CODE,
            meaning: "the command hand is not two cards each of 1, 2 and 3 pips, repeats a card, or holds a card the army cannot take",
        }]
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
        let refs = |keep: &dyn Fn(&Placed) -> bool| -> Vec<CardRef> {
            cards
                .iter()
                .filter(|c| keep(c))
                .map(|c| cx.card_ref(c.card, c.line))
                .collect()
        };
        let per_pip = u64::from(rule.value.per_pip);
        // Cards by pips: 1, 2, 3, and any other.
        let mut by_pips = [0u64; 4];
        for c in cards {
            match cx.card(c.card).pips() {
                Some(p @ 1..=3) => by_pips[p as usize - 1] += 1,
                _ => by_pips[3] += 1,
            }
        }
        for p in 1..=3u32 {
            let of_pips = |c: &Placed| cx.card(c.card).pips() == Some(p);
            let n = by_pips[p as usize - 1];
            if n != per_pip {
                let pips = HandBreach::Pips {
                    pips: p,
                    per_pip,
                    count: n,
                };
                let v = Violation::of(CODE, rule, pips).cards(refs(&of_pips));
                out.violation(if n < per_pip { cx.minimum(v) } else { v });
            }
        }
        let other = |c: &Placed| !matches!(cx.card(c.card).pips(), Some(1..=3));
        if by_pips[3] > 0 {
            out.violation(Violation::of(CODE, rule, HandBreach::FourPips).cards(refs(&other)));
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
            out.violation(Violation::of(CODE, rule, HandBreach::Twice).cards(twice));
        }
        let mut no_commander = Vec::new();
        let mut wrong_faction = Vec::new();
        let mut wrong_force = Vec::new();
        let mut unmet = Vec::new();
        for c in cards {
            let card = cx.card(c.card);
            let r = || cx.card_ref(c.card, c.line);
            let present = match &card.commander {
                Commander::None => true,
                Commander::Any(list) => list.iter().any(|n| cx.has_unit_named(n)),
                Commander::All(list) => list.iter().all(|n| cx.has_unit_named(n)),
            };
            if !present {
                no_commander.push(r());
            }
            if !card.faction.is_empty() && cx.faction.is_some_and(|f| f != card.faction) {
                wrong_faction.push(r());
            }
            if let Some(bf) = &card.battle_force
                && cx.bf.is_none_or(|b| b.name != *bf)
            {
                wrong_force.push(r());
            }
            if !card.requirements.is_always()
                && !cx.army.units.iter().enumerate().any(|(i, u)| {
                    cx.view(u.card, &u.upgrades, Some(cx.ranks[i]))
                        .meets(&card.requirements)
                })
            {
                unmet.push(r());
            }
        }
        for (cards, breach, is_minimum) in [
            (no_commander, HandBreach::NoCommander, true),
            (wrong_faction, HandBreach::OtherFaction, false),
            (wrong_force, HandBreach::OtherForce, false),
            (unmet, HandBreach::Unmet, true),
        ] {
            if !cards.is_empty() {
                let v = Violation::of(CODE, rule, breach).cards(cards);
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
