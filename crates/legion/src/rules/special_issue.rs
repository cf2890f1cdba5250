//! LEG-SPECIAL-ISSUE: a unit with Special Issue: X only in the battle force X. Source: AMG
//! 2.6.0 Special Issue; cards.json `specialIssue`.

use crate::messages::{say, text};
use deckcheck_core::l10n;
use deckcheck_core::{CardRef, Code, CodeInfo, Explain, Findings, Rule, Violation};
use serde::Serialize;

use super::Ctx;

pub const CODE: Code = Code::new("LEG-SPECIAL-ISSUE");

pub struct SpecialIssue;

/// Special Issue units outside their battle force.
#[derive(Debug, PartialEq, Serialize)]
pub(crate) struct OutsideItsForce {
    pub force: String,
}

impl Explain for OutsideItsForce {
    fn message(&self, cards: &[CardRef], lang: deckcheck_core::Lang) -> String {
        say(
            lang,
            "legion-special-issue",
            [
                ("cards", text(l10n::names(lang, cards))),
                ("force", text(self.force.as_str())),
            ],
        )
    }
}

impl Rule<Ctx<'_>> for SpecialIssue {
    fn codes(&self) -> &'static [CodeInfo] {
        &[CodeInfo {
            code: CODE,
            meaning: "a Special Issue unit outside its battle force",
        }]
    }

    fn check(&self, cx: &Ctx<'_>, out: &mut Findings) {
        let mut by_force: Vec<(&str, Vec<CardRef>)> = Vec::new();
        for u in &cx.army.units {
            let Some(force) = cx.card(u.card).special_issue.as_deref() else {
                continue;
            };
            if cx.bf.is_some_and(|b| b.name == force) {
                continue;
            }
            match by_force.iter_mut().find(|(f, _)| *f == force) {
                Some((_, cards)) => cards.push(cx.unit_ref(u)),
                None => by_force.push((force, vec![cx.unit_ref(u)])),
            }
        }
        for (force, cards) in by_force {
            let outside = OutsideItsForce {
                force: force.to_string(),
            };
            out.violation(Violation::new(CODE, "AMG 2.6.0 Special Issue", outside).cards(cards));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::fixture::*;
    use super::*;

    #[test]
    fn a_special_issue_unit_needs_its_battle_force() {
        assert_eq!(
            codes_of(&SpecialIssue, "empire/1000:1at0,3az000,1sr0"),
            ["LEG-SPECIAL-ISSUE"]
        );
        assert!(codes_of(&SpecialIssue, "empire/1000:bf:1at0,3az000,1sr0").is_empty());
    }
}
