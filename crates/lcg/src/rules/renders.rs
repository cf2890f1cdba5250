//! Every code renders, whatever its data (`deckcheck_core::testing`): one violation of every
//! kind of every code, built from the values the property test gives.

use deckcheck_core::Violation;
use deckcheck_core::testing::{Values, every_kind_renders};

use super::affiliation::AffiliationCount;
use super::affiliation_only::LockedToOther;
use super::alt_affiliation::Alliance;
use super::copies::{SetCopies, TooManySetCopies};
use super::errata::OverErrata;
use super::min_sets::TooFewSets;
use super::mission::MissionAsObjective;
use super::not_in_pod::NoObjectiveSet;
use super::pair::SameSide;
use super::pod::{NotWhole, SetCard};
use super::pool::NotYetReleased;
use super::restricted::SameGroup;
use super::section::Misfiled;
use super::side::OtherSide;
use super::unknown::NotInCardData;
use super::{
    affiliation, affiliation_only, alt_affiliation, copies, errata, min_sets, mission, not_in_pod,
    pair, pod, pool, restricted, section, side, unknown,
};
use crate::catalog::{Affiliation, Side};
use crate::deck::Section;

#[test]
fn every_code_renders_from_any_data() {
    every_kind_renders(every_kind, &super::codes(), &[]);
}

/// One violation of every kind (and of every variant of a kind) of every code.
fn every_kind(a: &Values) -> Vec<Violation> {
    let t = || a.text.clone();
    let (n, m, k, date) = (a.n, a.m, a.small, a.date);
    let set_cards = || {
        (0..k)
            .map(|i| SetCard {
                title: t(),
                set: n as u16,
                card: i as u16,
                copies: m,
                objectives: n,
            })
            .collect::<Vec<_>>()
    };
    let s = t();
    vec![
        Violation::new(unknown::CODE, &s, NotInCardData),
        Violation::new(affiliation::CODE, &s, AffiliationCount { count: n }),
        Violation::new(side::CODE, &s, OtherSide { side: Side::Dark }),
        Violation::new(
            section::CODE,
            &s,
            Misfiled {
                filed: Section::Command,
                belongs: Section::Affiliation,
            },
        ),
        Violation::new(mission::CODE, &s, MissionAsObjective),
        Violation::new(not_in_pod::CODE, &s, NoObjectiveSet),
        Violation::new(
            pod::CODE,
            &s,
            NotWhole::Missing {
                set_cards: set_cards(),
            },
        ),
        Violation::new(
            pod::CODE,
            &s,
            NotWhole::Added {
                set_cards: set_cards(),
            },
        ),
        Violation::new(pod::CODE, &s, NotWhole::WithoutObjective),
        Violation::new(
            min_sets::CODE,
            &s,
            TooFewSets {
                minimum: n,
                sets: m,
            },
        ),
        Violation::new(
            copies::CODE,
            &s,
            TooManySetCopies {
                limit: n,
                sets: (0..k)
                    .map(|_| SetCopies {
                        title: t(),
                        set: m as u16,
                        copies: m,
                    })
                    .collect(),
            },
        ),
        Violation::new(
            errata::CODE,
            &s,
            OverErrata {
                since: date,
                limit: n,
                copies: m,
            },
        ),
        Violation::new(
            affiliation_only::CODE,
            &s,
            LockedToOther {
                only: Affiliation::Sith,
                deck: Affiliation::Jedi,
            },
        ),
        Violation::new(
            alt_affiliation::CODE,
            &s,
            Alliance::WrongCount {
                card: t(),
                affiliation: Affiliation::RebelAlliance,
                or_neutral: n % 2 == 0,
                expected: n,
                actual: m,
            },
        ),
        Violation::new(
            alt_affiliation::CODE,
            &s,
            Alliance::ThirdAffiliation {
                card: t(),
                main: Affiliation::Jedi,
                ally: Affiliation::Neutral,
            },
        ),
        Violation::new(
            restricted::CODE,
            &s,
            SameGroup {
                group: t(),
                list: t(),
            },
        ),
        Violation::new(
            pool::CODE,
            &s,
            NotYetReleased {
                product: t(),
                released: date,
            },
        ),
        Violation::new(pair::CODE, &s, SameSide { side: Side::Light }),
    ]
}
