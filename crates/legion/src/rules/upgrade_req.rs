//! LEG-UPGRADE-REQ: each upgrade's restrictions hold for the unit that equips it (Legion HQ's
//! `requirements`: AND/OR/NOT of partial matches on the unit card, its upgrades' `changeCard`
//! applied first, the army's force affinity), and an upgrade with a faction or affiliations
//! is in an army of that faction (unless the battle force allows it). Source: AMG 2.6.0
//! Upgrade Cards ("restrictions listed on the card"); PEER Legion HQ encoding.

use deckcheck_core::{CardRef, Code, Findings, NoteKind, Violation};

use super::{Ctx, Rule};
use crate::catalog::Rank;

pub const CODE: Code = Code::new("LEG-UPGRADE-REQ");

pub struct UpgradeRequirements;

fn message(v: &Violation) -> String {
    let (unit, upgrades) = v
        .cards
        .split_first()
        .map_or((String::new(), &[][..]), |(u, rest)| (u.name(), rest));
    let names: Vec<String> = upgrades.iter().map(CardRef::name).collect();
    let detail = match (Some(v.get("detail")).filter(|d| !d.is_empty()), names.len()) {
        (Some("faction"), 1) => "it belongs to another faction",
        (Some("faction"), _) => "they belong to another faction",
        (_, 1) => "its restrictions are not met",
        _ => "their restrictions are not met",
    };
    format!("{unit} cannot equip {}: {detail}.", super::join(&names))
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

impl Rule for UpgradeRequirements {
    fn code(&self) -> Code {
        CODE
    }
    fn meaning(&self) -> &'static str {
        "an upgrade's restrictions are not met by its unit or army"
    }
    fn check(&self, cx: &Ctx<'_>, out: &mut Findings) {
        let remnant = cx
            .bf
            .is_some_and(|b| b.rules.other.contains_key("remnantEquipRules"));
        for (i, u) in cx.army.units.iter().enumerate() {
            let mut parts: Vec<(u32, Option<Rank>, &[u16])> =
                vec![(0, Some(cx.ranks[i]), &u.upgrades)];
            if let Some(cp) = &u.counterpart {
                parts.push((1, None, &cp.upgrades));
            }
            for (which, rank, upgrades) in parts {
                let card = if which == 0 {
                    u.card
                } else {
                    u.counterpart.as_ref().map_or(u.card, |c| c.card)
                };
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
                for (cards, detail) in [(unmet, "restrictions"), (wrong_faction, "faction")] {
                    if !cards.is_empty() {
                        let mut all = vec![cx.card_ref(card, u.line)];
                        all.extend(cards);
                        out.violation(
                            Violation::rendered(CODE, "AMG 2.6.0 Upgrade Cards", message)
                                .cards(all)
                                .with("detail", detail),
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
