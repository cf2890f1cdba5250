//! LEG-BATTLE-FORCE: an army built as a battle force holds only the units it lists per rank
//! (or adds by a chosen option), only the unique upgrades it allows and none it disallows,
//! is of its faction, and keeps its encoded rules: `unitLimits`, `minOneOfEachCorps`,
//! `minimum3Wookiees`, `take2NonEwokRebs`, `needsClan`, option-only upgrades. Rules the data
//! gives only in words are said once, not checked. Source: the battle force cards (Legion
//! HQ battleForcesDict: lists, rules, plainTextRules).

use deckcheck_core::{CardRef, Code, Findings, NoteKind, Violation};

use super::{Ctx, Rule, names};

pub const CODE: Code = Code::new("LEG-BATTLE-FORCE");

pub struct BattleForceRules;

fn message(v: &Violation) -> String {
    let bf = v.section.strip_prefix("BF ").unwrap_or(&v.section);
    match Some(v.get("detail")).filter(|d| !d.is_empty()) {
        Some("unit") => format!(
            "{} {} not part of the {bf} battle force.",
            names(&v.cards),
            is_are(v)
        ),
        Some("upgrade") => format!(
            "{} {} not allowed in the {bf} battle force.",
            names(&v.cards),
            is_are(v)
        ),
        Some("faction") => format!("The {bf} battle force is not an army of this faction."),
        Some(other) => format!("{bf}: {other}."),
        None => format!("{bf}: a battle force rule is broken."),
    }
}

fn is_are(v: &Violation) -> &'static str {
    if v.cards.len() == 1 { "is" } else { "are" }
}

impl Rule for BattleForceRules {
    fn code(&self) -> Code {
        CODE
    }
    fn meaning(&self) -> &'static str {
        "the army breaks a rule of its battle force"
    }
    fn check(&self, cx: &Ctx<'_>, out: &mut Findings) {
        let Some(bf) = cx.bf else {
            return;
        };
        let section = format!("BF {}", bf.name);
        let v = |detail: &str| {
            Violation::rendered(CODE, section.clone(), message).with("detail", detail.to_string())
        };
        if let Some(f) = cx.army.faction.as_deref()
            && f != bf.faction
        {
            out.violation(v("faction"));
        }
        let chosen = cx.settings.choices.as_deref();
        if let Some(chosen) = chosen {
            let unknown: Vec<&str> = chosen
                .iter()
                .filter(|c| !bf.choices.iter().any(|o| o.name.eq_ignore_ascii_case(c)))
                .map(String::as_str)
                .collect();
            if !unknown.is_empty() {
                let known: Vec<&str> = bf.choices.iter().map(|c| c.name.as_str()).collect();
                let offer = if known.is_empty() {
                    "it offers no options".to_string()
                } else {
                    format!("its options are {}", known.join(", "))
                };
                out.violation(v(&format!(
                    "no option named {} ({offer})",
                    unknown.join(", ")
                )));
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
            out.violation(v("unit").cards(units));
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
            out.violation(v("upgrade").cards(upgrades));
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
            let names: Vec<String> = limit
                .ids
                .iter()
                .filter_map(|id| cx.cat.by_id(id))
                .map(|c| c.full_name())
                .collect();
            let what = names.join(" or ");
            if n > u64::from(hi) {
                out.violation(
                    v(&format!("at most {hi} {what} (the army has {n})")).numbers(u64::from(hi), n),
                );
            } else if n < u64::from(lo) {
                out.violation(
                    cx.minimum(
                        v(&format!("at least {lo} {what} (the army has {n})"))
                            .numbers(u64::from(lo), n),
                    ),
                );
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
                out.violation(cx.minimum(v(
                    "one unit of each of its corps must be taken before a second of any",
                )));
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
                out.violation(
                    cx.minimum(
                        v(&format!(
                            "at least 3 Wookiee trooper units (the army has {n})"
                        ))
                        .numbers(3, n),
                    ),
                );
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
                out.violation(
                    cx.minimum(
                        v(&format!(
                            "at least 2 non-Ewok Rebel units (the army has {n})"
                        ))
                        .numbers(2, n),
                    ),
                );
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
                    view.field("affiliation")
                        .and_then(|a| a.as_str().map(str::to_string))
                        .is_some_and(|a| a != clan.affiliation)
                })
                .map(|(_, u)| cx.unit_ref(u))
                .collect();
            if !wrong.is_empty() {
                out.violation(
                    v(&format!(
                        "every unit must be of the {} affiliation",
                        clan.affiliation
                    ))
                    .cards(wrong),
                );
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
