//! LEG-RANK: per rank, the mode's (or the battle force's) minimum and maximum, and a battle
//! force's cap on commanders plus operatives (`commOp`). Battle force `buildsAsCorps` units
//! count as corps; mercenaries do not count toward minimums (unless the battle force counts
//! them) but do toward maximums; Field Commander lowers the commander minimum to 0;
//! Entourage, Associate and Detachment units are taken out of the maximums (Entourage and
//! Associate, the spec's LEG-ENTOURAGE / LEG-ASSOCIATE, have no code of their own: they
//! only exempt, so a violation is this rule's, naming them). Source: REG Army Building L140
//! → Rules Reference; AMG 2.6.0 Ranks, Entourage, Associate; battle force cards (Legion HQ
//! battleForcesDict); the mode tables of card_data/legion/modes.toml.

use crate::messages::{say, text};
use deckcheck_core::l10n::number;
use deckcheck_core::{
    CardRef, Code, CodeInfo, Dated, Explain, Findings, NoteKind, Rule, Violation,
};
use serde::Serialize;

use super::Ctx;
use crate::catalog::{PerRank, Rank, RankTable};

pub const CODE: Code = Code::new("LEG-RANK");

pub struct Ranks;

/// Why units of a rank are not counted toward its maximum.
#[derive(Debug, PartialEq, Serialize)]
#[serde(tag = "by", rename_all = "kebab-case")]
pub(crate) enum ExemptBy {
    /// The Entourage of the unit named.
    Entourage {
        of: String,
    },
    /// Associate, with the unit named in the army.
    Associate {
        with: String,
    },
    Detachment,
}

/// Copies of a unit not counted toward its rank's maximum, and why.
#[derive(Debug, PartialEq, Serialize)]
pub(crate) struct Exempt {
    pub unit: String,
    pub copies: u32,
    #[serde(flatten)]
    pub by: ExemptBy,
}

/// Units of a rank fewer or more than the rank table allows.
#[derive(Debug, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub(crate) enum RankCount {
    /// Fewer than the minimum (mercenaries not counted, unless the battle force counts them).
    TooFew {
        rank: Rank,
        /// Mercenaries of the rank were left out of the count.
        non_mercenary: bool,
        #[serde(skip)]
        min: u64,
        #[serde(skip)]
        count: u64,
    },
    /// More than the maximum, with the units not counted toward it.
    TooMany {
        rank: Rank,
        #[serde(skip_serializing_if = "Vec::is_empty")]
        exempt: Vec<Exempt>,
        #[serde(skip)]
        max: u64,
        #[serde(skip)]
        count: u64,
    },
    /// Commanders and operatives together over the battle force's cap.
    CommandersAndOperatives {
        #[serde(skip)]
        max: u64,
        #[serde(skip)]
        count: u64,
    },
}

impl Explain for RankCount {
    fn message(&self, _cards: &[CardRef], lang: deckcheck_core::Lang) -> String {
        let units = |id: &str, rank: &Rank| say(lang, id, [("rank", text(rank.key()))]);
        match self {
            Self::TooFew {
                rank,
                non_mercenary,
                min,
                count,
            } => {
                let id = if *non_mercenary {
                    "legion-rank-units-non-merc"
                } else {
                    "legion-rank-units"
                };
                say(
                    lang,
                    "legion-rank-too-few",
                    [
                        ("units", text(units(id, rank))),
                        ("count", number(*count)),
                        ("min", number(*min)),
                    ],
                )
            }
            Self::TooMany {
                rank,
                exempt,
                max,
                count,
            } => {
                let not_counted = if exempt.is_empty() {
                    String::new()
                } else {
                    let reasons: Vec<String> = exempt
                        .iter()
                        .map(|e| {
                            let (copies, unit) = (number(e.copies), text(e.unit.as_str()));
                            match &e.by {
                                ExemptBy::Entourage { of } => say(
                                    lang,
                                    "legion-exempt-entourage",
                                    [
                                        ("copies", copies),
                                        ("unit", unit),
                                        ("of", text(of.as_str())),
                                    ],
                                ),
                                ExemptBy::Associate { with } => say(
                                    lang,
                                    "legion-exempt-associate",
                                    [
                                        ("copies", copies),
                                        ("unit", unit),
                                        ("with", text(with.as_str())),
                                    ],
                                ),
                                ExemptBy::Detachment => say(
                                    lang,
                                    "legion-exempt-detachment",
                                    [("copies", copies), ("unit", unit)],
                                ),
                            }
                        })
                        .collect();
                    let n: u64 = exempt.iter().map(|e| u64::from(e.copies)).sum();
                    say(
                        lang,
                        "legion-not-counted",
                        [("n", number(n)), ("reasons", text(reasons.join(", ")))],
                    )
                };
                say(
                    lang,
                    "legion-rank-too-many",
                    [
                        ("units", text(units("legion-rank-units", rank))),
                        ("exempt", text(not_counted)),
                        ("count", number(*count)),
                        ("max", number(*max)),
                    ],
                )
            }
            Self::CommandersAndOperatives { max, count } => say(
                lang,
                "legion-commanders-and-operatives",
                [("count", number(*count)), ("max", number(*max))],
            ),
        }
    }

    fn numbers(&self) -> Option<(u64, u64)> {
        match self {
            Self::TooFew { min, count, .. } => Some((*min, *count)),
            Self::TooMany { max, count, .. } | Self::CommandersAndOperatives { max, count } => {
                Some((*max, *count))
            }
        }
    }
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

    fn violation(&self, count: RankCount) -> Violation {
        match self {
            Self::Mode(d) => Violation::of(CODE, d, count),
            Self::Force { section, .. } => Violation::new(CODE, section.clone(), count),
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

impl Rule<Ctx<'_>> for Ranks {
    fn codes(&self) -> &'static [CodeInfo] {
        &[CodeInfo {
            code: CODE,
            meaning: "too few or too many units of a rank",
        }]
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
        let mut exempt: PerRank<Vec<Exempt>> = PerRank::default();
        let mut not_counted: PerRank<u64> = PerRank::default();
        for (i, u) in cx.army.units.iter().enumerate() {
            let rank = cx.ranks[i];
            let n = u64::from(u.count);
            *counted.get_mut(rank) += n;
            if cx.card(u.card).is_mercenary() {
                *mercs.get_mut(rank) += n;
            }
            let by = match (
                entourage.get(i).unwrap_or(&None),
                associate.get(i).unwrap_or(&None),
                detachment.get(i).copied().unwrap_or(0),
            ) {
                (Some((free, of)), _, _) if *free > 0 => {
                    Some((*free, ExemptBy::Entourage { of: of.clone() }))
                }
                (_, Some((free, with)), _) if *free > 0 => {
                    Some((*free, ExemptBy::Associate { with: with.clone() }))
                }
                (_, _, free) if free > 0 => Some((free, ExemptBy::Detachment)),
                _ => None,
            };
            if let Some((free, by)) = by {
                *not_counted.get_mut(rank) += u64::from(free);
                exempt.get_mut(rank).push(Exempt {
                    unit: cx.card(u.card).name.to_string(),
                    copies: free,
                    by,
                });
            }
        }
        let units_of = |rank: Rank| -> Vec<CardRef> {
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
                let few = RankCount::TooFew {
                    rank,
                    non_mercenary: mercs.get(rank) > 0 && !count_mercs,
                    min: u64::from(min),
                    count: for_min,
                };
                out.violation(cx.minimum(table.violation(few).cards(units_of(rank))));
            }
            let for_max = all - not_counted.get(rank).min(all);
            if for_max > u64::from(max) {
                let many = RankCount::TooMany {
                    rank,
                    exempt: std::mem::take(exempt.get_mut(rank)),
                    max: u64::from(max),
                    count: for_max,
                };
                out.violation(table.violation(many).cards(units_of(rank)));
            }
        }
        if let Some(cap) = limits.comm_op {
            let exempt_co = not_counted.commander + not_counted.operative;
            let both = (counted.commander + counted.operative).saturating_sub(exempt_co);
            let each_within = counted.commander.saturating_sub(not_counted.commander)
                <= u64::from(limits.ranks.commander[1])
                && counted.operative.saturating_sub(not_counted.operative)
                    <= u64::from(limits.ranks.operative[1]);
            if both > u64::from(cap) && each_within {
                let mut cards = units_of(Rank::Commander);
                cards.extend(units_of(Rank::Operative));
                let many = RankCount::CommandersAndOperatives {
                    max: u64::from(cap),
                    count: both,
                };
                out.violation(table.violation(many).cards(cards));
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
