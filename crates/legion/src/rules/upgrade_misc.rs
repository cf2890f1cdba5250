//! LEG-UPGRADE-MISC: what keywords ask of a unit's upgrades: no upgrade card twice on one
//! unit; at most one Leader upgrade; Equip X (each X equipped, by name or type);
//! Programmed (a programming upgrade); Heavy Weapon Team (a heavy weapon); Flexible
//! Response X (X heavy weapons). Source: AMG 2.6.0 Upgrade Cards ("may not equip the same
//! Upgrade Card twice"), Leader, Equip, Programmed, Heavy Weapon Team, Flexible Response.

use crate::messages::{say, text};
use deckcheck_core::l10n::{self, number};
use deckcheck_core::{CardRef, Code, CodeInfo, Explain, Findings, Rule, Violation};
use serde::Serialize;

use super::Ctx;
use crate::army::Unit;
use crate::catalog::Kw;

pub const CODE: Code = Code::new("LEG-UPGRADE-MISC");

pub struct UpgradeMisc;

/// What a keyword of a unit asks it to equip.
#[derive(Debug, PartialEq, Serialize)]
#[serde(tag = "keyword", rename_all = "kebab-case")]
pub(crate) enum Need {
    /// Equip X: an upgrade named X, or of type X.
    Equip {
        upgrade: String,
    },
    Programmed,
    HeavyWeaponTeam,
    /// Flexible Response X: X heavy weapons.
    FlexibleResponse {
        count: u64,
    },
}

/// What a unit's upgrades break. The violation's cards are the unit, then the upgrades.
#[derive(Debug, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub(crate) enum UpgradeBreach {
    /// The same upgrade card twice.
    Twice { unit: String, upgrade: String },
    /// More than one Leader upgrade.
    Leaders {
        unit: String,
        #[serde(skip)]
        count: u64,
    },
    /// An upgrade a keyword asks for is not equipped.
    Missing { unit: String, need: Need },
}

impl Explain for UpgradeBreach {
    fn message(&self, cards: &[CardRef], lang: deckcheck_core::Lang) -> String {
        match self {
            Self::Twice { unit, upgrade } => say(
                lang,
                "legion-upgrade-twice",
                [
                    ("unit", text(unit.as_str())),
                    ("upgrade", text(upgrade.as_str())),
                ],
            ),
            Self::Leaders { unit, count } => say(
                lang,
                "legion-upgrade-leaders",
                [
                    ("unit", text(unit.as_str())),
                    ("count", number(*count)),
                    (
                        "cards",
                        text(l10n::names(lang, cards.get(1..).unwrap_or_default())),
                    ),
                ],
            ),
            Self::Missing { unit, need } => {
                let (key, upgrade, count) = match need {
                    Need::Equip { upgrade } => ("equip", upgrade.as_str(), 0),
                    Need::Programmed => ("programmed", "", 0),
                    Need::HeavyWeaponTeam => ("heavy-weapon-team", "", 0),
                    Need::FlexibleResponse { count } => ("flexible-response", "", *count),
                };
                say(
                    lang,
                    "legion-upgrade-missing",
                    [
                        ("unit", text(unit.as_str())),
                        ("need", text(key)),
                        ("upgrade", text(upgrade)),
                        ("count", number(count)),
                    ],
                )
            }
        }
    }

    fn numbers(&self) -> Option<(u64, u64)> {
        match self {
            Self::Leaders { count, .. } => Some((1, *count)),
            _ => None,
        }
    }
}

impl UpgradeMisc {
    fn unit(&self, cx: &Ctx<'_>, u: &Unit, out: &mut Findings) {
        let card = cx.card(u.card);
        let unit_ref = || cx.unit_ref(u);
        let ups = || u.upgrades.iter().map(|x| cx.card(*x));
        // The same card (by name) twice.
        let mut dup: Vec<&str> = Vec::new();
        for (i, a) in ups().enumerate() {
            if ups().take(i).any(|b| b.name == a.name) && !dup.contains(&&*a.name) {
                dup.push(&a.name);
            }
        }
        for name in dup {
            let twice = UpgradeBreach::Twice {
                unit: unit_ref().name(),
                upgrade: name.to_string(),
            };
            out.violation(Violation::new(CODE, "AMG 2.6.0 Upgrade Cards", twice).card(unit_ref()));
        }
        let leaders = ups().filter(|c| c.has(Kw::Leader)).count();
        if leaders > 1 {
            let breach = UpgradeBreach::Leaders {
                unit: unit_ref().name(),
                count: leaders as u64,
            };
            let mut cards = vec![unit_ref()];
            cards.extend(
                ups()
                    .filter(|c| c.has(Kw::Leader))
                    .map(|c| cx.card_ref(c.ix, u.line)),
            );
            out.violation(Violation::new(CODE, "AMG 2.6.0 Leader", breach).cards(cards));
        }
        let asks = [
            Kw::Equip,
            Kw::Programmed,
            Kw::HeavyWeaponTeam,
            Kw::FlexibleResponse,
        ];
        if !asks.iter().any(|k| card.has(*k)) {
            return;
        }
        let of_type = |t: &str| ups().filter(|c| c.subtype.eq_ignore_ascii_case(t)).count() as u64;
        let mut needs: Vec<(&str, Need)> = Vec::new();
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
                        let has = ups().any(|c| {
                            c.name.eq_ignore_ascii_case(want)
                                || c.subtype.eq_ignore_ascii_case(want)
                        });
                        if !has {
                            let upgrade = want.to_string();
                            needs.push(("AMG 2.6.0 Equip", Need::Equip { upgrade }));
                        }
                    }
                }
                "Programmed" if of_type("programming") == 0 => {
                    needs.push(("AMG 2.6.0 Programmed", Need::Programmed))
                }
                "Heavy Weapon Team" if of_type("heavy weapon") == 0 => {
                    needs.push(("AMG 2.6.0 Heavy Weapon Team", Need::HeavyWeaponTeam))
                }
                "Flexible Response" => {
                    let count: u64 = k
                        .value
                        .as_deref()
                        .and_then(|v| v.trim().parse().ok())
                        .unwrap_or(1);
                    if of_type("heavy weapon") < count {
                        let need = Need::FlexibleResponse { count };
                        needs.push(("AMG 2.6.0 Flexible Response", need));
                    }
                }
                _ => {}
            }
        }
        for (section, need) in needs {
            let missing = UpgradeBreach::Missing {
                unit: unit_ref().name(),
                need,
            };
            out.violation(cx.minimum(Violation::new(CODE, section, missing).card(unit_ref())));
        }
    }
}

impl Rule<Ctx<'_>> for UpgradeMisc {
    fn codes(&self) -> &'static [CodeInfo] {
        &[CodeInfo {
            code: CODE,
            meaning: "an upgrade twice on a unit, two Leaders, or an upgrade a keyword requires is missing",
        }]
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
