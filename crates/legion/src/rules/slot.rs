//! LEG-SLOT: a unit equips no more upgrades of a type than it has slots of that type: its
//! upgrade bar, the slots its upgrades add (`additionalUpgradeSlots`), the slots its battle
//! force adds, and the special slots some upgrades bring (Imperial March on Imperial corps,
//! …; card_data/legion/army_building.toml). Slots are matched by type counts, not by the
//! positions a link writes them in. Source: AMG 2.6.0 Upgrade Cards; PEER Legion HQ
//! cardInteractions (special slots).

use crate::messages::{say, text};
use deckcheck_core::l10n::number;
use deckcheck_core::{CardRef, Code, CodeInfo, Explain, Findings, Rule, Violation};
use serde::Serialize;

use super::links::LinkedSlot;
use super::{Ctx, UnitView};
use crate::catalog::{Card, Ix, Rank};

pub const CODE: Code = Code::new("LEG-SLOT");

pub struct Slots;

/// A unit with more upgrades of a type than slots for it.
#[derive(Debug, PartialEq, Serialize)]
pub(crate) struct OverSlots {
    pub unit: String,
    /// The upgrade type.
    pub slot: String,
    #[serde(skip)]
    pub slots: u64,
    #[serde(skip)]
    pub upgrades: u64,
}

impl Explain for OverSlots {
    fn message(&self, _cards: &[CardRef], lang: deckcheck_core::Lang) -> String {
        say(
            lang,
            "legion-over-slots",
            [
                ("unit", text(self.unit.as_str())),
                ("upgrades", number(self.upgrades)),
                ("slot", text(self.slot.as_str())),
                ("slots", number(self.slots)),
            ],
        )
    }

    fn numbers(&self) -> Option<(u64, u64)> {
        Some((self.slots, self.upgrades))
    }
}

impl Ctx<'_> {
    /// Whether a unit gets a special slot (LHQ `getSpecialSlots`).
    fn special_slot_eligible(&self, view: &UnitView<'_>, slot: &LinkedSlot) -> bool {
        let by_match = slot.matches.as_ref().is_some_and(|m| {
            view.matches(m) && slot.not_match.as_ref().is_none_or(|n| !view.matches(n))
        });
        let by_keyword = slot.keyword.as_deref().is_some_and(|k| view.has_keyword(k));
        by_match || by_keyword
    }

    /// The unit's slots of a type: its upgrade bar, the slots its upgrades add, the slots its
    /// battle force adds.
    fn slots_of(&self, card: &Card, upgrades: &[Ix], rank: Option<Rank>, kind: &str) -> u64 {
        let mut n = card.upgrade_bar.iter().filter(|s| **s == *kind).count();
        for up in upgrades {
            let u = self.card(*up);
            // Legion HQ: the probe droid's added slot is for corps only.
            if &*u.id == "Ih" && rank != Some(Rank::Corps) {
                continue;
            }
            n += u.additional_slots.iter().filter(|s| **s == *kind).count();
        }
        if let Some(bf) = self.bf {
            for (id, added) in &bf.rules.add_additional_upgrade_slots {
                if **id == *card.id {
                    n += added.iter().filter(|s| **s == *kind).count();
                }
            }
        }
        n as u64
    }

    /// Checks one card's upgrades against its slots; `unit_id` names the unit for the
    /// battle force's added slots.
    fn check_slots(
        &self,
        card: &Card,
        upgrades: &[Ix],
        line: Option<u32>,
        rank: Option<Rank>,
        out: &mut Findings,
    ) {
        let view = self.view(card.ix, upgrades, rank);
        let special_slots = &self.links.special_slots;
        // type → (all upgrades, upgrades an eligible special slot of that type takes)
        let mut used: Vec<(&str, u64, u64)> = Vec::new();
        for up in upgrades {
            let u = self.card(*up);
            let special = self.links.is_special(*up)
                && special_slots.iter().any(|s| {
                    *s.slot == *u.subtype
                        && s.upgrades.contains(up)
                        && self.special_slot_eligible(&view, s)
                });
            match used.iter_mut().find(|(t, _, _)| *t == u.subtype) {
                Some(e) => {
                    e.1 += 1;
                    e.2 += u64::from(special);
                }
                None => used.push((u.subtype.as_str(), 1, u64::from(special))),
            }
        }
        for (kind, all, special) in used {
            let normal = self.slots_of(card, upgrades, rank, kind);
            if all <= normal {
                continue;
            }
            // A special slot is added only where the unit has none of that type, and only
            // for the upgrade it is for.
            let allowed = if normal == 0 && special > 0 {
                let eligible = special_slots
                    .iter()
                    .filter(|s| *s.slot == *kind && self.special_slot_eligible(&view, s))
                    .count() as u64;
                special.min(eligible)
            } else {
                normal
            };
            if all > allowed {
                let mut cards = vec![self.card_ref(card.ix, line)];
                cards.extend(
                    upgrades
                        .iter()
                        .filter(|u| self.card(**u).subtype == kind)
                        .map(|u| self.card_ref(*u, line)),
                );
                let over = OverSlots {
                    unit: card.card_ref().name(),
                    slot: kind.to_string(),
                    slots: allowed,
                    upgrades: all,
                };
                out.violation(Violation::new(CODE, "AMG 2.6.0 Upgrade Cards", over).cards(cards));
            }
        }
    }
}

impl Rule<Ctx<'_>> for Slots {
    fn codes(&self) -> &'static [CodeInfo] {
        &[CodeInfo {
            code: CODE,
            meaning: "more upgrades of a type than the unit has slots for",
        }]
    }
    fn check(&self, cx: &Ctx<'_>, out: &mut Findings) {
        for (i, u) in cx.army.units.iter().enumerate() {
            cx.check_slots(cx.card(u.card), &u.upgrades, u.line, Some(cx.ranks[i]), out);
            if let Some(cp) = &u.counterpart {
                cx.check_slots(cx.card(cp.card), &cp.upgrades, u.line, None, out);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::fixture::*;
    use super::*;

    #[test]
    fn upgrades_fit_slots_by_type_whatever_their_positions() {
        assert!(codes_of(&Slots, "rebels/1000:3ahdced0").is_empty());
        assert_eq!(codes_of(&Slots, "rebels/1000:3ahdcdc0"), ["LEG-SLOT"]);
        assert_eq!(codes_of(&Slots, "rebels/1000:1abed0"), ["LEG-SLOT"]);
    }

    #[test]
    fn an_upgrade_that_adds_a_slot_makes_room_for_another() {
        // Luke Skywalker (upgrade) adds a heavy weapon slot.
        assert!(codes_of(&Slots, "rebels/1000:1ahImed00").is_empty());
    }

    #[test]
    fn imperial_march_brings_its_own_slot_on_imperial_corps() {
        assert!(codes_of(&Slots, "empire/1000:1azBo00").is_empty());
        assert_eq!(codes_of(&Slots, "rebels/1000:1ahBo00"), ["LEG-SLOT"]);
    }
}
