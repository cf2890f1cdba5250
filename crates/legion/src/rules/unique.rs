//! LEG-UNIQUE: unique and limited cards sharing a name, across units and upgrades (and
//! counterparts), number no more than their bullets (1, or `uniqueCount` for limited
//! upgrades); a unit's upgrades count once per copy of the unit. Uniqueness on past dates
//! follows card_data (e.g. Improvised Orders unique from 2026-04-21). Source: AMG 2.6.0
//! Unique ("This restriction also applies across card types").

use crate::messages::{say, text};
use deckcheck_core::l10n::number;
use deckcheck_core::{CardRef, Code, CodeInfo, Explain, Findings, Rule, Violation};
use serde::Serialize;

use super::Ctx;
use crate::army::Unit;
use crate::catalog::Ix;

pub const CODE: Code = Code::new("LEG-UNIQUE");

pub struct Unique;

/// More unique cards of one name than their bullets.
#[derive(Debug, PartialEq, Serialize)]
pub(crate) struct TooManyUnique {
    pub name: String,
    #[serde(skip)]
    pub bullets: u64,
    #[serde(skip)]
    pub copies: u64,
}

impl Explain for TooManyUnique {
    fn message(&self, _cards: &[CardRef], lang: deckcheck_core::Lang) -> String {
        say(
            lang,
            "legion-too-many-unique",
            [
                ("copies", number(self.copies)),
                ("name", text(self.name.as_str())),
                ("bullets", number(self.bullets)),
            ],
        )
    }

    fn numbers(&self) -> Option<(u64, u64)> {
        Some((self.bullets, self.copies))
    }
}

impl Rule<Ctx<'_>> for Unique {
    fn codes(&self) -> &'static [CodeInfo] {
        &[CodeInfo {
            code: CODE,
            meaning: "more unique or limited cards of one name than their bullets allow",
        }]
    }
    fn check(&self, cx: &Ctx<'_>, out: &mut Findings) {
        // Each unique name: its name as said, the copies fielded, the fewest bullets of its
        // cards. The cards themselves are named only when the name is over its bullets.
        let mut seen: Vec<(&str, &str, u64, u32)> = Vec::new();
        let mut add = |card: Ix, copies: u64| {
            let c = cx.card(card);
            let Some(bullets) = cx.bullets_on_date(c) else {
                return;
            };
            let key: &str = &c.folded_unique_name;
            match seen.iter_mut().find(|s| s.0 == key) {
                Some(s) => {
                    s.2 += copies;
                    s.3 = s.3.min(bullets);
                }
                None => seen.push((key, c.unique_name(), copies, bullets)),
            }
        };
        for u in &cx.army.units {
            let n = u64::from(u.count);
            for card in fielded(u) {
                add(card, n);
            }
        }
        for (key, name, copies, bullets) in seen {
            if copies > u64::from(bullets) {
                // The name's cards, each once, in the order the army fields them.
                let mut cards: Vec<CardRef> = Vec::new();
                for u in &cx.army.units {
                    for card in fielded(u) {
                        let c = cx.card(card);
                        if *c.folded_unique_name == *key
                            && cx.bullets_on_date(c).is_some()
                            && !cards.iter().any(|r| r.id == c.id)
                        {
                            cards.push(cx.card_ref(card, u.line));
                        }
                    }
                }
                let unique = TooManyUnique {
                    name: name.to_string(),
                    bullets: u64::from(bullets),
                    copies,
                };
                out.violation(Violation::new(CODE, "AMG 2.6.0 Unique", unique).cards(cards));
            }
        }
    }
}

/// A unit's cards: the unit, its counterpart, then their upgrades.
fn fielded(u: &Unit) -> impl Iterator<Item = Ix> + '_ {
    std::iter::once(u.card)
        .chain(u.counterpart.as_ref().map(|c| c.card))
        .chain(u.all_upgrades())
}

#[cfg(test)]
mod tests {
    use super::super::fixture::*;
    use super::*;
    use jiff::civil::date;

    #[test]
    fn a_unique_unit_twice_is_illegal() {
        assert_eq!(
            codes_of(&Unique, "rebels/1000:2ad00,3ah000"),
            ["LEG-UNIQUE"]
        );
    }

    #[test]
    fn a_unique_name_counts_across_units_and_upgrades() {
        assert_eq!(
            codes_of(&Unique, "rebels/1000:1ad00,1ahIm00,2ah000"),
            ["LEG-UNIQUE"]
        );
        assert!(codes_of(&Unique, "rebels/1000:1ab00,1ahIm00,2ah000").is_empty());
    }

    #[test]
    fn a_limited_upgrade_may_be_taken_as_often_as_its_bullets() {
        assert!(codes_of(&Unique, "rebels/1000:1ab00,2ah00dm").is_empty());
        assert_eq!(
            codes_of(&Unique, "rebels/1000:1ab00,3ah00dm"),
            ["LEG-UNIQUE"]
        );
    }

    #[test]
    fn improvised_orders_became_unique_on_2026_04_21() {
        let link = "rebels/1000:1abcw0,1adcw0,3ah000";
        let before = findings(link, "standard", date(2026, 4, 20));
        assert!(before.violations.iter().all(|v| v.code != CODE));
        let after = findings(link, "standard", date(2026, 4, 21));
        assert!(after.violations.iter().any(|v| v.code == CODE));
    }
}
