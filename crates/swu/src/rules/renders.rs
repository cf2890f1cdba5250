//! Every code renders, whatever its data (`deckcheck_core::testing`): one violation of every
//! kind of every code, built from the values the property test gives.

use deckcheck_core::Violation;
use deckcheck_core::testing::{Values, every_kind_renders};

use super::bases::NotABase;
use super::card_pool::{FirstSet, NotInProduct, NotReleased, Reprint, Rotated};
use super::codes::*;
use super::copy_limit::{Listed, Over, Scope, TooManyCopies};
use super::deck_cards::OutOfPlace;
use super::deck_count::WrongNumberOfDecks;
use super::deck_list::{Incomplete, Missing};
use super::format_available::NotAvailable;
use super::leader_aspects::{AspectsClash, StartingSide, Wording};
use super::leaders::{NotALeader, SlotCount};
use super::main_deck_size::{BaseChange, MainDeckTooSmall};
use super::opened_pool::{BaseNotInPool, NotInPool};
use super::sideboard_size::SideboardTooLarge;
use super::suspensions::Suspended;
use crate::catalog::CardType;
use crate::deck::Zone;

#[test]
fn every_code_renders_from_any_data() {
    every_kind_renders(every_kind, &super::codes(), &[]);
}

/// One violation of every kind (and of every variant of a kind) of every code.
fn every_kind(a: &Values) -> Vec<Violation> {
    let t = || a.text.clone();
    let some = |yes: bool| yes.then(t);
    let (n, m, k, date) = (a.n, a.m, a.small, a.date);
    let reprints = || {
        (0..k)
            .map(|_| Reprint {
                card: t(),
                set: t(),
                printing: t(),
                from: date,
            })
            .collect::<Vec<_>>()
    };
    let section = t();
    vec![
        Violation::new(
            FORMAT_NOT_AVAILABLE,
            &section,
            NotAvailable {
                format: t(),
                date,
                from: None,
            },
        ),
        Violation::new(
            FORMAT_NOT_AVAILABLE,
            &section,
            NotAvailable {
                format: t(),
                date,
                from: Some(date),
            },
        ),
        Violation::new(
            WRONG_NUMBER_OF_DECKS,
            &section,
            WrongNumberOfDecks {
                format: t(),
                expected: n,
                given: m,
            },
        ),
        Violation::new(
            DECK_LIST_INCOMPLETE,
            &section,
            Incomplete {
                missing: Missing::PlayerFullName,
            },
        ),
        Violation::new(
            LEADER_COUNT,
            &section,
            SlotCount {
                format: t(),
                what: "leader",
                expected: n,
                actual: m,
            },
        ),
        Violation::new(
            BASE_COUNT,
            &section,
            SlotCount {
                format: t(),
                what: "base",
                expected: n,
                actual: m,
            },
        ),
        Violation::new(
            NOT_A_LEADER,
            &section,
            NotALeader {
                types: vec![CardType::Unit; k],
            },
        ),
        Violation::new(
            NOT_A_BASE,
            &section,
            NotABase {
                types: vec![CardType::Leader; k],
            },
        ),
        Violation::new(
            NOT_A_DECK_CARD,
            &section,
            OutOfPlace {
                card_type: CardType::Token,
                zone: Zone::Sideboard,
            },
        ),
        Violation::new(
            MAIN_DECK_TOO_SMALL,
            &section,
            MainDeckTooSmall {
                format: t(),
                changed_by: (0..k)
                    .map(|_| BaseChange {
                        base: t(),
                        text: t(),
                    })
                    .collect(),
                not_counted: n.min(m),
                minimum: n,
                actual: m,
            },
        ),
        Violation::new(
            SIDEBOARD_TOO_LARGE,
            &section,
            SideboardTooLarge {
                format: t(),
                max: n,
                actual: m,
            },
        ),
        Violation::new(
            SIDEBOARD_TOO_LARGE,
            &section,
            SideboardTooLarge {
                format: t(),
                max: 0,
                actual: m,
            },
        ),
        Violation::new(
            LEADER_ASPECTS,
            &section,
            AspectsClash {
                date,
                wording: Wording::NotHeroismAndVillainy,
                rule: t(),
                start: (0..k)
                    .map(|_| StartingSide {
                        side: t(),
                        aspects: vec![t(); k],
                    })
                    .collect(),
            },
        ),
        Violation::new(
            TOO_MANY_COPIES,
            &section,
            TooManyCopies {
                format: t(),
                scope: Scope::AllDecks,
                decks: k,
                text: some(n % 2 == 0),
                limit: n,
                cards: (0..k)
                    .map(|_| Over {
                        card: t(),
                        copies: m,
                        listed: vec![
                            Listed {
                                printing: t(),
                                copies: n
                            };
                            k
                        ],
                    })
                    .collect(),
            },
        ),
        Violation::new(
            CARD_NOT_RELEASED,
            &section,
            NotReleased {
                date,
                set: None,
                in_pool: n % 2 == 0,
            },
        ),
        Violation::new(
            CARD_NOT_RELEASED,
            &section,
            NotReleased {
                date,
                set: Some(FirstSet {
                    name: t(),
                    code: t(),
                    release: (n % 2 == 0).then_some(date),
                    counts_in: some(m % 2 == 0),
                }),
                in_pool: k % 2 == 0,
            },
        ),
        Violation::new(
            CARD_NOT_IN_FORMAT,
            &section,
            Rotated {
                format: t(),
                left: date,
                date,
                sets: vec![t(); k],
                blocks: vec![t(); k],
                reprints: reprints(),
            },
        ),
        Violation::new(
            CARD_NOT_IN_FORMAT,
            &section,
            NotInProduct {
                format: t(),
                sets: vec![t(); k],
                reprints: reprints(),
            },
        ),
        Violation::new(
            CARD_SUSPENDED,
            &section,
            Suspended {
                format: t(),
                since: date,
                announcement: t(),
                list: t(),
            },
        ),
        Violation::new(CARD_NOT_IN_POOL, &section, NotInPool::NotOpened),
        Violation::new(
            CARD_NOT_IN_POOL,
            &section,
            NotInPool::MoreThanOpened {
                opened: n,
                played: m,
            },
        ),
        Violation::new(
            BASE_NOT_IN_POOL,
            &section,
            BaseNotInPool {
                set: some(n % 2 == 0),
            },
        ),
    ]
}
