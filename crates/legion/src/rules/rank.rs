//! LEG-RANK: per rank, the mode's (or the battle force's) minimum and maximum, and a battle
//! force's cap on commanders plus operatives (`commOp`). Battle force `buildsAsCorps` units
//! count as corps; mercenaries do not count toward minimums (unless the battle force counts
//! them) but do toward maximums; Field Commander lowers the commander minimum to 0;
//! Entourage, Associate and Detachment units are taken out of the maximums (Entourage and
//! Associate, the spec's LEG-ENTOURAGE / LEG-ASSOCIATE, have no code of their own: they
//! only exempt, so a violation is this rule's, naming them). Source: REG Army Building L140
//! → Rules Reference; AMG 2.6.0 Ranks, Entourage, Associate; battle force cards (Legion HQ
//! battleForcesDict); the mode tables of card_data/legion/modes.toml.

use deckcheck_core::{Code, Dated, Findings, NoteKind, Violation};

use super::{Ctx, Rule, plural};
use crate::catalog::{PerRank, Rank, RankTable};

pub const CODE: Code = Code::new("LEG-RANK");

pub struct Ranks;

fn too_many(v: &Violation) -> String {
    format!(
        "Too many {}: {}, at most {}.",
        Some(v.get("detail"))
            .filter(|d| !d.is_empty())
            .unwrap_or("units"),
        v.actual.unwrap_or(0),
        v.expected.unwrap_or(0)
    )
}

fn too_few(v: &Violation) -> String {
    format!(
        "Not enough {}: {}, at least {}.",
        Some(v.get("detail"))
            .filter(|d| !d.is_empty())
            .unwrap_or("units"),
        v.actual.unwrap_or(0),
        v.expected.unwrap_or(0)
    )
}

/// The rank table in force, and where it comes from.
pub enum Table<'a> {
    Mode(&'a Dated<RankTable>),
    Force {
        table: &'a RankTable,
        section: String,
    },
}

impl Table<'_> {
    fn table(&self) -> &RankTable {
        match self {
            Self::Mode(d) => &d.value,
            Self::Force { table, .. } => table,
        }
    }

    fn violation(&self, render: deckcheck_core::report::Render) -> Violation {
        match self {
            Self::Mode(d) => Violation::rendered_of(CODE, d, render),
            Self::Force { section, .. } => Violation::rendered(CODE, section.clone(), render),
        }
    }
}

impl<'a> Ctx<'a> {
    pub fn rank_table(&self, out: &mut Findings) -> Option<Table<'a>> {
        if let Some(bf) = self.bf {
            let section = format!("BF {} rank requirements", bf.name);
            if let Some(table) = bf.table(&self.mode.lhq_mode) {
                return Some(Table::Force { table, section });
            }
            if let Some(table) = bf.standard.as_ref() {
                out.note(
                    NoteKind::Caveat,
                    Some(&section),
                    format!(
                        "The {} battle force has no rank table for {}; its standard table was used, as Legion HQ does.",
                        bf.name, self.mode.info.name
                    ),
                );
                return Some(Table::Force { table, section });
            }
        }
        self.mode.ranks.at(self.as_of).map(Table::Mode)
    }
}

impl Rule for Ranks {
    fn code(&self) -> Code {
        CODE
    }
    fn meaning(&self) -> &'static str {
        "too few or too many units of a rank"
    }
    fn check(&self, cx: &Ctx<'_>, out: &mut Findings) {
        let Some(table) = cx.rank_table(out) else {
            return;
        };
        if let Table::Mode(d) = &table {
            out.resting_on(d);
        }
        let limits = table.table();
        let count_mercs = cx.bf.is_some_and(|b| b.rules.count_mercs);
        let entourage = cx.entourage_exempt();
        let associate = cx.associate_exempt();
        let detachment = cx.detachment_exempt();

        let mut counted: PerRank<u64> = PerRank::default();
        let mut mercs: PerRank<u64> = PerRank::default();
        let mut exempt: PerRank<u64> = PerRank::default();
        let mut reasons: PerRank<Vec<String>> = PerRank::default();
        for (i, u) in cx.army.units.iter().enumerate() {
            let rank = cx.ranks[i];
            let n = u64::from(u.count);
            *counted.get_mut(rank) += n;
            if cx.card(u.card).is_mercenary() {
                *mercs.get_mut(rank) += n;
            }
            let name = &cx.card(u.card).name;
            let (e, holder) = &entourage[i];
            let (a, named) = &associate[i];
            let (free, why) = if *e > 0 {
                (
                    *e,
                    format!(
                        "{name} by Entourage of {}",
                        holder.as_deref().unwrap_or("?")
                    ),
                )
            } else if *a > 0 {
                (
                    *a,
                    format!(
                        "{name} by Associate ({} is in the army)",
                        named.as_deref().unwrap_or("?")
                    ),
                )
            } else if detachment[i] > 0 {
                (detachment[i], format!("{name} by Detachment"))
            } else {
                (0, String::new())
            };
            if free > 0 {
                *exempt.get_mut(rank) += u64::from(free);
                reasons.get_mut(rank).push(format!("{free} {why}"));
            }
        }
        let units_of = |rank: Rank| -> Vec<deckcheck_core::CardRef> {
            cx.army
                .units
                .iter()
                .zip(&cx.ranks)
                .filter(|(_, r)| **r == rank)
                .map(|(u, _)| cx.unit_ref(u))
                .collect()
        };
        for rank in Rank::ALL {
            let [mut min, max] = limits.ranks.get(rank);
            if rank == Rank::Commander
                && (cx.field_commander_applies() || cx.field_commander_refused())
            {
                min = 0;
            }
            let all = counted.get(rank);
            let for_min = if count_mercs {
                all
            } else {
                all - mercs.get(rank)
            };
            if for_min < u64::from(min) {
                let label = if mercs.get(rank) > 0 && !count_mercs {
                    format!("non-mercenary {} units", rank.label())
                } else {
                    format!("{} units", rank.label())
                };
                out.violation(
                    cx.minimum(
                        table
                            .violation(too_few)
                            .numbers(u64::from(min), for_min)
                            .cards(units_of(rank))
                            .with("detail", label),
                    ),
                );
            }
            let for_max = all - exempt.get(rank).min(all);
            if for_max > u64::from(max) {
                let mut label = format!("{} units", rank.label());
                if !reasons.get_ref(rank).is_empty() {
                    label.push_str(&format!(
                        " ({} not counted: {})",
                        plural(exempt.get(rank), "unit", "units"),
                        reasons.get_ref(rank).join(", ")
                    ));
                }
                out.violation(
                    table
                        .violation(too_many)
                        .numbers(u64::from(max), for_max)
                        .cards(units_of(rank))
                        .with("detail", label),
                );
            }
        }
        if let Some(cap) = limits.comm_op {
            let exempt_co = exempt.commander + exempt.operative;
            let both = (counted.commander + counted.operative).saturating_sub(exempt_co);
            let each_within = counted.commander.saturating_sub(exempt.commander)
                <= u64::from(limits.ranks.commander[1])
                && counted.operative.saturating_sub(exempt.operative)
                    <= u64::from(limits.ranks.operative[1]);
            if both > u64::from(cap) && each_within {
                let mut cards = units_of(Rank::Commander);
                cards.extend(units_of(Rank::Operative));
                out.violation(
                    table
                        .violation(too_many)
                        .numbers(u64::from(cap), both)
                        .cards(cards)
                        .with("detail", "commanders and operatives together"),
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
    fn a_rank_over_its_maximum_or_under_its_minimum_is_illegal() {
        assert!(codes_of(&Ranks, "rebels/1000:1ab00,1ad00,3ah000,1ap0").is_empty());
        assert_eq!(
            codes_of(&Ranks, "rebels/1000:1ab00,1ad00,2ah000"),
            ["LEG-RANK"]
        );
        assert_eq!(
            codes_of(&Ranks, "rebels/1000:1ab00,3ah000,3ap0"),
            ["LEG-RANK"]
        );
    }

    #[test]
    fn mercenaries_do_not_make_up_a_minimum() {
        assert_eq!(
            codes_of(&Ranks, "rebels/1000:1ab00,2ah000,1Fd"),
            ["LEG-RANK"]
        );
    }

    #[test]
    fn a_battle_force_uses_its_own_table() {
        // Blizzard Force: no operatives.
        assert_eq!(
            codes_of(&Ranks, "empire/1000:bf:1at0,3az000,1wl"),
            ["LEG-RANK"]
        );
    }
}
