//! Every code renders, whatever its data (`deckcheck_core::testing`): one violation of every
//! kind of every code, built from the values the property test gives. LEG-LIST is a caveat
//! note, never a violation, and has no kind.

use deckcheck_core::Violation;
use deckcheck_core::testing::{Values, every_kind_renders};

use super::battle_deck::DeckBreach;
use super::battle_force::{ForceRule, ForceRuleBroken};
use super::cmd::HandBreach;
use super::detachment::WithoutParent;
use super::faction::OtherFaction;
use super::field_commander::FieldCommanderRefused;
use super::merc::MercBreach;
use super::mode::NotPlayedYet;
use super::points::TooManyPoints;
use super::pool::NotReleasedYet;
use super::rank::{Exempt, ExemptBy, RankCount};
use super::slot::OverSlots;
use super::special_issue::OutsideItsForce;
use super::unique::TooManyUnique;
use super::upgrade_misc::{Need, UpgradeBreach};
use super::upgrade_req::{CannotEquip, Why};
use super::*;
use crate::catalog::Rank;

#[test]
fn every_code_renders_from_any_data() {
    every_kind_renders(every_kind, &codes(), &[list::CODE]);
}

/// One violation of every kind (and of every variant of a kind) of every code.
fn every_kind(a: &Values) -> Vec<Violation> {
    let t = || a.text.clone();
    let (n, m, k, date) = (a.n, a.m, a.small, a.date);
    let s = t();
    let force = |rule| ForceRuleBroken { force: t(), rule };
    let exempt = (0..k)
        .map(|i| Exempt {
            unit: t(),
            copies: m as u32,
            by: match i {
                0 => ExemptBy::Entourage { of: t() },
                1 => ExemptBy::Associate { with: t() },
                _ => ExemptBy::Detachment,
            },
        })
        .collect();
    let mut all = vec![
        Violation::new(mode::CODE, &s, NotPlayedYet { first: date }),
        Violation::new(
            points::CODE,
            &s,
            TooManyPoints {
                units: n,
                cap: n,
                points: m,
            },
        ),
        Violation::new(faction::CODE, &s, OtherFaction::NotOf { faction: t() }),
        Violation::new(faction::CODE, &s, OtherFaction::Mixed),
        Violation::new(
            rank::CODE,
            &s,
            RankCount::TooFew {
                rank: Rank::Special,
                non_mercenary: n % 2 == 0,
                min: n,
                count: m,
            },
        ),
        Violation::new(
            rank::CODE,
            &s,
            RankCount::TooMany {
                rank: Rank::Corps,
                exempt,
                max: n,
                count: m,
            },
        ),
        Violation::new(
            rank::CODE,
            &s,
            RankCount::CommandersAndOperatives { max: n, count: m },
        ),
        Violation::new(
            field_commander::CODE,
            &s,
            FieldCommanderRefused { force: t() },
        ),
        Violation::new(
            detachment::CODE,
            &s,
            WithoutParent {
                target: t(),
                parents: n,
                detachments: m,
            },
        ),
        Violation::new(merc::CODE, &s, MercBreach::NotAffiliated { faction: t() }),
        Violation::new(
            merc::CODE,
            &s,
            MercBreach::TooMany {
                rank: Rank::Heavy,
                limit: n,
                count: m,
            },
        ),
        Violation::new(special_issue::CODE, &s, OutsideItsForce { force: t() }),
        Violation::new(
            unique::CODE,
            &s,
            TooManyUnique {
                name: t(),
                bullets: n,
                copies: m,
            },
        ),
        Violation::new(
            slot::CODE,
            &s,
            OverSlots {
                unit: t(),
                slot: t(),
                slots: n,
                upgrades: m,
            },
        ),
        Violation::new(
            upgrade_req::CODE,
            &s,
            CannotEquip {
                unit: t(),
                why: Why::Faction,
            },
        ),
        Violation::new(
            upgrade_req::CODE,
            &s,
            CannotEquip {
                unit: t(),
                why: Why::Restrictions,
            },
        ),
        Violation::new(
            upgrade_misc::CODE,
            &s,
            UpgradeBreach::Twice {
                unit: t(),
                upgrade: t(),
            },
        ),
        Violation::new(
            upgrade_misc::CODE,
            &s,
            UpgradeBreach::Leaders {
                unit: t(),
                count: m,
            },
        ),
        Violation::new(pool::CODE, &s, NotReleasedYet { when: t() }),
        Violation::new(
            cmd::CODE,
            &s,
            HandBreach::Pips {
                pips: n as u32,
                per_pip: n,
                count: m,
            },
        ),
        Violation::new(
            battle_deck::CODE,
            &s,
            DeckBreach::Count {
                card_type: t(),
                per_type: n,
                count: m,
            },
        ),
    ];
    for need in [
        Need::Equip { upgrade: t() },
        Need::Programmed,
        Need::HeavyWeaponTeam,
        Need::FlexibleResponse { count: n },
    ] {
        let missing = UpgradeBreach::Missing { unit: t(), need };
        all.push(Violation::new(upgrade_misc::CODE, &s, missing));
    }
    for rule in [
        ForceRule::Faction,
        ForceRule::UnknownOptions {
            chosen: vec![t(); k],
            offered: vec![t(); k],
        },
        ForceRule::Units,
        ForceRule::Upgrades,
        ForceRule::AtMost {
            units: vec![t(); k],
            max: n,
            count: m,
        },
        ForceRule::AtLeast {
            units: vec![t(); k],
            min: n,
            count: m,
        },
        ForceRule::OneOfEachCorpsFirst,
        ForceRule::Wookiees { count: m },
        ForceRule::NonEwokRebels { count: m },
        ForceRule::Clan { affiliation: t() },
    ] {
        all.push(Violation::new(battle_force::CODE, &s, force(rule)));
    }
    for breach in [
        HandBreach::FourPips,
        HandBreach::Twice,
        HandBreach::NoCommander,
        HandBreach::OtherFaction,
        HandBreach::OtherForce,
        HandBreach::Unmet,
    ] {
        all.push(Violation::new(cmd::CODE, &s, breach));
    }
    for breach in [
        DeckBreach::Twice,
        DeckBreach::NotRecon,
        DeckBreach::ReconOutsideRecon,
        DeckBreach::OtherFaction,
    ] {
        all.push(Violation::new(battle_deck::CODE, &s, breach));
    }
    all
}
