//! LEG-DETACHMENT: a unit with Detachment: X needs, per copy, its own unit named X without
//! Detachment (or, if X is a rank, a unit of that rank without Detachment); it does not
//! count toward its rank's maximum. A battle force's `ignoreDetach` exempts a unit,
//! `sortOfDetachment` gives one. Source: AMG 2.6.0 Detachment; Legion HQ listValidator.

use crate::messages::{say, text};
use deckcheck_core::l10n::{self, number};
use deckcheck_core::{CardRef, Code, CodeInfo, Explain, Findings, Rule, Violation};
use serde::Serialize;

use super::Ctx;
use crate::catalog::{Kw, Rank};

pub const CODE: Code = Code::new("LEG-DETACHMENT");

pub struct Detachment;

/// Detachment units without as many units they detach from.
#[derive(Debug, PartialEq, Serialize)]
pub(crate) struct WithoutParent {
    /// What they detach from: a unit's name, or a rank.
    pub target: String,
    #[serde(skip)]
    pub parents: u64,
    #[serde(skip)]
    pub detachments: u64,
}

impl Explain for WithoutParent {
    fn message(&self, cards: &[CardRef], lang: deckcheck_core::Lang) -> String {
        say(
            lang,
            "legion-without-parent",
            [
                ("cards", text(l10n::names(lang, cards))),
                ("count", number(cards.len() as u64)),
                ("target", text(self.target.as_str())),
                ("parents", number(self.parents)),
                ("detachments", number(self.detachments)),
            ],
        )
    }

    fn numbers(&self) -> Option<(u64, u64)> {
        Some((self.parents, self.detachments))
    }
}

impl Ctx<'_> {
    /// The unit's Detachment target in this army, if it must have one.
    pub fn detachment_of(&self, unit: usize) -> Option<String> {
        let card = self.card(self.army.units[unit].card);
        if self.bf.and_then(|b| b.rules.ignore_detach.as_deref()) == Some(&*card.id) {
            return None;
        }
        if let Some(bf) = self.bf
            && let Some((_, target)) = bf
                .rules
                .sort_of_detachment
                .iter()
                .find(|(id, _)| **id == *card.id)
        {
            return Some(target.clone());
        }
        if !card.has(Kw::Detachment) {
            return None;
        }
        card.keyword("Detachment").and_then(|k| k.value.clone())
    }

    /// Per unit index (empty when no unit has Detachment): copies out of the rank maximum by
    /// Detachment.
    pub fn detachment_exempt(&self) -> Vec<u32> {
        if !self
            .army
            .units
            .iter()
            .any(|u| self.card(u.card).has(Kw::Detachment))
        {
            return Vec::new();
        }
        self.army
            .units
            .iter()
            .map(|u| {
                if self.card(u.card).has(Kw::Detachment) {
                    u.count
                } else {
                    0
                }
            })
            .collect()
    }
}

impl Rule<Ctx<'_>> for Detachment {
    fn codes(&self) -> &'static [CodeInfo] {
        &[CodeInfo {
            code: CODE,
            meaning: "a detachment unit lacks the unit it detaches from",
        }]
    }
    fn check(&self, cx: &Ctx<'_>, out: &mut Findings) {
        let units = &cx.army.units;
        let is_detachment = |i: usize| cx.card(units[i].card).has(Kw::Detachment);
        // Detachments by name, grouped by card name; detachments by rank, grouped by rank.
        let mut by_target: Vec<(String, Vec<usize>)> = Vec::new();
        for i in 0..units.len() {
            if let Some(target) = cx.detachment_of(i) {
                match by_target.iter_mut().find(|(t, _)| *t == target) {
                    Some((_, list)) => list.push(i),
                    None => by_target.push((target, vec![i])),
                }
            }
        }
        for (target, members) in by_target {
            let used: u64 = members.iter().map(|i| u64::from(units[*i].count)).sum();
            let parents: u64 = match Rank::parse(&target) {
                Some(rank) => (0..units.len())
                    .filter(|i| !is_detachment(*i) && cx.ranks[*i] == rank)
                    .map(|i| u64::from(units[i].count))
                    .sum(),
                None => (0..units.len())
                    .filter(|i| !is_detachment(*i) && *cx.card(units[*i].card).name == *target)
                    .map(|i| u64::from(units[i].count))
                    .sum(),
            };
            if used > parents {
                let cards = members.iter().map(|i| cx.unit_ref(&units[*i])).collect();
                let without = WithoutParent {
                    target,
                    parents,
                    detachments: used,
                };
                out.violation(
                    cx.minimum(Violation::new(CODE, "AMG 2.6.0 Detachment", without).cards(cards)),
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
    fn a_detachment_needs_its_parent_unit_per_copy() {
        assert!(codes_of(&Detachment, "rebels/1000:1ab00,3ah000,1ak0,1al0").is_empty());
        assert_eq!(
            codes_of(&Detachment, "rebels/1000:1ab00,3ah000,1ak0,2al0"),
            ["LEG-DETACHMENT"]
        );
        assert_eq!(
            codes_of(&Detachment, "rebels/1000:1ab00,3ah000,1al0"),
            ["LEG-DETACHMENT"]
        );
    }
}
