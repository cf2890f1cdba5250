//! LEG-UPGRADE-REQ: each upgrade's restrictions hold for the unit that equips it (Legion HQ's
//! `requirements`: AND/OR/NOT of partial matches on the unit card, its upgrades' `changeCard`
//! applied first, the army's force affinity), and an upgrade with a faction or affiliations
//! is in an army of that faction (unless the battle force allows it). Source: AMG 2.6.0
//! Upgrade Cards ("restrictions listed on the card"); PEER Legion HQ encoding.

use crate::messages::{say, text};
use deckcheck_core::l10n::{self, number};
use deckcheck_core::{CardRef, Code, CodeInfo, Explain, Findings, NoteKind, Rule, Violation};
use serde::Serialize;

use super::Ctx;

pub const CODE: Code = Code::new("LEG-UPGRADE-REQ");

pub struct UpgradeRequirements;

/// Why a unit cannot equip upgrades.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub(crate) enum Why {
    /// Their restrictions are not met by the unit or the army.
    Restrictions,
    /// They belong to another faction.
    Faction,
}

/// Upgrades a unit cannot equip. The violation's cards are the unit, then the upgrades.
#[derive(Debug, PartialEq, Serialize)]
pub(crate) struct CannotEquip {
    pub unit: String,
    pub why: Why,
}

impl Explain for CannotEquip {
    fn message(&self, cards: &[CardRef], lang: deckcheck_core::Lang) -> String {
        let upgrades = cards.get(1..).unwrap_or_default();
        let why = match self.why {
            Why::Faction => "faction",
            Why::Restrictions => "restrictions",
        };
        say(
            lang,
            "legion-cannot-equip",
            [
                ("unit", text(self.unit.as_str())),
                ("cards", text(l10n::names(lang, upgrades))),
                ("count", number(upgrades.len() as u64)),
                ("why", text(why)),
            ],
        )
    }
}

impl Ctx<'_> {
    fn upgrade_faction_ok(&self, upgrade: &crate::catalog::Card) -> bool {
        let Some(f) = self.faction else {
            return true;
        };
        if self
            .bf
            .is_some_and(|b| b.allowed_upgrades.iter().any(|x| *x == *upgrade.id))
        {
            return true;
        }
        (upgrade.faction.is_empty() || upgrade.faction == f)
            && (upgrade.affiliations.is_empty() || upgrade.affiliations.iter().any(|a| a == f))
    }
}

impl Rule<Ctx<'_>> for UpgradeRequirements {
    fn codes(&self) -> &'static [CodeInfo] {
        &[CodeInfo {
            code: CODE,
            meaning: "an upgrade's restrictions are not met by its unit or army",
        }]
    }
    fn check(&self, cx: &Ctx<'_>, out: &mut Findings) {
        let remnant = cx
            .bf
            .is_some_and(|b| b.rules.other.contains_key("remnantEquipRules"));
        for (i, u) in cx.army.units.iter().enumerate() {
            // The unit at its army-building rank, then its counterpart.
            let unit = (u.card, Some(cx.ranks[i]), u.upgrades.as_slice());
            let counterpart = u
                .counterpart
                .as_ref()
                .map(|c| (c.card, None, c.upgrades.as_slice()));
            for (card, rank, upgrades) in std::iter::once(unit).chain(counterpart) {
                if upgrades.is_empty() {
                    continue;
                }
                let view = cx.view(card, upgrades, rank);
                let mut unmet = Vec::new();
                let mut wrong_faction = Vec::new();
                for up in upgrades {
                    let c = cx.card(*up);
                    if !cx.upgrade_faction_ok(c) {
                        wrong_faction.push(cx.card_ref(*up, u.line));
                    } else if !view.meets(&c.requirements) {
                        let trooper = cx.card(card).subtype == "trooper";
                        if remnant && c.subtype == "heavy weapon" && trooper {
                            out.note(
                                NoteKind::Unverified,
                                Some("BF Imperial Remnant"),
                                format!(
                                    "{} on {}: Imperial Remnant lets troopers mix heavy weapons by a rule the data gives only in words; it is not checked.",
                                    c.full_name(),
                                    cx.card(card).full_name()
                                ),
                            );
                        } else {
                            unmet.push(cx.card_ref(*up, u.line));
                        }
                    }
                }
                for (cards, why) in [(unmet, Why::Restrictions), (wrong_faction, Why::Faction)] {
                    if !cards.is_empty() {
                        let unit = cx.card_ref(card, u.line);
                        let cannot = CannotEquip {
                            unit: unit.name(),
                            why,
                        };
                        let mut all = vec![unit];
                        all.extend(cards);
                        out.violation(
                            Violation::new(CODE, "AMG 2.6.0 Upgrade Cards", cannot).cards(all),
                        );
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::fixture::*;
    use super::*;

    #[test]
    fn an_upgrade_restricted_to_another_unit_is_illegal() {
        assert!(codes_of(&UpgradeRequirements, "rebels/1000:3ahed00").is_empty());
        assert_eq!(
            codes_of(&UpgradeRequirements, "empire/1000:3azed00"),
            ["LEG-UPGRADE-REQ"]
        );
    }

    #[test]
    fn a_match_on_faction_and_rank_reads_the_units_rank() {
        assert!(codes_of(&UpgradeRequirements, "empire/1000:1azBo00").is_empty());
        assert_eq!(
            codes_of(&UpgradeRequirements, "empire/1000:1atBo"),
            ["LEG-UPGRADE-REQ"]
        );
    }
}
