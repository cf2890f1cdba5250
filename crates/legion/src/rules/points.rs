//! LEG-POINTS: the army's points (units, upgrades, counterparts, times copies) do not exceed
//! the mode's cap on the date. Source: REG Army Building L140 (800), AMG 2.6.0 Army Building
//! (1,000); costs on past dates rebuilt from cards.json history[]; conditional costs from
//! Legion HQ's cardInteractions (card_data/legion/army_building.toml).

use crate::messages::say;
use deckcheck_core::l10n::number;
use deckcheck_core::wording::names;
use deckcheck_core::{
    CardRef, Code, CodeInfo, Confidence, Explain, Findings, NoteKind, Rule, Violation,
};
use serde::Serialize;

use super::Ctx;
use crate::army::Unit;
use crate::catalog::Ix;
use crate::history::cost_on;

pub const CODE: Code = Code::new("LEG-POINTS");

pub struct Points;

/// An army over the mode's points.
#[derive(Debug, PartialEq, Serialize)]
pub(crate) struct TooManyPoints {
    /// How many units the army fields.
    pub units: u64,
    #[serde(skip)]
    pub cap: u64,
    #[serde(skip)]
    pub points: u64,
}

impl Explain for TooManyPoints {
    fn message(&self, _cards: &[CardRef], lang: deckcheck_core::Lang) -> String {
        say(
            lang,
            "legion-too-many-points",
            [
                ("points", number(self.points)),
                ("cap", number(self.cap)),
                ("over", number(self.points.saturating_sub(self.cap))),
            ],
        )
    }

    fn numbers(&self) -> Option<(u64, u64)> {
        Some((self.cap, self.points))
    }
}

/// What the army costs on the date, and the cards whose cost then is not known.
pub struct Total {
    pub points: u64,
    pub unknown: Vec<Ix>,
}

impl Ctx<'_> {
    /// A card's cost on the date checked; `Err` holds the date of a later cost change its
    /// history gives only in words.
    pub fn cost(&self, card: Ix) -> Result<u32, jiff::civil::Date> {
        let c = self.card(card);
        let now = c.cost.unwrap_or(0);
        if self.as_of >= self.data.army.snapshot {
            return Ok(now);
        }
        cost_on(now, &c.history, self.as_of)
    }

    /// The delta Legion HQ's conditional costs give an upgrade on a unit; `None` when the
    /// condition depends on a choice the list does not give.
    fn delta(&self, unit: &Unit, upgrade: Ix) -> Option<i64> {
        let id = &*self.card(upgrade).id;
        let mut total = 0;
        for c in self
            .data
            .army
            .conditional_costs
            .iter()
            .filter(|c| c.upgrade == id)
        {
            let unit_ok = c
                .unit
                .as_deref()
                .is_none_or(|u| u == &*self.card(unit.card).id);
            let army_ok = c
                .army_has
                .as_deref()
                .is_none_or(|id| self.army.units.iter().any(|u| &*self.card(u.card).id == id));
            let bf_ok = c
                .battle_force
                .as_deref()
                .is_none_or(|b| self.bf.is_some_and(|bf| bf.name == b));
            if !(unit_ok && army_ok && bf_ok) {
                continue;
            }
            match (&c.choice, &self.settings.choices) {
                (None, _) => total += i64::from(c.delta),
                (Some(choice), Some(chosen)) if chosen.iter().any(|x| x == choice) => {
                    total += i64::from(c.delta)
                }
                (Some(_), Some(_)) => {}
                (Some(_), None) => return None,
            }
        }
        Some(total)
    }

    pub fn total(&self) -> (Total, bool) {
        let mut points: i64 = 0;
        let mut unknown = Vec::new();
        let mut choice_unknown = false;
        let cost = |card: Ix, unknown: &mut Vec<Ix>| -> i64 {
            match self.cost(card) {
                Ok(c) => i64::from(c),
                Err(_) => {
                    if !unknown.contains(&card) {
                        unknown.push(card);
                    }
                    i64::from(self.card(card).cost.unwrap_or(0))
                }
            }
        };
        for unit in &self.army.units {
            let mut one = cost(unit.card, &mut unknown);
            for u in &unit.upgrades {
                one += cost(*u, &mut unknown);
                match self.delta(unit, *u) {
                    Some(d) => one += d,
                    None => choice_unknown = true,
                }
            }
            if let Some(cp) = &unit.counterpart {
                one += cost(cp.card, &mut unknown);
                for u in &cp.upgrades {
                    one += cost(*u, &mut unknown);
                }
            }
            points += one.max(0) * i64::from(unit.count);
        }
        (
            Total {
                points: points.max(0) as u64,
                unknown,
            },
            choice_unknown,
        )
    }
}

impl Rule<Ctx<'_>> for Points {
    fn codes(&self) -> &'static [CodeInfo] {
        &[CodeInfo {
            code: CODE,
            meaning: "the army costs more points than the mode allows",
        }]
    }
    fn check(&self, cx: &Ctx<'_>, out: &mut Findings) {
        let Some(cap) = cx.mode.points.at(cx.as_of) else {
            return;
        };
        let (total, choice_unknown) = cx.total();
        if !total.unknown.is_empty() {
            let cards: Vec<_> = total
                .unknown
                .iter()
                .map(|c| cx.card_ref(*c, None))
                .collect();
            out.note(
                NoteKind::Unverified,
                Some("cards.json history[]"),
                format!(
                    "The cost on {} of {} cannot be rebuilt from the card's history (a change is written in words the checker cannot read); today's cost was used.",
                    cx.as_of,
                    names(&cards)
                ),
            );
        }
        if choice_unknown {
            out.note(
                NoteKind::Unverified,
                Some("BF Custom Clan"),
                "An upgrade's cost depends on the battle force's chosen options, which the list does not give (pass them as the `choices` option).",
            );
        }
        if cx.as_of < cx.data.army.snapshot {
            out.note(
                NoteKind::Caveat,
                Some("cards.json history[]"),
                format!(
                    "Points on {} are rebuilt from each card's history of cost changes in Legion HQ's data.",
                    cx.as_of
                ),
            );
        }
        // A cap the project is not sure of decides the answer only when the army is between
        // it and the cap before it; otherwise its sentence is said and the verdict stands.
        let previous = cx
            .mode
            .points
            .entries()
            .iter()
            .take_while(|d| d.from < cap.from)
            .last()
            .map(|d| u64::from(d.value));
        let decides = match previous {
            Some(p) => {
                let (lo, hi) = (p.min(u64::from(cap.value)), p.max(u64::from(cap.value)));
                total.points > lo && total.points <= hi
            }
            None => true,
        };
        if decides {
            out.resting_on(cap);
        } else if let Some(caveat) = cap.caveat() {
            out.note(NoteKind::Caveat, Some(&cap.section), caveat);
        }
        if total.points > u64::from(cap.value) {
            let over = TooManyPoints {
                units: cx.army.units.iter().map(|u| u64::from(u.count)).sum(),
                cap: u64::from(cap.value),
                points: total.points,
            };
            let mut v = Violation::of(CODE, cap, over)
                .cards(cx.army.units.iter().map(|u| cx.unit_ref(u)).collect());
            if !decides {
                v.confidence = Confidence::Official;
                v.caveat = None;
            }
            if !total.unknown.is_empty() || choice_unknown {
                v.confidence = Confidence::Unconfirmed;
                v.caveat =
                    Some("A cost this total rests on is not known for the date checked.".into());
            }
            out.violation(v);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::fixture::*;
    use super::*;
    use jiff::civil::date;

    #[test]
    fn the_points_over_the_cap_are_said_in_each_language() {
        use deckcheck_core::Lang;
        let over = TooManyPoints {
            units: 9,
            points: 812,
            cap: 800,
        };
        assert_eq!(
            over.message(&[], Lang::En),
            "The army costs 812 points; this mode allows at most 800 (12 too many)."
        );
        assert_eq!(
            over.message(&[], Lang::It),
            "L'armata costa 812 punti; questa modalità ne consente al massimo 800 (12 di troppo)."
        );
        assert!(
            over.message(&[], Lang::De)
                .starts_with("Die Armee kostet 812 Punkte")
        );
    }

    #[test]
    fn an_army_over_the_cap_is_illegal_and_says_by_how_much() {
        // 120 × 9 = 1,080.
        assert_eq!(codes_of(&Points, "rebels/1000:9ad00"), ["LEG-POINTS"]);
        assert!(codes_of(&Points, "rebels/1000:1ab00,1ad00,3ah000").is_empty());
    }

    #[test]
    fn the_cap_was_800_before_2024_07_24() {
        // Luke cost 150 then: 150 + 75 + 6 × 40 + 3 × 125 = 840; today 810.
        let link = "rebels/800:1ad00,1ab00,6ah000,3ap0";
        let old = findings(link, "standard", date(2024, 1, 1));
        let v = old.violations.iter().find(|v| v.code == CODE).unwrap();
        assert_eq!((v.expected, v.actual), (Some(800), Some(840)));
        assert!(
            findings(link, "standard", TODAY)
                .violations
                .iter()
                .all(|v| v.code != CODE)
        );
    }
}
