//! LEG-BATTLE-FORCE: an army built as a battle force holds only the units it lists per rank
//! (or adds by a chosen option), only the unique upgrades it allows and none it disallows,
//! is of its faction, and keeps its encoded rules: `unitLimits`, `minOneOfEachCorps`,
//! `minimum3Wookiees`, `take2NonEwokRebs`, `needsClan`, option-only upgrades. Rules the data
//! gives only in words are said once, not checked. Source: the battle force cards (Legion
//! HQ battleForcesDict: lists, rules, plainTextRules).

use crate::messages::{say, text};
use deckcheck_core::l10n::{self, number};
use deckcheck_core::{CardRef, Code, CodeInfo, Explain, Findings, NoteKind, Rule, Violation};
use serde::Serialize;

use super::Ctx;

pub const CODE: Code = Code::new("LEG-BATTLE-FORCE");

pub struct BattleForceRules;

/// The rule of a battle force an army breaks.
#[derive(Debug, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub(crate) enum ForceRule {
    /// The army is of another faction.
    Faction,
    /// Options chosen that the battle force does not offer.
    UnknownOptions {
        chosen: Vec<String>,
        offered: Vec<String>,
    },
    /// Units it does not list.
    Units,
    /// Upgrades it does not allow.
    Upgrades,
    /// More of some units than `unitLimits` allows.
    AtMost {
        units: Vec<String>,
        #[serde(skip)]
        max: u64,
        #[serde(skip)]
        count: u64,
    },
    /// Fewer of some units than `unitLimits` asks.
    AtLeast {
        units: Vec<String>,
        #[serde(skip)]
        min: u64,
        #[serde(skip)]
        count: u64,
    },
    /// A second unit of a corps before one of each (`minOneOfEachCorps`).
    OneOfEachCorpsFirst,
    /// Fewer than 3 Wookiee trooper units (`minimum3Wookiees`).
    Wookiees {
        #[serde(skip)]
        count: u64,
    },
    /// Fewer than 2 non-Ewok Rebel units (`take2NonEwokRebs`).
    NonEwokRebels {
        #[serde(skip)]
        count: u64,
    },
    /// Units of another affiliation than the clan's (`needsClan`).
    Clan { affiliation: String },
}

/// A rule of the army's battle force broken.
#[derive(Debug, PartialEq, Serialize)]
pub(crate) struct ForceRuleBroken {
    pub force: String,
    #[serde(flatten)]
    pub rule: ForceRule,
}

impl Explain for ForceRuleBroken {
    fn message(&self, cards: &[CardRef], lang: deckcheck_core::Lang) -> String {
        let force = ("force", text(self.force.as_str()));
        let or = |units: &[String]| units.join(&say(lang, "legion-or", []));
        let rule = match &self.rule {
            ForceRule::Faction => return say(lang, "legion-force-faction", [force]),
            ForceRule::Units => {
                return say(
                    lang,
                    "legion-force-units",
                    [
                        ("cards", text(l10n::names(lang, cards))),
                        ("count", number(cards.len() as u64)),
                        force,
                    ],
                );
            }
            ForceRule::Upgrades => {
                return say(
                    lang,
                    "legion-force-upgrades",
                    [
                        ("cards", text(l10n::names(lang, cards))),
                        ("count", number(cards.len() as u64)),
                        force,
                    ],
                );
            }
            ForceRule::UnknownOptions { chosen, offered } => {
                let chosen = ("chosen", text(chosen.join(", ")));
                if offered.is_empty() {
                    say(lang, "legion-force-no-option", [chosen])
                } else {
                    say(
                        lang,
                        "legion-force-unknown-option",
                        [chosen, ("offered", text(offered.join(", ")))],
                    )
                }
            }
            ForceRule::AtMost { units, max, count } => say(
                lang,
                "legion-force-at-most",
                [
                    ("max", number(*max)),
                    ("units", text(or(units))),
                    ("count", number(*count)),
                ],
            ),
            ForceRule::AtLeast { units, min, count } => say(
                lang,
                "legion-force-at-least",
                [
                    ("min", number(*min)),
                    ("units", text(or(units))),
                    ("count", number(*count)),
                ],
            ),
            ForceRule::OneOfEachCorpsFirst => say(lang, "legion-force-corps-first", []),
            ForceRule::Wookiees { count } => {
                say(lang, "legion-force-wookiees", [("count", number(*count))])
            }
            ForceRule::NonEwokRebels { count } => {
                say(lang, "legion-force-non-ewok", [("count", number(*count))])
            }
            ForceRule::Clan { affiliation } => say(
                lang,
                "legion-force-clan",
                [("affiliation", text(affiliation.as_str()))],
            ),
        };
        say(lang, "legion-force-rule", [force, ("rule", text(rule))])
    }

    fn numbers(&self) -> Option<(u64, u64)> {
        match &self.rule {
            ForceRule::AtMost { max, count, .. } => Some((*max, *count)),
            ForceRule::AtLeast { min, count, .. } => Some((*min, *count)),
            ForceRule::Wookiees { count } => Some((3, *count)),
            ForceRule::NonEwokRebels { count } => Some((2, *count)),
            _ => None,
        }
    }
}

impl Rule<Ctx<'_>> for BattleForceRules {
    fn codes(&self) -> &'static [CodeInfo] {
        &[CodeInfo {
            code: CODE,
            meaning: "the army breaks a rule of its battle force",
        }]
    }
    fn check(&self, cx: &Ctx<'_>, out: &mut Findings) {
        let Some(bf) = cx.bf else {
            return;
        };
        let section = format!("BF {}", bf.name);
        let v = |rule: ForceRule| {
            let broken = ForceRuleBroken {
                force: bf.name.clone(),
                rule,
            };
            Violation::new(CODE, section.clone(), broken)
        };
        if let Some(f) = cx.army.faction.as_deref()
            && f != bf.faction
        {
            out.violation(v(ForceRule::Faction));
        }
        let chosen = cx.settings.choices.as_deref();
        if let Some(chosen) = chosen {
            let unknown: Vec<String> = chosen
                .iter()
                .filter(|c| !bf.choices.iter().any(|o| o.name.eq_ignore_ascii_case(c)))
                .cloned()
                .collect();
            if !unknown.is_empty() {
                out.violation(v(ForceRule::UnknownOptions {
                    chosen: unknown,
                    offered: bf.choices.iter().map(|c| c.name.clone()).collect(),
                }));
            }
        }
        let choice_adds = |id: &str| {
            bf.choices.iter().any(|c| {
                !c.add.is_empty()
                    && c.add.iter().any(|x| x == id)
                    && chosen.is_some_and(|ch| ch.contains(&c.name))
            })
        };
        let mut units = Vec::new();
        let mut needs_choice = false;
        for u in &cx.army.units {
            let c = cx.card(u.card);
            let listed = c
                .rank
                .is_some_and(|r| bf.units.get_ref(r).iter().any(|x| *x == *c.id))
                || bf.rules.builds_as_corps.iter().any(|x| *x == *c.id);
            if !listed && !choice_adds(&c.id) {
                if chosen.is_none()
                    && bf
                        .choices
                        .iter()
                        .any(|ch| ch.add.iter().any(|x| *x == *c.id))
                {
                    needs_choice = true;
                } else {
                    units.push(cx.unit_ref(u));
                }
            }
        }
        if !units.is_empty() {
            out.violation(v(ForceRule::Units).cards(units));
        }
        let mut upgrades: Vec<CardRef> = Vec::new();
        for u in &cx.army.units {
            for up in u.all_upgrades() {
                let c = cx.card(up);
                let unique = c.unique || c.unique_title;
                let refused = (unique && !bf.allowed_upgrades.iter().any(|x| *x == *c.id))
                    || bf.disallowed_upgrades.iter().any(|x| *x == *c.id);
                let option_missing = c.choice.as_ref().is_some_and(|choice| match chosen {
                    Some(ch) => !ch.iter().any(|x| x == choice),
                    None => {
                        needs_choice = true;
                        false
                    }
                });
                let r = cx.card_ref(up, u.line);
                if (refused || option_missing) && !upgrades.contains(&r) {
                    upgrades.push(r);
                }
            }
        }
        if !upgrades.is_empty() {
            out.violation(v(ForceRule::Upgrades).cards(upgrades));
        }
        if needs_choice {
            out.note(
                NoteKind::Unverified,
                Some(&section),
                format!(
                    "This army holds a card the {} battle force allows only with a chosen option; the list does not say which options were chosen (pass them as the `choices` option).",
                    bf.name
                ),
            );
        }
        let counts = cx.unit_counts();
        let count_of = |id: &str| -> u64 {
            counts
                .iter()
                .filter(|(ix, _)| *cx.card(**ix).id == *id)
                .map(|(_, n)| u64::from(*n))
                .sum()
        };
        for limit in &bf.rules.unit_limits {
            let n: u64 = limit.ids.iter().map(|id| count_of(id)).sum();
            let [lo, hi] = limit.count;
            let units: Vec<String> = limit
                .ids
                .iter()
                .filter_map(|id| cx.cat.by_id(id))
                .map(|c| c.full_name())
                .collect();
            if n > u64::from(hi) {
                out.violation(v(ForceRule::AtMost {
                    units,
                    max: u64::from(hi),
                    count: n,
                }));
            } else if n < u64::from(lo) {
                out.violation(cx.minimum(v(ForceRule::AtLeast {
                    units,
                    min: u64::from(lo),
                    count: n,
                })));
            }
        }
        if bf.rules.min_one_of_each_corps {
            let ids: Vec<&String> = bf
                .units
                .corps
                .iter()
                .chain(&bf.rules.builds_as_corps)
                .collect();
            let none = ids.iter().any(|id| count_of(id) == 0);
            let more = ids.iter().any(|id| count_of(id) > 1);
            if none && more {
                out.violation(cx.minimum(v(ForceRule::OneOfEachCorpsFirst)));
            }
        }
        if bf.rules.minimum_3_wookiees {
            let n: u64 = cx
                .army
                .units
                .iter()
                .filter(|u| cx.card(u.card).subtype == "wookiee trooper")
                .map(|u| u64::from(u.count))
                .sum();
            if n < 3 {
                out.violation(cx.minimum(v(ForceRule::Wookiees { count: n })));
            }
        }
        if bf.rules.take_2_non_ewok_rebs {
            let n: u64 = cx
                .army
                .units
                .iter()
                .filter(|u| cx.card(u.card).faction == "rebels")
                .map(|u| u64::from(u.count))
                .sum();
            if n < 2 {
                out.violation(cx.minimum(v(ForceRule::NonEwokRebels { count: n })));
            }
        }
        if let Some(clan) = &bf.rules.needs_clan {
            let wrong: Vec<CardRef> = cx
                .army
                .units
                .iter()
                .enumerate()
                .filter(|(i, u)| {
                    let view = cx.view(u.card, &u.upgrades, Some(cx.ranks[*i]));
                    view.field(cx.cat.key("affiliation"))
                        .and_then(|a| a.as_str().map(str::to_string))
                        .is_some_and(|a| a != clan.affiliation)
                })
                .map(|(_, u)| cx.unit_ref(u))
                .collect();
            if !wrong.is_empty() {
                let affiliation = clan.affiliation.clone();
                out.violation(v(ForceRule::Clan { affiliation }).cards(wrong));
            }
        }
        let unchecked: Vec<&str> = bf.rules.other.keys().map(String::as_str).collect();
        if !unchecked.is_empty() || !bf.plain_text_rules.is_empty() {
            out.note(
                NoteKind::Coverage,
                Some(&section),
                format!(
                    "Rules of the {} battle force that Legion HQ's data gives only in words{} are not checked.",
                    bf.name,
                    if unchecked.is_empty() {
                        String::new()
                    } else {
                        format!(
                            ", or as keys this checker does not read ({})",
                            unchecked.join(", ")
                        )
                    }
                ),
            );
        }
    }
}

impl<T: Default> crate::catalog::PerRank<Vec<T>> {
    pub fn get_ref(&self, rank: crate::catalog::Rank) -> &[T] {
        use crate::catalog::Rank::*;
        match rank {
            Commander => &self.commander,
            Operative => &self.operative,
            Corps => &self.corps,
            Special => &self.special,
            Support => &self.support,
            Heavy => &self.heavy,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::fixture::*;
    use super::*;

    #[test]
    fn a_battle_force_takes_only_its_units_and_keeps_its_limits() {
        assert!(codes_of(&BattleForceRules, "empire/1000:bf:1at0,3az000,1sr0").is_empty());
        assert_eq!(
            codes_of(&BattleForceRules, "empire/1000:bf:1av0,3az000"),
            ["LEG-BATTLE-FORCE"]
        );
        assert_eq!(
            codes_of(&BattleForceRules, "empire/1000:bf:1at0,3az000,2sr0"),
            ["LEG-BATTLE-FORCE"]
        );
    }

    #[test]
    fn a_battle_force_refuses_unique_upgrades_it_does_not_allow() {
        assert!(codes_of(&BattleForceRules, "empire/1000:bf:1atcw,3az000").is_empty());
        assert_eq!(
            codes_of(&BattleForceRules, "empire/1000:bf:1at0,3az00lu"),
            ["LEG-BATTLE-FORCE"]
        );
    }
}
