//! LEG-FACTION: every unit that is not a mercenary is of the army's faction, unless a battle
//! force lists it. Source: REG Army Building L140 ("miniatures from only one faction");
//! AMG 2.6.0 Factions.

use crate::messages::{say, text};
use deckcheck_core::l10n::{self, number};
use deckcheck_core::{CardRef, Code, CodeInfo, Explain, Findings, Rule, Violation};
use serde::Serialize;

use super::Ctx;

pub const CODE: Code = Code::new("LEG-FACTION");
const SECTION: &str = "REG Army Building L140";

pub struct Faction;

/// Units of another faction than the army's.
#[derive(Debug, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub(crate) enum OtherFaction {
    /// Not of the army's faction.
    NotOf { faction: String },
    /// No faction was given, and the units are of several.
    Mixed,
}

impl Explain for OtherFaction {
    fn message(&self, cards: &[CardRef], lang: deckcheck_core::Lang) -> String {
        match self {
            Self::NotOf { faction } => say(
                lang,
                "legion-not-of-faction",
                [
                    ("cards", text(l10n::names(lang, cards))),
                    ("count", number(cards.len() as u64)),
                    ("faction", text(faction.as_str())),
                ],
            ),
            Self::Mixed => say(
                lang,
                "legion-mixed-factions",
                [("cards", text(l10n::names(lang, cards)))],
            ),
        }
    }
}

impl Rule<Ctx<'_>> for Faction {
    fn codes(&self) -> &'static [CodeInfo] {
        &[CodeInfo {
            code: CODE,
            meaning: "a unit is not of the army's faction",
        }]
    }

    fn check(&self, cx: &Ctx<'_>, out: &mut Findings) {
        let listed = |id: &str| {
            cx.bf.is_some_and(|b| {
                b.lists_unit(id) || b.rules.builds_as_corps.iter().any(|x| x == id)
            })
        };
        match cx.faction {
            Some(f) => {
                let cards: Vec<_> = cx
                    .army
                    .units
                    .iter()
                    .filter(|u| {
                        let c = cx.card(u.card);
                        !c.is_mercenary() && c.faction != f && !listed(&c.id)
                    })
                    .map(|u| cx.unit_ref(u))
                    .collect();
                if !cards.is_empty() {
                    let other = OtherFaction::NotOf {
                        faction: f.to_string(),
                    };
                    out.violation(Violation::new(CODE, SECTION, other).cards(cards));
                }
            }
            None => {
                // A text list: no faction was written; the units must agree.
                let mut factions: Vec<&str> = cx
                    .army
                    .units
                    .iter()
                    .map(|u| cx.card(u.card).faction.as_str())
                    .filter(|f| *f != "mercenary")
                    .collect();
                factions.sort_unstable();
                factions.dedup();
                if factions.len() > 1 {
                    let cards = cx
                        .army
                        .units
                        .iter()
                        .filter(|u| !cx.card(u.card).is_mercenary())
                        .map(|u| cx.unit_ref(u))
                        .collect();
                    out.violation(Violation::new(CODE, SECTION, OtherFaction::Mixed).cards(cards));
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::fixture::*;
    use super::*;

    #[test]
    fn an_imperial_unit_in_a_rebel_army_is_illegal() {
        assert_eq!(
            codes_of(&Faction, "rebels/1000:1ab00,3ah000,1az000"),
            ["LEG-FACTION"]
        );
        assert!(
            codes_of(&Faction, "rebels/1000:1ab00,3ah000,1Fd").is_empty(),
            "mercenaries are LEG-MERC's"
        );
    }
}
