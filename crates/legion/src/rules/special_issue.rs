//! LEG-SPECIAL-ISSUE: a unit with Special Issue: X only in the battle force X. Source: AMG
//! 2.6.0 Special Issue; cards.json `specialIssue`.

use deckcheck_core::{Code, Findings, Violation};

use super::{Ctx, Rule, names};

pub const CODE: Code = Code::new("LEG-SPECIAL-ISSUE");

pub struct SpecialIssue;

fn message(v: &Violation) -> String {
    format!(
        "{} can only be taken in the {} battle force (Special Issue).",
        names(&v.cards),
        Some(v.get("detail"))
            .filter(|d| !d.is_empty())
            .unwrap_or("?")
    )
}

impl Rule for SpecialIssue {
    fn code(&self) -> Code {
        CODE
    }
    fn meaning(&self) -> &'static str {
        "a Special Issue unit outside its battle force"
    }
    fn check(&self, cx: &Ctx<'_>, out: &mut Findings) {
        let mut by_force: Vec<(&str, Vec<deckcheck_core::CardRef>)> = Vec::new();
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
            out.violation(
                Violation::rendered(CODE, "AMG 2.6.0 Special Issue", message)
                    .cards(cards)
                    .with("detail", force),
            );
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
