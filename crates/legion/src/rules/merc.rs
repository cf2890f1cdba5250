//! LEG-MERC: a mercenary unit only in an army of a faction its Mercenary keyword names
//! (`affiliations`); at most 2 mercenary corps and 1 mercenary unit of each other rank,
//! with Allies of Convenience one more of any one rank; battle forces that count mercenaries
//! as their own (`countMercs`) are exempt. Source: AMG 2.6.0 Mercenaries, Allies of
//! Convenience; limits in card_data/legion/army_building.toml.

use deckcheck_core::{Code, Findings, Violation};

use super::{Ctx, Rule, names};
use crate::catalog::{PerRank, Rank};

pub const CODE: Code = Code::new("LEG-MERC");

pub struct Mercenaries;

fn not_affiliated(v: &Violation) -> String {
    format!(
        "{} cannot join an army of this faction ({}): {} Mercenary keyword does not name it.",
        names(&v.cards),
        Some(v.get("detail"))
            .filter(|d| !d.is_empty())
            .unwrap_or("?"),
        if v.cards.len() == 1 { "its" } else { "their" }
    )
}

fn too_many(v: &Violation) -> String {
    format!(
        "Too many mercenary {}: {}, at most {}.",
        Some(v.get("detail"))
            .filter(|d| !d.is_empty())
            .unwrap_or("units"),
        v.actual.unwrap_or(0),
        v.expected.unwrap_or(0)
    )
}

impl Rule for Mercenaries {
    fn code(&self) -> Code {
        CODE
    }
    fn meaning(&self) -> &'static str {
        "a mercenary not allowed in the army, or too many mercenaries of a rank"
    }
    fn check(&self, cx: &Ctx<'_>, out: &mut Findings) {
        let merc = &cx.data.army.mercenaries;
        if cx.bf.is_none()
            && let Some(f) = cx.faction
        {
            let cards: Vec<_> = cx
                .army
                .units
                .iter()
                .filter(|u| {
                    let c = cx.card(u.card);
                    c.is_mercenary() && !c.affiliations.iter().any(|a| a == f)
                })
                .map(|u| cx.unit_ref(u))
                .collect();
            if !cards.is_empty() {
                out.violation(
                    Violation::rendered(CODE, merc.section.clone(), not_affiliated)
                        .cards(cards)
                        .with("detail", f),
                );
            }
        }
        if cx.bf.is_some_and(|b| b.rules.count_mercs) {
            return;
        }
        let mut counts: PerRank<u64> = PerRank::default();
        for (u, rank) in cx.army.units.iter().zip(&cx.ranks) {
            if cx.card(u.card).is_mercenary() {
                *counts.get_mut(*rank) += u64::from(u.count);
            }
        }
        let allies = cx.army.units.iter().any(|u| {
            cx.card(u.card).has_keyword("Allies of Convenience")
                || u.all_upgrades()
                    .any(|x| cx.card(x).has_keyword("Allies of Convenience"))
        });
        let over: Vec<Rank> = Rank::ALL
            .into_iter()
            .filter(|r| counts.get(*r) > u64::from(merc.limits.get(*r)))
            .collect();
        // Allies of Convenience: one more of any ONE rank.
        let spare = if allies && over.len() == 1 {
            merc.allies_extra
        } else {
            0
        };
        for rank in over {
            let limit = u64::from(merc.limits.get(rank) + spare);
            if counts.get(rank) > limit {
                let section = if allies {
                    merc.allies_section.clone()
                } else {
                    merc.section.clone()
                };
                let cards = cx
                    .army
                    .units
                    .iter()
                    .zip(&cx.ranks)
                    .filter(|(u, r)| **r == rank && cx.card(u.card).is_mercenary())
                    .map(|(u, _)| cx.unit_ref(u))
                    .collect();
                out.violation(
                    Violation::rendered(CODE, section, too_many)
                        .numbers(limit, counts.get(rank))
                        .cards(cards)
                        .with("detail", format!("{} units", rank.label())),
                );
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::fixture::*;
    use super::*;

    #[test]
    fn two_mercenary_corps_are_allowed_and_three_are_not() {
        assert!(codes_of(&Mercenaries, "rebels/1000:1ab00,3ah000,2Fd").is_empty());
        assert_eq!(
            codes_of(&Mercenaries, "rebels/1000:1ab00,3ah000,3Fd"),
            ["LEG-MERC"]
        );
    }

    #[test]
    fn a_mercenary_not_affiliated_with_the_faction_is_illegal() {
        assert_eq!(codes_of(&Mercenaries, "republic/1000:1Fd"), ["LEG-MERC"]);
    }
}
