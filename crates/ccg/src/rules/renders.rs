//! Every code renders, whatever its data (`deckcheck_core::testing`): one violation of every
//! kind of every code, built from the values the property test gives. CCG-NO-COPY-LIMIT is
//! never reported and has no kind.

use deckcheck_core::testing::{Values, every_kind_renders};
use deckcheck_core::{Verdict, Violation};

use super::ambiguous::{AmbiguousTitle, Choice};
use super::banned::OnBannedList;
use super::game_aid::GameAidListed;
use super::icon::BannedIcon;
use super::jabbas_prize::PrizeWithoutTesting;
use super::max_one::OverOne;
use super::new_expansion::{Release, TooNew};
use super::not_tournament::NotTournamentCards;
use super::one_objective::AtMostOne;
use super::one_side::MixedSides;
use super::outside::TooManyOutside;
use super::outside_only::OutsideCardsInDeck;
use super::pair::NotAPair;
use super::rarity::BannedRarity;
use super::restricted::OverRestricted;
use super::set::OutsidePool;
use super::size::DeckSize;
use super::source_conflict::{Source, SourcesDisagree};
use super::unknown::UnknownIds;
use super::*;
use crate::catalog::Side;

#[test]
fn every_code_renders_from_any_data() {
    every_kind_renders(every_kind, &codes(), &[no_copy_limit::CODE]);
}

/// One violation of every kind (and of every variant of a kind) of every code.
fn every_kind(a: &Values) -> Vec<Violation> {
    let t = || a.text.clone();
    let (n, m, k, date) = (a.n, a.m, a.small, a.date);
    let s = t();
    vec![
        Violation::new(pair::CODE, &s, NotAPair::Alone),
        Violation::new(pair::CODE, &s, NotAPair::SameSide { side: Side::Dark }),
        Violation::new(
            size::CODE,
            &s,
            DeckSize {
                expected: n,
                actual: m,
            },
        ),
        Violation::new(
            one_side::CODE,
            &s,
            MixedSides {
                side: Side::Light,
                others: m,
            },
        ),
        Violation::new(
            one_objective::CODE,
            &s,
            AtMostOne {
                what: "Objective",
                copies: m,
            },
        ),
        Violation::new(
            one_starting_effect::CODE,
            &s,
            AtMostOne {
                what: "Starting Effect",
                copies: m,
            },
        ),
        Violation::new(
            max_one::CODE,
            &s,
            OverOne {
                title: t(),
                copies: m,
            },
        ),
        Violation::new(jabbas_prize::CODE, &s, PrizeWithoutTesting),
        Violation::new(outside_only::CODE, &s, OutsideCardsInDeck),
        Violation::new(outside::CODE, &s, TooManyOutside { max: n, outside: m }),
        Violation::new(game_aid::CODE, &s, GameAidListed),
        Violation::new(not_tournament::CODE, &s, NotTournamentCards),
        Violation::new(set::CODE, &s, OutsidePool::Retired { format: t() }),
        Violation::new(set::CODE, &s, OutsidePool::SetNotInFormat { format: t() }),
        Violation::new(icon::CODE, &s, BannedIcon { icon: t() }),
        Violation::new(
            source_conflict::CODE,
            &s,
            SourcesDisagree {
                with_icon: Source::Pc,
            },
        ),
        Violation::new(banned::CODE, &s, OnBannedList { format: t() }),
        Violation::new(restricted::CODE, &s, OverRestricted { copies: m }),
        Violation::new(
            rarity::CODE,
            &s,
            BannedRarity {
                banned: vec![t(); k],
            },
        ),
        Violation::new(
            new_expansion::CODE,
            &s,
            TooNew {
                set: t(),
                date,
                release: Release::Day {
                    released: date,
                    legal_from: date,
                },
            },
        ),
        Violation::new(
            new_expansion::CODE,
            &s,
            TooNew {
                set: t(),
                date,
                release: Release::Month {
                    released: date,
                    first: date,
                    last: date,
                },
            },
        ),
        Violation::new(
            new_expansion::CODE,
            &s,
            TooNew {
                set: t(),
                date,
                release: Release::Unknown,
            },
        ),
        Violation::new(unknown::CODE, &s, UnknownIds::NoSuchCard),
        Violation::new(
            unknown::CODE,
            &s,
            UnknownIds::Newer {
                set: t(),
                newest: t(),
            },
        ),
        Violation::new(unknown::CODE, &s, UnknownIds::Legacy),
        Violation::new(
            ambiguous::CODE,
            &s,
            AmbiguousTitle::Judged {
                choices: (0..k)
                    .map(|_| Choice {
                        title: t(),
                        id: t(),
                        set: t(),
                        verdict: Verdict::Illegal,
                        codes: vec![icon::CODE; k],
                    })
                    .collect(),
                others_left_aside: n % 2 == 0,
            },
        ),
        Violation::new(ambiguous::CODE, &s, AmbiguousTitle::NotJudged { judged: k }),
    ]
}
