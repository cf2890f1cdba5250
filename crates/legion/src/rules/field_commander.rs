//! LEG-FIELD-COMMANDER: a unit or upgrade with Field Commander lets an army have no
//! commander, unless its battle force says otherwise (`noFieldComm`). Source: AMG 2.6.0
//! Field Commander; battle force cards (Legion HQ battleForcesDict `noFieldComm`).

use crate::messages::{say, text};
use deckcheck_core::l10n;
use deckcheck_core::{CardRef, Code, CodeInfo, Explain, Findings, Rule, Violation};
use serde::Serialize;

use super::Ctx;
use crate::catalog::{Kw, Rank};

pub const CODE: Code = Code::new("LEG-FIELD-COMMANDER");

pub struct FieldCommander;

/// A Field Commander standing in for a commander where the battle force refuses it.
#[derive(Debug, PartialEq, Serialize)]
pub(crate) struct FieldCommanderRefused {
    pub force: String,
}

impl Explain for FieldCommanderRefused {
    fn message(&self, cards: &[CardRef], lang: deckcheck_core::Lang) -> String {
        say(
            lang,
            "legion-field-commander",
            [
                ("cards", text(l10n::names(lang, cards))),
                ("force", text(self.force.as_str())),
            ],
        )
    }
}

impl Ctx<'_> {
    /// Units (and units by their upgrades) that have Field Commander.
    pub fn field_commanders(&self) -> Vec<deckcheck_core::CardRef> {
        let mut out = Vec::new();
        for u in &self.army.units {
            if self.card(u.card).has(Kw::FieldCommander) {
                out.push(self.unit_ref(u));
            }
            for up in u.all_upgrades() {
                if self.card(up).has(Kw::FieldCommander) {
                    out.push(self.card_ref(up, u.line));
                }
            }
        }
        out
    }

    /// Whether a unit or an upgrade of the army has Field Commander.
    pub fn has_field_commander(&self) -> bool {
        self.army.units.iter().any(|u| {
            self.card(u.card).has(Kw::FieldCommander)
                || u.all_upgrades()
                    .any(|x| self.card(x).has(Kw::FieldCommander))
        })
    }

    /// Whether Field Commander lowers the commander minimum to 0 in this army.
    pub fn field_commander_applies(&self) -> bool {
        !self.bf.is_some_and(|b| b.rules.no_field_comm) && self.has_field_commander()
    }

    pub fn commanders(&self) -> u64 {
        self.army
            .units
            .iter()
            .zip(&self.ranks)
            .filter(|(_, r)| **r == Rank::Commander)
            .map(|(u, _)| u64::from(u.count))
            .sum()
    }

    /// No commander, a Field Commander, and a battle force that refuses it: this rule
    /// reports it (LEG-RANK does not report the commander minimum again).
    pub fn field_commander_refused(&self) -> bool {
        self.bf.is_some_and(|b| b.rules.no_field_comm)
            && self.commanders() == 0
            && self.has_field_commander()
    }
}

impl Rule<Ctx<'_>> for FieldCommander {
    fn codes(&self) -> &'static [CodeInfo] {
        &[CodeInfo {
            code: CODE,
            meaning: "Field Commander used to replace a commander where the battle force forbids it",
        }]
    }

    fn check(&self, cx: &Ctx<'_>, out: &mut Findings) {
        if let Some(bf) = cx.bf.filter(|_| cx.field_commander_refused()) {
            let refused = FieldCommanderRefused {
                force: bf.name.clone(),
            };
            let section = format!("AMG 2.6.0 Field Commander; BF {}", bf.name);
            out.violation(
                cx.minimum(Violation::new(CODE, section, refused).cards(cx.field_commanders())),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::fixture::*;

    #[test]
    fn field_commander_replaces_a_commander_and_a_rebel_army_without_one_is_legal() {
        let f = findings("rebels/1000:1kf0,3ah000", "standard", TODAY);
        assert!(f.violations.is_empty(), "{:?}", f.violations);
        let f = findings("rebels/1000:3ah000", "standard", TODAY);
        assert!(f.violations.iter().any(|v| v.code.as_str() == "LEG-RANK"));
    }
}
