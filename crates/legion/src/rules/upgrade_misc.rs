//! LEG-UPGRADE-MISC: what keywords ask of a unit's upgrades: no upgrade card twice on one
//! unit; at most one Leader upgrade; Equip X (each X equipped, by name or type);
//! Programmed (a programming upgrade); Heavy Weapon Team (a heavy weapon); Flexible
//! Response X (X heavy weapons). Source: AMG 2.6.0 Upgrade Cards ("may not equip the same
//! Upgrade Card twice"), Leader, Equip, Programmed, Heavy Weapon Team, Flexible Response.

use deckcheck_core::{CardRef, Code, Findings, Violation};

use super::{Ctx, Rule, names};
use crate::army::Unit;

pub const CODE: Code = Code::new("LEG-UPGRADE-MISC");

pub struct UpgradeMisc;

fn twice(v: &Violation) -> String {
    format!(
        "{} equips the same upgrade card twice: {}.",
        v.cards[0].name(),
        Some(v.get("detail"))
            .filter(|d| !d.is_empty())
            .unwrap_or("?")
    )
}

fn leaders(v: &Violation) -> String {
    format!(
        "{} equips {} Leader upgrades ({}); a unit may equip only one.",
        v.cards[0].name(),
        v.actual.unwrap_or(0),
        names(&v.cards[1..])
    )
}

fn missing(v: &Violation) -> String {
    format!(
        "{} must equip {}.",
        v.cards[0].name(),
        Some(v.get("detail"))
            .filter(|d| !d.is_empty())
            .unwrap_or("?")
    )
}

impl UpgradeMisc {
    fn unit(&self, cx: &Ctx<'_>, u: &Unit, out: &mut Findings) {
        let card = cx.card(u.card);
        let unit_ref = cx.unit_ref(u);
        let ups: Vec<&crate::catalog::Card> = u.upgrades.iter().map(|x| cx.card(*x)).collect();
        // The same card (by name) twice.
        let mut dup: Vec<&str> = Vec::new();
        for (i, a) in ups.iter().enumerate() {
            if ups[..i].iter().any(|b| b.name == a.name) && !dup.contains(&&*a.name) {
                dup.push(&a.name);
            }
        }
        for name in dup {
            out.violation(
                Violation::rendered(CODE, "AMG 2.6.0 Upgrade Cards", twice)
                    .card(unit_ref.clone())
                    .with("detail", name),
            );
        }
        let leader: Vec<CardRef> = ups
            .iter()
            .filter(|c| c.has_keyword("Leader"))
            .map(|c| cx.card_ref(c.ix, u.line))
            .collect();
        if leader.len() > 1 {
            let mut cards = vec![unit_ref.clone()];
            cards.extend(leader);
            out.violation(
                Violation::rendered(CODE, "AMG 2.6.0 Leader", leaders)
                    .numbers(1, cards.len() as u64 - 1)
                    .cards(cards),
            );
        }
        let of_type = |t: &str| {
            ups.iter()
                .filter(|c| c.subtype.eq_ignore_ascii_case(t))
                .count() as u64
        };
        let mut needs: Vec<(String, String)> = Vec::new();
        for k in &card.keywords {
            match k.name.as_str() {
                "Equip" => {
                    for want in k
                        .value
                        .as_deref()
                        .unwrap_or_default()
                        .split(", ")
                        .map(str::trim)
                        .filter(|s| !s.is_empty())
                    {
                        let has = ups.iter().any(|c| {
                            c.name.eq_ignore_ascii_case(want)
                                || c.subtype.eq_ignore_ascii_case(want)
                        });
                        if !has {
                            needs.push(("AMG 2.6.0 Equip".into(), format!("{want} (Equip)")));
                        }
                    }
                }
                "Programmed" if of_type("programming") == 0 => needs.push((
                    "AMG 2.6.0 Programmed".into(),
                    "a programming upgrade (Programmed)".into(),
                )),
                "Heavy Weapon Team" if of_type("heavy weapon") == 0 => needs.push((
                    "AMG 2.6.0 Heavy Weapon Team".into(),
                    "a heavy weapon upgrade (Heavy Weapon Team)".into(),
                )),
                "Flexible Response" => {
                    let n: u64 = k
                        .value
                        .as_deref()
                        .and_then(|v| v.trim().parse().ok())
                        .unwrap_or(1);
                    if of_type("heavy weapon") < n {
                        needs.push((
                            "AMG 2.6.0 Flexible Response".into(),
                            format!("{n} heavy weapon upgrades (Flexible Response {n})"),
                        ));
                    }
                }
                _ => {}
            }
        }
        for (section, what) in needs {
            out.violation(
                cx.minimum(
                    Violation::rendered(CODE, section, missing)
                        .card(unit_ref.clone())
                        .with("detail", what),
                ),
            );
        }
    }
}

impl Rule for UpgradeMisc {
    fn code(&self) -> Code {
        CODE
    }
    fn meaning(&self) -> &'static str {
        "an upgrade twice on a unit, two Leaders, or an upgrade a keyword requires is missing"
    }
    fn check(&self, cx: &Ctx<'_>, out: &mut Findings) {
        for u in &cx.army.units {
            self.unit(cx, u, out);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::fixture::*;
    use super::*;

    #[test]
    fn two_leader_upgrades_on_one_unit_are_illegal() {
        assert!(codes_of(&UpgradeMisc, "rebels/1000:1ahImjo0").len() == 1);
        assert!(codes_of(&UpgradeMisc, "rebels/1000:1ahImdc0").is_empty());
    }

    #[test]
    fn heavy_weapon_team_needs_a_heavy_weapon() {
        assert_eq!(
            codes_of(&UpgradeMisc, "rebels/1000:1ak0,1al0"),
            ["LEG-UPGRADE-MISC"]
        );
        assert!(codes_of(&UpgradeMisc, "rebels/1000:1ak0,1aled").is_empty());
    }

    #[test]
    fn the_same_upgrade_twice_on_a_unit_is_illegal() {
        assert_eq!(
            codes_of(&UpgradeMisc, "rebels/1000:1ah0dcdc"),
            ["LEG-UPGRADE-MISC"]
        );
    }
}
