//! LEG-MERC: a mercenary unit only in an army of a faction its Mercenary keyword names
//! (`affiliations`); at most 2 mercenary corps and 1 mercenary unit of each other rank,
//! with Allies of Convenience one more of any one rank; battle forces that count mercenaries
//! as their own (`countMercs`) are exempt. Source: AMG 2.6.0 Mercenaries, Allies of
//! Convenience; limits in card_data/legion/army_building.toml.

use crate::messages::{say, text};
use deckcheck_core::l10n::{self, number};
use deckcheck_core::{CardRef, Code, CodeInfo, Explain, Findings, Rule, Violation};
use serde::Serialize;

use super::Ctx;
use crate::catalog::{Kw, PerRank, Rank};

pub const CODE: Code = Code::new("LEG-MERC");

pub struct Mercenaries;

/// Mercenaries the army may not take.
#[derive(Debug, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub(crate) enum MercBreach {
    /// Their Mercenary keyword does not name the army's faction.
    NotAffiliated { faction: String },
    /// More mercenaries of a rank than allowed.
    TooMany {
        rank: Rank,
        #[serde(skip)]
        limit: u64,
        #[serde(skip)]
        count: u64,
    },
}

impl Explain for MercBreach {
    fn message(&self, cards: &[CardRef], lang: deckcheck_core::Lang) -> String {
        match self {
            Self::NotAffiliated { faction } => say(
                lang,
                "legion-merc-not-affiliated",
                [
                    ("cards", text(l10n::names(lang, cards))),
                    ("count", number(cards.len() as u64)),
                    ("faction", text(faction.as_str())),
                ],
            ),
            Self::TooMany { rank, limit, count } => {
                let units = say(lang, "legion-rank-units-merc", [("rank", text(rank.key()))]);
                say(
                    lang,
                    "legion-merc-too-many",
                    [
                        ("units", text(units)),
                        ("count", number(*count)),
                        ("limit", number(*limit)),
                    ],
                )
            }
        }
    }

    fn numbers(&self) -> Option<(u64, u64)> {
        match self {
            Self::TooMany { limit, count, .. } => Some((*limit, *count)),
            Self::NotAffiliated { .. } => None,
        }
    }
}

impl Rule<Ctx<'_>> for Mercenaries {
    fn codes(&self) -> &'static [CodeInfo] {
        &[CodeInfo {
            code: CODE,
            meaning: "a mercenary not allowed in the army, or too many mercenaries of a rank",
        }]
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
                let breach = MercBreach::NotAffiliated {
                    faction: f.to_string(),
                };
                out.violation(Violation::new(CODE, merc.section.clone(), breach).cards(cards));
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
            cx.card(u.card).has(Kw::AlliesOfConvenience)
                || u.all_upgrades()
                    .any(|x| cx.card(x).has(Kw::AlliesOfConvenience))
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
                let breach = MercBreach::TooMany {
                    rank,
                    limit,
                    count: counts.get(rank),
                };
                out.violation(Violation::new(CODE, section, breach).cards(cards));
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
